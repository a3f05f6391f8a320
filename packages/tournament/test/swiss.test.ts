import { type RandomSource, seededRandom } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { gamesUnderWay } from '../src/apply.ts';
import type { UnitId } from '../src/ids.ts';
import { nextStep } from '../src/next-step.ts';
import { seating } from '../src/seating.ts';
import { type Standing, standings } from '../src/standings.ts';
import type { Tournament } from '../src/state.ts';
import { MINUTE, PARTNERS, START, act, allMatchings, created, entered, pairKey, refused, swissSettings } from './support.ts';

/** A game's points as a table might end it: mostly a clear winner, now and then a draw. */
function randomPoints(random: RandomSource): [number, number] {
  const a = random.int(260);
  return random.int(12) === 0 ? [a, a] : [a, random.int(260)];
}

interface RoundCheck {
  readonly before: Tournament;
  readonly after: Tournament;
}

/** Plays the Swiss to its end with seeded results, handing each round's pairing to `check`. */
function playSwiss(start: Tournament, seed: number, check: (round: RoundCheck) => void): Tournament {
  const random = seededRandom(seed);
  let t = act(start, { type: 'start' }, START);
  let now = START;
  for (;;) {
    const due = nextStep(t, now);
    if (due === null) throw new Error('a Swiss between rounds always has a step due');
    if (due.action === 'finish') return act(t, { type: 'finish' }, now);
    const before = t;
    t = act(t, { type: 'pair' }, now);
    if (t.status === 'finished') return t;
    check({ before, after: t });
    for (const game of gamesUnderWay(t)) {
      now += random.int(5) * MINUTE;
      expect(nextStep(t, now)).toBeNull();
      t = act(t, { type: 'gameFinished', game: game.id, points: randomPoints(random) }, now);
    }
  }
}

function activeRanked(t: Tournament): Standing[] {
  const active = new Set(t.units.filter((u) => u.withdrawnAt === null).map((u) => u.id));
  return standings(t).filter((s) => active.has(s.unit));
}

function pairable(units: readonly Standing[]): (readonly [Standing, Standing])[][] {
  return allMatchings(units).filter((m) => m.every(([a, b]) => !a.opponents.includes(b.unit)));
}

const cost = (m: readonly (readonly [Standing, Standing])[]): number => m.reduce((sum, [a, b]) => sum + (a.score - b.score) ** 2, 0);

/** The pairing rules, checked on one round against every other pairing the round could have had. */
function checkRound({ before, after }: RoundCheck): void {
  const ranked = activeRanked(before);
  const round = after.rounds.at(-1)!;
  const games = after.games.filter((g) => g.round === round.number);
  const seated = [...games.flatMap((g) => g.units), ...(round.bye === null ? [] : [round.bye])];
  // Every active unit plays once or has the bye, nobody twice.
  expect([...seated].sort()).toEqual(ranked.map((s) => s.unit).sort());
  expect(round.bye === null).toBe(ranked.length % 2 === 0);

  let rest = ranked;
  if (round.bye !== null) {
    const fewest = Math.min(...ranked.map((s) => s.byes));
    const bye = ranked.find((s) => s.unit === round.bye)!;
    expect(bye.byes).toBe(fewest);
    rest = ranked.filter((s) => s !== bye);
    // Everyone ranked below the bye with as few byes could not take it: the rest would not pair.
    for (const lower of ranked.slice(ranked.indexOf(bye) + 1).filter((s) => s.byes === fewest)) {
      expect(pairable(ranked.filter((s) => s !== lower))).toEqual([]);
    }
  }
  const byUnit = new Map(rest.map((s) => [s.unit, s]));
  const chosen = games.map((g) => [byUnit.get(g.units[0])!, byUnit.get(g.units[1])!] as const);
  // No repeat, and the floats as small as any pairing without a repeat makes them.
  for (const [a, b] of chosen) expect(a.opponents).not.toContain(b.unit);
  expect(cost(chosen)).toBe(Math.min(...pairable(rest).map(cost)));
}

function noRepeats(t: Tournament): void {
  const keys = t.games.map((g) => pairKey(g.units[0], g.units[1]));
  expect(new Set(keys).size).toBe(keys.length);
}

describe('a Swiss of 5 rounds with 9 players', () => {
  for (let seed = 1; seed <= 25; seed++) {
    it(`pairs by score groups, without repeats, with one bye a round to a different player each time (seed ${seed})`, () => {
      const t = entered(created(swissSettings(5)), 9);
      const done = playSwiss(t, seed, checkRound);
      expect(done.status).toBe('finished');
      expect(done.endReason).toBe('completed');
      expect(done.rounds).toHaveLength(5);
      const byes = done.rounds.map((r) => r.bye);
      expect(byes.every((b) => b !== null)).toBe(true);
      expect(new Set(byes).size).toBe(5);
      expect(done.games).toHaveLength(20);
      noRepeats(done);
      const table = standings(done);
      // 5 rounds each: four games and a bye.
      for (const s of table) expect(s.played + s.byes).toBe(5);
      for (let i = 1; i < table.length; i++) {
        const [a, b] = [table[i - 1]!, table[i]!];
        expect(a.score > b.score || (a.score === b.score && a.difference >= b.difference)).toBe(true);
      }
    });
  }
});

