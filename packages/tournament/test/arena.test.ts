import { type RandomSource, seededRandom } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { gamesUnderWay, waitingUnits } from '../src/apply.ts';
import type { UnitId } from '../src/ids.ts';
import { nextStep } from '../src/next-step.ts';
import { sideIn, verdictOf } from '../src/scoring.ts';
import { standings } from '../src/standings.ts';
import type { Tournament, TournamentGame } from '../src/state.ts';
import { ARENA_PAIRINGS_CLOSE_MS, arenaEndsAt } from '../src/timing.ts';
import { MINUTE, START, act, arenaSettings, created, entered, refused } from './support.ts';

interface Waiter {
  readonly id: UnitId;
  readonly points: number;
  readonly last: UnitId | null;
  readonly since: number;
}

function waiters(t: Tournament): Waiter[] {
  const points = new Map(standings(t).map((s) => [s.unit, s.arenaPoints]));
  return waitingUnits(t).map((u) => {
    const last = t.games.findLast((g) => sideIn(g, u.id) !== null);
    return {
      id: u.id,
      points: points.get(u.id)!,
      last: last === undefined ? null : last.units[sideIn(last, u.id) === 0 ? 1 : 0],
      since: Math.max(u.joinedAt, last?.result?.finishedAt ?? 0),
    };
  });
}

const rematches = (m: readonly (readonly [Waiter, Waiter])[]): number => m.filter(([a, b]) => a.last === b.id || b.last === a.id).length;
const distance = (m: readonly (readonly [Waiter, Waiter])[]): number => m.reduce((sum, [a, b]) => sum + Math.abs(a.points - b.points), 0);

interface Alternative {
  readonly m: (readonly [Waiter, Waiter])[];
  readonly left: readonly Waiter[];
}

/** Every way the waiting units could have been paired leaving at most `leaves` waiting, and pairing no two for whom `may` says no. */
function alternatives(ws: readonly Waiter[], leaves: number, may: (a: Waiter, b: Waiter) => boolean): Alternative[] {
  if (ws.length === 0) return [{ m: [], left: [] }];
  const [first, ...rest] = ws as [Waiter, ...Waiter[]];
  const out: Alternative[] = leaves > 0 ? alternatives(rest, leaves - 1, may).map((a) => ({ m: a.m, left: [first, ...a.left] })) : [];
  rest.forEach((other, i) => {
    if (!may(first, other)) return;
    for (const a of alternatives(
      rest.filter((_, j) => j !== i),
      leaves,
      may,
    )) {
      out.push({ m: [[first, other], ...a.m], left: a.left });
    }
  });
  return out;
}

const fewest = (all: readonly Alternative[], measure: (a: Alternative) => number): Alternative[] => {
  const min = all.reduce((m, a) => Math.min(m, measure(a)), Infinity);
  return all.filter((a) => measure(a) === min);
};
/** The alternatives that leave the fewest waiting. */
function fullest(ws: readonly Waiter[], may: (a: Waiter, b: Waiter) => boolean): Alternative[] {
  for (let leaves = ws.length % 2; ; leaves += 2) {
    const found = alternatives(ws, leaves, may);
    if (found.length > 0) return fewest(found, (a) => a.left.length);
  }
}

/** One Arena pairing held to the rules, in their order, against every other pairing it could have made. */
function checkPairing(before: Tournament, after: Tournament): void {
  const ws = waiters(before);
  const othersPlaying = gamesUnderWay(before).length > 0;
  const byId = new Map(ws.map((w) => [w.id, w]));
  const made = after.games.slice(before.games.length);
  const chosen = made.map((g) => [byId.get(g.units[0])!, byId.get(g.units[1])!] as const);
  const left = ws.filter((w) => !made.some((g) => g.units.includes(w.id)));
  // Two who just played each other never meet again at once while someone else may come free.
  if (othersPlaying) expect(rematches(chosen)).toBe(0);
  // Paired at once: as many as can be.
  let best = fullest(ws, (a, b) => !othersPlaying || rematches([[a, b]]) === 0);
  expect(left.length).toBe(best[0]!.left.length);
  expect(left.length).toBeLessThanOrEqual(othersPlaying ? ws.length : 1);
  // No immediate rematch where another pairing avoids it.
  best = fewest(best, (a) => rematches(a.m));
  expect(rematches(chosen)).toBe(rematches(best[0]!.m));
  // Left waiting: the one who waited least.
  if (left.length === 1) {
    expect(left[0]!.since).toBe(best.reduce((m, a) => Math.max(m, a.left[0]!.since), -Infinity));
  }
  // Closest scores: no pairing as good on the above brings scores closer.
  const key = (xs: readonly Waiter[]): string =>
    xs
      .map((w) => w.id)
      .sort()
      .join();
  const peers = best.filter((a) => key(a.left) === key(left));
  expect(distance(chosen)).toBe(fewest(peers, (a) => distance(a.m)).map((a) => distance(a.m))[0]);
}

