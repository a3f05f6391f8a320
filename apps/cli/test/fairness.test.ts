import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NAMED_POLICIES } from '@fives/bots';
import { seededRandom } from '@fives/engine';
import { MemoryTableStore, build } from '@fives/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Line, runSession } from '../src/client/session.ts';
import { fives } from './run-cli.ts';

describe('fairness from the command line', () => {
  let app: Awaited<ReturnType<typeof build>>;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    app = await build({ store: new MemoryTableStore(), secret: 'cli-test-secret-0123456789', logger: false, botDelayMs: 0, handPauseMs: 0, webRoot: null });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    dir = await mkdtemp(path.join(tmpdir(), 'fives-deal-'));
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fives client checks every hand and prints {"type":"fairness","hand":N,"verified":true} before the final line', async () => {
    const lines: Line[] = [];
    const code = await runSession(
      { url, name: 'Solo', policy: NAMED_POLICIES.greedy, random: seededRandom('solo'), timeoutMs: 30_000, create: { rules: { players: 2 }, seats: 2, bots: 1, level: 'easy' } },
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    const hands = lines.filter((l) => l.type === 'hand').map((l) => l.hand);
    const checks = lines.filter((l) => l.type === 'fairness');
    expect(checks.map((l) => l.hand)).toEqual([...new Set(hands)]);
    for (const c of checks) expect(c).toEqual({ type: 'fairness', game: 1, hand: c.hand, verified: true });
    expect(lines.findIndex((l) => l.type === 'fairness' && l.hand === checks.at(-1)!.hand)).toBeLessThan(lines.length - 1);
    expect(lines.at(-1)!.type).toBe('final');
  });

  it('fives deal remakes a recorded hand from its seed, and says when seed, commitment or record disagree', async () => {
    // A game played to its end, its seeds as the client saw them, and its record.
    const lines: Line[] = [];
    const seeds = new Map<number, { seed: string; commitment: string }>();
    const session = runSession(
      {
        url,
        name: 'Ada',
        policy: NAMED_POLICIES.greedy,
        random: seededRandom('ada'),
        timeoutMs: 30_000,
        create: { rules: { preset: 'muggins', players: 3 }, seats: 3, bots: 2, level: 'easy' },
      },
      (line) => lines.push(line),
    );
    expect(await session).toBe(0);
    const tableId = lines.find((l) => l.type === 'created')!.tableId as string;
    const doc = (await app.store.load(tableId as never))!;
    const last = doc.fair!.current;
    seeds.set(last.hand, last);
    const record = await (await fetch(`${url}/api/tables/${tableId}/games/1/record`)).json();
    const file = path.join(dir, 'game.json');
    await writeFile(file, JSON.stringify(record));

    const good = fives(['deal', '--record', file, '--hand', String(last.hand), '--seed', last.seed, '--commitment', last.commitment]);
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ seed: last.seed, commitment: last.commitment, commitmentMatches: true, record: { hand: last.hand, dealMatches: true } });

    const otherSeed = `${last.seed.slice(0, -1)}${last.seed.endsWith('0') ? '1' : '0'}`;
    const bad = fives(['deal', '--record', file, '--hand', String(last.hand), '--seed', otherSeed, '--commitment', last.commitment]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ commitmentMatches: false, record: { dealMatches: false } });

    const byRules = fives(['deal', '--rules', '{"preset":"muggins","players":3}', '--seed', last.seed]);
    expect(byRules.code).toBe(0);
    expect((JSON.parse(byRules.stdout) as { deal: { hands: unknown[] } }).deal.hands).toHaveLength(3);

    expect(fives(['deal', '--rules', '{"players":2}', '--seed', 'nothex']).code).toBe(2);
    expect(fives(['deal', '--seed', last.seed]).code).toBe(2);
  }, 60_000);
});