describe('a Swiss of fixed pairs', () => {
  for (let seed = 1; seed <= 10; seed++) {
    it(`seats two pairs a table as partners, and pairs them by the same rules (7 pairs, 4 rounds, seed ${seed})`, () => {
      const t = entered(created(swissSettings(4, { rules: PARTNERS, entry: 'pairs' })), 7);
      const done = playSwiss(t, seed, (round) => {
        checkRound(round);
        for (const game of gamesUnderWay(round.after)) {
          const seats = seating(round.after, game)!;
          const [a, b] = game.units.map((id) => round.after.units.find((u) => u.id === id)!.members);
          expect(seats).toEqual([a![0], b![0], a![1], b![1]]);
        }
      });
      expect(done.endReason).toBe('completed');
      expect(new Set(done.rounds.map((r) => r.bye)).size).toBe(4);
      noRepeats(done);
    });
  }
});

describe('a Swiss that runs out of opponents', () => {
  it('ends when no pairing without a repeat is left, as a lichess Swiss does', () => {
    // 4 players meet everyone in 3 rounds: a 4th round would repeat.
    const done = playSwiss(entered(created(swissSettings(5)), 4), 7, checkRound);
    expect(done.rounds).toHaveLength(3);
    expect(done.status).toBe('finished');
    expect(done.endReason).toBe('noPairing');
    noRepeats(done);
  });

  it('ends with too few players if all but one withdraw between rounds', () => {
    let t = act(entered(created(swissSettings(3)), 3), { type: 'start' }, START);
    t = act(t, { type: 'pair' }, START);
    for (const game of gamesUnderWay(t)) t = act(t, { type: 'gameFinished', game: game.id, points: [100, 50] }, START + MINUTE);
    t = act(t, { type: 'withdraw', playerId: t.units[0]!.members[0]!.playerId }, START + MINUTE);
    t = act(t, { type: 'withdraw', playerId: t.units[1]!.members[0]!.playerId }, START + MINUTE);
    t = act(t, { type: 'pair' }, START + MINUTE);
    expect(t.status).toBe('finished');
    expect(t.endReason).toBe('tooFewPlayers');
  });
});

describe('Swiss steps', () => {
  it('a round paired twice (a job run again by another node) is refused the second time and changes nothing', () => {
    const t = act(act(entered(created(swissSettings(3)), 6), { type: 'start' }, START), { type: 'pair' }, START);
    expect(t.version).toBe(8);
    refused(t, { type: 'pair' }, START, 'tournament/round_under_way');
    refused(t, { type: 'start' }, START, 'tournament/already_started');
  });

  it('a withdrawal during a round forfeits the game: a win for the other, no points either way; the unit is paired no more', () => {
    let t = act(act(entered(created(swissSettings(3)), 4), { type: 'start' }, START), { type: 'pair' }, START);
    const game = t.games[0]!;
    const leaver = t.units.find((u) => u.id === game.units[0])!;
    t = act(t, { type: 'withdraw', playerId: leaver.members[0]!.playerId }, START + MINUTE);
    expect(t.games[0]!.result?.outcome).toEqual({ kind: 'forfeit', loser: leaver.id });
    refused(t, { type: 'gameFinished', game: game.id, points: [10, 0] }, START + MINUTE, 'tournament/game_over');
    const line = (id: UnitId): Standing => standings(t).find((s) => s.unit === id)!;
    expect(line(game.units[1])).toMatchObject({ wins: 1, difference: 0 });
    expect(line(leaver.id)).toMatchObject({ losses: 1, withdrawn: true });
    t = act(t, { type: 'gameFinished', game: t.games[1]!.id, points: [5, 100] }, START + 2 * MINUTE);
    t = act(t, { type: 'pair' }, START + 2 * MINUTE);
    expect(t.rounds[1]!.bye).not.toBeNull();
    expect(gamesUnderWay(t).flatMap((g) => g.units)).not.toContain(leaver.id);
    expect(t.rounds[1]!.bye).not.toBe(leaver.id);
  });

  it('a bye is a win with no points either way, and counts nothing towards anyone’s Buchholz', () => {
    let t = act(act(entered(created(swissSettings(1)), 3), { type: 'start' }, START), { type: 'pair' }, START);
    const bye = t.rounds[0]!.bye!;
    t = act(t, { type: 'gameFinished', game: t.games[0]!.id, points: [120, 80] }, START + MINUTE);
    t = act(t, { type: 'finish' }, START + MINUTE);
    const table = standings(t);
    expect(table.find((s) => s.unit === bye)).toMatchObject({ wins: 1, byes: 1, score: 2, difference: 0, buchholz: 0, played: 0 });
    expect(table.map((s) => s.unit)).toEqual([t.games[0]!.units[0], bye, t.games[0]!.units[1]]);
  });

  it('standings tie-break: wins, then point difference, then Buchholz, then points made, then the earlier entry', () => {
    let t = act(act(entered(created(swissSettings(1)), 4), { type: 'start' }, START), { type: 'pair' }, START);
    const [g1, g2] = t.games;
    // Both winners win by 50, both losers lose by 50, every Buchholz is a win: points made decide.
    t = act(t, { type: 'gameFinished', game: g1!.id, points: [150, 100] }, START + MINUTE);
    t = act(t, { type: 'gameFinished', game: g2!.id, points: [50, 100] }, START + MINUTE);
    const table = standings(t);
    expect(table.map((s) => s.unit)).toEqual([g1!.units[0], g2!.units[1], g1!.units[1], g2!.units[0]]);
    expect(table.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
  });

  it('is deterministic: the same entries and results make the same tournament', () => {
    const t = entered(created(swissSettings(5)), 9);
    expect(playSwiss(t, 3, () => undefined)).toEqual(playSwiss(t, 3, () => undefined));
  });
});