/** lichess's scoring, written again from its FAQ: 2/1/0, doubled after two wins in a row until a game is not won. */
function checkStreakPoints(t: Tournament): void {
  for (const unit of t.units) {
    let wins = 0;
    const mine = t.games.filter((g) => sideIn(g, unit.id) !== null && g.result?.counted === true).sort((a, b) => a.result!.finishedAt - b.result!.finishedAt);
    for (const game of mine) {
      const side = sideIn(game, unit.id)!;
      const verdict = verdictOf(game.result!.outcome, side, game.units);
      const base = verdict === 'win' ? 2 : verdict === 'draw' ? 1 : 0;
      expect(game.result!.awarded[side]).toBe(wins >= 2 ? base * 2 : base);
      wins = verdict === 'win' ? wins + 1 : 0;
    }
  }
}

function randomPoints(random: RandomSource): [number, number] {
  const a = random.int(200);
  return random.int(10) === 0 ? [a, a] : [a, random.int(200)];
}

/** Runs an Arena of `minutes` with seeded game lengths and results; every pairing goes through `checkPairing`. */
function playArena(start: Tournament, seed: number, minutes: number): { t: Tournament; pairings: number } {
  const random = seededRandom(seed);
  let t = act(start, { type: 'start' }, START);
  const endsAt = START + minutes * MINUTE;
  const ends = new Map<string, number>();
  let pairings = 0;
  const pairIfDue = (now: number): void => {
    const due = nextStep(t, now);
    if (due?.action !== 'pair') return;
    const before = t;
    t = act(t, { type: 'pair' }, now);
    checkPairing(before, t);
    pairings += 1;
    for (const game of t.games.slice(before.games.length)) {
      expect(now).toBeLessThan(endsAt - ARENA_PAIRINGS_CLOSE_MS);
      ends.set(game.id, now + (3 + random.int(8)) * MINUTE + random.int(60) * 1000);
    }
  };
  pairIfDue(START);
  let finished = false;
  for (;;) {
    const next = [...ends.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (!finished && (next === undefined || next[1] >= endsAt)) {
      expect(nextStep(t, endsAt)).toEqual({ action: 'finish', at: endsAt });
      t = act(t, { type: 'finish' }, endsAt);
      finished = true;
    }
    if (next === undefined) break;
    ends.delete(next[0]);
    const game = t.games.find((g) => g.id === next[0])!;
    t = act(t, { type: 'gameFinished', game: game.id, points: randomPoints(random) }, next[1]);
    if (!finished) pairIfDue(next[1]);
  }
  return { t, pairings };
}

describe('an Arena of 12 players over an hour', () => {
  for (let seed = 1; seed <= 12; seed++) {
    it(`pairs finished players at once by closest score, avoids immediate rematches, scores streaks as lichess (seed ${seed})`, () => {
      const { t, pairings } = playArena(entered(created(arenaSettings(60)), 12), seed, 60);
      expect(t.status).toBe('finished');
      expect(t.endReason).toBe('completed');
      expect(pairings).toBeGreaterThan(10);
      expect(gamesUnderWay(t)).toEqual([]);
      checkStreakPoints(t);
      // Games still being played at the end are finished and kept, but count for nothing.
      const endsAt = arenaEndsAt(t)!;
      const late = t.games.filter((g) => g.result!.finishedAt >= endsAt);
      expect(late.length).toBeGreaterThan(0);
      for (const g of late) expect(g.result).toMatchObject({ counted: false, awarded: [0, 0] });
      const table = standings(t);
      for (let i = 1; i < table.length; i++) expect(table[i - 1]!.arenaPoints).toBeGreaterThanOrEqual(table[i]!.arenaPoints);
      expect(table.reduce((sum, s) => sum + s.arenaPoints, 0)).toBe(t.games.reduce((sum, g) => sum + g.result!.awarded[0] + g.result!.awarded[1], 0));
    });
  }
});

describe('Arena points', () => {
  function played(results: readonly [number, number][]): Tournament {
    // Two players only, so they meet every game (nobody else will come free): the first's results are as given.
    let t = act(entered(created(arenaSettings(60)), 2), { type: 'start' }, START);
    let now = START;
    for (const points of results) {
      t = act(t, { type: 'pair' }, now);
      now += MINUTE;
      t = act(t, { type: 'gameFinished', game: t.games.at(-1)!.id, points }, now);
    }
    return t;
  }

  const awarded = (t: Tournament, side: 0 | 1): number[] => t.games.map((g: TournamentGame) => g.result!.awarded[side]);

  it('two wins and a draw make 6: 2 + 2 + (2 × 1), lichess’s own example', () => {
    const t = played([
      [100, 50],
      [100, 50],
      [70, 70],
    ]);
    expect(awarded(t, 0)).toEqual([2, 2, 2]);
    expect(standings(t)[0]).toMatchObject({ arenaPoints: 6, onStreak: false });
  });

  it('a streak doubles wins from the third on, and a loss ends it', () => {
    const t = played([
      [100, 50],
      [100, 50],
      [100, 50],
      [100, 50],
      [10, 50],
      [100, 50],
    ]);
    expect(awarded(t, 0)).toEqual([2, 2, 4, 4, 0, 2]);
    expect(awarded(t, 1)).toEqual([0, 0, 0, 0, 2, 0]);
  });

  it('two who just played each other wait while another game goes on, and then meet others', () => {
    let t = act(entered(created(arenaSettings(60)), 4), { type: 'start' }, START);
    t = act(t, { type: 'pair' }, START);
    const [g1, g2] = t.games;
    t = act(t, { type: 'gameFinished', game: g1!.id, points: [100, 0] }, START + MINUTE);
    refused(t, { type: 'pair' }, START + MINUTE, 'tournament/nothing_to_pair');
    expect(nextStep(t, START + MINUTE)).toEqual({ action: 'finish', at: START + 60 * MINUTE });
    t = act(t, { type: 'gameFinished', game: g2!.id, points: [100, 0] }, START + 2 * MINUTE);
    expect(nextStep(t, START + 2 * MINUTE)).toEqual({ action: 'pair', at: START + 2 * MINUTE });
    t = act(t, { type: 'pair' }, START + 2 * MINUTE);
    const again = t.games.slice(2).map((g) => [...g.units].sort());
    expect(again).toHaveLength(2);
    for (const g of [g1!, g2!]) expect(again).not.toContainEqual([...g.units].sort());
    // The two winners meet, and the two losers: closest scores.
    expect(again).toContainEqual([g1!.units[0], g2!.units[0]].sort());
  });

  it('no new game in the last two minutes; a unit that withdraws mid-game loses it, and the other’s streak counts the win', () => {
    let t = act(entered(created(arenaSettings(10)), 3), { type: 'start' }, START);
    const endsAt = START + 10 * MINUTE;
    t = act(t, { type: 'pair' }, START);
    const game = t.games[0]!;
    const leaver = t.units.find((u) => u.id === game.units[1])!;
    t = act(t, { type: 'withdraw', playerId: leaver.members[0]!.playerId }, START + MINUTE);
    expect(t.games[0]!.result).toMatchObject({ outcome: { kind: 'forfeit', loser: leaver.id }, counted: true, awarded: [2, 0] });
    refused(t, { type: 'join', members: [leaver.members[0]!] }, START + MINUTE, 'tournament/withdrawn');
    refused(t, { type: 'pair' }, endsAt - ARENA_PAIRINGS_CLOSE_MS, 'tournament/pairings_closed');
    refused(t, { type: 'join', members: [{ playerId: 'p_latecomer' as never, name: 'Late' }] }, endsAt - 1000, 'tournament/entries_closed');
    refused(t, { type: 'finish' }, endsAt - 1, 'tournament/not_over');
    expect(nextStep(t, endsAt - ARENA_PAIRINGS_CLOSE_MS)).toEqual({ action: 'finish', at: endsAt });
  });
});
