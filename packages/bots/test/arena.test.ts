import { type Rules, type RulesInput, replayRecord, resolveRules } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { type GameResult, NAMED_POLICIES, LEVEL_POLICIES, aSeatsFor, playArena } from '../src/index.ts';
import type { GameRecord } from '@fives/engine';

function rulesOf(input: RulesInput): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the arena', () => {
  it('ranks random < greedy < expert, with room to spare (seeded, sample budgets)', () => {
    const rules = { players: 2 as const };
    const greedyVsRandom = playArena({ a: NAMED_POLICIES.greedy, b: NAMED_POLICIES.random, rules, games: 40, seed: 'order' });
    const expertVsGreedy = playArena({ a: NAMED_POLICIES.expert, b: NAMED_POLICIES.greedy, rules, games: 20, seed: 'order', budget: { samples: 24 } });
    // Measured at 0.95+ and about 0.8 over 400 games (docs/bots.md): far from these bars.
    expect(greedyVsRandom.winRate).toBeGreaterThanOrEqual(0.75);
    expect(expertVsGreedy.winRate).toBeGreaterThanOrEqual(0.6);
    expect(greedyVsRandom.wins.a + greedyVsRandom.wins.b).toBe(40);
    expect(greedyVsRandom.ci95[0]).toBeLessThan(greedyVsRandom.winRate);
    expect(greedyVsRandom.ci95[1]).toBeGreaterThanOrEqual(greedyVsRandom.winRate);
  });

  it('ranks greedy < expert at Fives-and-Threes too (seeded, sample budgets)', () => {
    const rules: RulesInput = { preset: 'fivesAndThrees', players: 2 };
    const expertVsGreedy = playArena({ a: NAMED_POLICIES.expert, b: NAMED_POLICIES.greedy, rules, games: 20, seed: 'threes', budget: { samples: 24 } });
    // Measured far above this over 400 games (docs/bots.md, Fives-and-Threes).
    expect(expertVsGreedy.winRate).toBeGreaterThanOrEqual(0.6);
  });

  it('ranks greedy < expert at the Latin game, pair against pair (seeded, sample budgets)', () => {
    const rules: RulesInput = { preset: 'latin', players: 4, bonuses: true };
    const expertVsGreedy = playArena({ a: NAMED_POLICIES.expert, b: NAMED_POLICIES.greedy, rules, games: 20, seed: 'latin', budget: { samples: 24 } });
    // Measured at 85.5% over 400 games (docs/bots.md, the Latin partnership game).
    expect(expertVsGreedy.winRate).toBeGreaterThanOrEqual(0.6);
  });

  it('is reproducible from its seed with sample budgets', () => {
    const run = (): unknown => playArena({ a: LEVEL_POLICIES.hard, b: LEVEL_POLICIES.medium, rules: { players: 3 }, games: 3, seed: 'again', budget: { samples: 10 } }).wins;
    expect(run()).toEqual(run());
  });

  it('swaps seats on the same deals, and with partnerships seats a as a team', () => {
    expect([0, 1, 2, 3].map((g) => aSeatsFor(rulesOf({ players: 2 }), g))).toEqual([[0], [1], [0], [1]]);
    expect([0, 1, 2].map((g) => aSeatsFor(rulesOf({ players: 3 }), g))).toEqual([[0], [1], [2]]);
    expect([0, 1].map((g) => aSeatsFor(rulesOf({ preset: 'partners', players: 4 }), g))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    const records: GameRecord[] = [];
    playArena({ a: NAMED_POLICIES.greedy, b: NAMED_POLICIES.greedy, rules: { players: 2 }, games: 2, seed: 'pair', onGame: (_, r) => records.push(r) });
    expect(records[1]?.hands[0]?.deal).toEqual(records[0]?.hands[0]?.deal);
  });

  it('writes records that replay to the same result', () => {
    const seen: { record: GameRecord; result: GameResult }[] = [];
    const tables: RulesInput[] = [
      { players: 2 },
      { preset: 'muggins', players: 3 },
      { preset: 'partners', players: 4 },
      { preset: 'fivesAndThrees', players: 2 },
      { preset: 'latin', players: 4, bonuses: true },
    ];
    for (const rules of tables) {
      playArena({
        a: LEVEL_POLICIES.expert,
        b: LEVEL_POLICIES.beginner,
        rules,
        games: 2,
        seed: 'records',
        budget: { samples: 8 },
        onGame: (_, record, result) => seen.push({ record, result }),
      });
    }
    for (const { record, result } of seen) {
      const replayed = replayRecord(JSON.parse(JSON.stringify(record)));
      expect(replayed.exitCode).toBe(0);
      if (!('finished' in replayed.output)) throw new Error('not replayed');
      expect(replayed.output.finished).toBe(true);
      expect(replayed.output.scores.length).toBeGreaterThan(0);
      expect(result.hands).toBe(record.hands.length);
    }
  });
});

describe('Muggins at the table', () => {
  it('an expert claims every count right and calls every count its opponent misses', () => {
    const records: GameRecord[] = [];
    playArena({
      a: LEVEL_POLICIES.expert,
      b: LEVEL_POLICIES.beginner,
      rules: { preset: 'muggins', players: 2 },
      games: 4,
      seed: 'muggins',
      budget: { samples: 8 },
      onGame: (_, r) => records.push(r),
    });
    let expertCounts = 0;
    let misses = 0;
    let called = 0;
    records.forEach((record, g) => {
      const expertSeat = aSeatsFor(rulesOf({ players: 2 }), g)[0] as number;
      const replayed = replayRecord(record);
      if (!('hands' in replayed.output)) throw new Error('not replayed');
      for (const hand of replayed.output.hands) {
        const events = hand.events;
        events.forEach((e, i) => {
          if (e.type !== 'play' || e.count === 0 || e.count % 5 !== 0) return;
          const claim = events[i + 1];
          if (e.seat === expertSeat) {
            expertCounts++;
            expect(claim).toMatchObject({ type: 'claim', seat: expertSeat });
            expect(claim && 'scored' in claim && claim.scored).toBeGreaterThan(0);
          } else if (claim !== undefined && 'scored' in claim && claim.scored === 0 && events[i + 2]?.type !== 'handEnd') {
            misses++;
            // The call comes before the next tile is played.
            const next = events.slice(i + 2).find((x) => x.type === 'play' || x.type === 'muggins');
            expect(next).toMatchObject({ type: 'muggins', seat: expertSeat });
            called++;
          }
        });
      }
    });
    expect(expertCounts).toBeGreaterThan(5);
    expect(misses).toBeGreaterThan(0);
    expect(called).toBe(misses);
  });

  it('an easy player sometimes misses its own count', () => {
    const records: GameRecord[] = [];
    playArena({ a: LEVEL_POLICIES.easy, b: LEVEL_POLICIES.easy, rules: { preset: 'muggins', players: 2 }, games: 4, seed: 'easy', onGame: (_, r) => records.push(r) });
    const replays = records.map((r) => replayRecord(r).output);
    const missed = replays
      .flatMap((o) => ('hands' in o ? o.hands : []))
      .flatMap((h) => h.events.filter((e, i) => e.type === 'play' && e.count > 0 && e.count % 5 === 0 && h.events[i + 1]?.type === 'noScore'));
    expect(missed.length).toBeGreaterThan(0);
  });
});
