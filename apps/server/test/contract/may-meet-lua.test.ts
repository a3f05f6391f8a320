import { type RandomSource, seededRandom } from '@fives/engine';
import { type Rating, SHOWN_RD } from '@fives/protocol';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luaText } from '../../src/redis/lua.ts';
import { RATING_RANGE, type Waiting, compared, mayMeet } from '../../src/lobby/rating-match.ts';
import { REDIS_URL } from '../support/redis.ts';

/**
 * `mayMeet` is written twice: in TypeScript (rating-match.ts, the memory queue's) and in Lua
 * (redis/lua/rating-match.lua, the Redis queue's `may_meet`). Both are asked about the same
 * pairs, many of them, the Lua one by real Redis with the ratings as the queue stores them
 * (`compared`, as text): the answers must be the same.
 */
describe('mayMeet, in TypeScript and in the queue scripts’ Lua', () => {
  const client = createClient({ url: REDIS_URL });
  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
  });

  /**
   * ARGV[1]: JSON [[ratingA, sinceA, ratingB, sinceB, now, idA, idB, avoidA, avoidB], …], ratings as
   * the queue stores them ('' for none), each one's blocks as queue-lib.lua's waiting() reads them.
   */
  const DRIVER = `
local out = {}
for i, c in ipairs(cjson.decode(ARGV[1])) do
  local a = { since = tonumber(c[2]), id = c[6] }
  local b = { since = tonumber(c[4]), id = c[7] }
  for k, list in pairs({ [a] = c[8], [b] = c[9] }) do
    if #list > 0 then
      k.avoid = {}
      for _, id in ipairs(list) do k.avoid[id] = true end
    end
  end
  if c[1] ~= '' then a.rating = tonumber(c[1]) end
  if c[3] ~= '' then b.rating = tonumber(c[3]) end
  out[i] = may_meet(a, b, tonumber(c[5])) and 1 or 0
end
return out
`;
  const script = `local START, PER_S = ${RATING_RANGE.startPoints}, ${RATING_RANGE.pointsPerSecond}\n${luaText('rating-match.lua')}\n${DRIVER}`;

  async function inLua(pairs: readonly (readonly [Waiting, Waiting, number])[]): Promise<boolean[]> {
    const cases = pairs.map(([a, b, now]) => [
      String(compared(a.rating) ?? ''),
      String(a.sinceMs),
      String(compared(b.rating) ?? ''),
      String(b.sinceMs),
      String(now),
      a.id,
      b.id,
      a.avoid ?? [],
      b.avoid ?? [],
    ]);
    const answers = (await client.eval(script, { keys: [], arguments: [JSON.stringify(cases)] })) as number[];
    return answers.map((n) => n === 1);
  }

  function rating(random: RandomSource): Rating | null {
    if (random.int(10) === 0) return null;
    // Whole and fractional ratings, a few too uncertain to compare ("?").
    const value = 800 + random.int(1600) + (random.int(2) === 0 ? 0 : random.int(1000) / 1000);
    const rd = random.int(8) === 0 ? SHOWN_RD + 1 + random.int(200) : 30 + random.int(SHOWN_RD - 30);
    return { rating: value, rd, volatility: 0.06, games: 10 };
  }

  function pair(random: RandomSource, i: number): [Waiting, Waiting, number] {
    const now = 1_000_000_000 + random.int(1_000_000);
    const a: Waiting = { id: `a${i}`, rating: rating(random), sinceMs: now - random.int(120_000) };
    const b: Waiting = { id: `b${i}`, rating: rating(random), sinceMs: now - random.int(120_000) + (random.int(20) === 0 ? 5000 : 0) };
    // Every third pair right at the edge of the range: the later arrival's, exactly, or a hair either side.
    if (i % 3 === 0 && a.rating !== null && b.rating !== null) {
      const waited = Math.max(0, now - Math.max(a.sinceMs, b.sinceMs));
      const edge = RATING_RANGE.startPoints + (waited / 1000) * RATING_RANGE.pointsPerSecond;
      const nudge = [0, 0.001, -0.001, 1, -1][random.int(5)] ?? 0;
      return [a, { ...b, rating: { ...b.rating, rating: a.rating.rating + (random.int(2) === 0 ? 1 : -1) * (edge + nudge) } }, now];
    }
    // Now and then one blocks the other (or someone else): never seated together, whatever their ratings.
    const blocks = random.int(8);
    if (blocks === 0) return [{ ...a, avoid: [b.id] }, b, now];
    if (blocks === 1) return [a, { ...b, avoid: ['someone', a.id] }, now];
    if (blocks === 2) return [{ ...a, avoid: ['someone'] }, b, now];
    return [a, b, now];
  }

  it('answers as rating-match.ts does for 5,000 seeded pairs, edges of the range and blocks among them', async () => {
    const random = seededRandom('may-meet-lua');
    const pairs = Array.from({ length: 5000 }, (_, i) => pair(random, i));
    const expected = pairs.map(([a, b, now]) => mayMeet(a, b, now));
    // Both answers occur often: the pairs test the rule, not one branch of it.
    expect(expected.filter(Boolean).length).toBeGreaterThan(1000);
    expect(expected.filter((x) => !x).length).toBeGreaterThan(1000);
    expect(pairs.filter(([a, b, now]) => mayMeet({ ...a, avoid: [] }, { ...b, avoid: [] }, now) && !mayMeet(a, b, now)).length).toBeGreaterThan(200);
    const lua = await inLua(pairs);
    const differ = pairs.flatMap(([a, b, now], i) => (lua[i] === expected[i] ? [] : [{ a, b, now, ts: expected[i], lua: lua[i] }]));
    expect(differ).toEqual([]);
  });
});
