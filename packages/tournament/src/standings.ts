import type { UnitId } from './ids.ts';
import { type Verdict, arenaAward, onStreak, pointsOf, sideIn, verdictOf } from './scoring.ts';
import type { Tournament, TournamentGame, Unit } from './state.ts';

/**
 * One unit's line in the standings. `score` counts in half wins (a win 2, a draw 1), so that a
 * Swiss's score groups are whole numbers; a bye counts as a win with no points either way.
 * `buchholz`: the sum of the scores of the units it met (Swiss's first tie-break after the
 * point difference). `arenaPoints` and `onStreak`: the Arena's tally.
 */
export interface Standing {
  readonly rank: number;
  readonly unit: UnitId;
  readonly withdrawn: boolean;
  readonly played: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly byes: number;
  readonly score: number;
  readonly pointsFor: number;
  readonly pointsAgainst: number;
  readonly difference: number;
  readonly buchholz: number;
  readonly arenaPoints: number;
  readonly onStreak: boolean;
  readonly opponents: readonly UnitId[];
}

type Tally = { -readonly [K in keyof Standing]: Standing[K] } & { verdicts: Verdict[]; opponents: UnitId[]; entry: number };

function emptyTally(unit: Unit, entry: number): Tally {
  return {
    rank: 0,
    unit: unit.id,
    withdrawn: unit.withdrawnAt !== null,
    played: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    byes: 0,
    score: 0,
    pointsFor: 0,
    pointsAgainst: 0,
    difference: 0,
    buchholz: 0,
    arenaPoints: 0,
    onStreak: false,
    opponents: [],
    verdicts: [],
    entry,
  };
}

function count(tally: Tally, game: TournamentGame, side: 0 | 1): void {
  const result = game.result;
  if (result === null || !result.counted) return;
  const verdict = verdictOf(result.outcome, side, game.units);
  const points = pointsOf(result.outcome, side);
  tally.played += 1;
  tally.wins += verdict === 'win' ? 1 : 0;
  tally.draws += verdict === 'draw' ? 1 : 0;
  tally.losses += verdict === 'loss' ? 1 : 0;
  tally.pointsFor += points.for;
  tally.pointsAgainst += points.against;
  tally.arenaPoints += result.awarded[side];
  tally.verdicts.push(verdict);
  tally.opponents.push(game.units[side === 0 ? 1 : 0]);
}

/**
 * The standings, best first, every unit that entered (withdrawn ones too, marked). Deterministic:
 * every tie ends at the entry order.
 * - Swiss: score (wins, a draw half), then point difference (as domino federations rank), then
 *   Buchholz, then points made, then the earlier entry.
 * - Arena: tournament points, then point difference, then the earlier entry (lichess breaks ties
 *   by rating performance; a tournament here carries no ratings).
 */
export function standings(t: Tournament): Standing[] {
  const tallies = new Map<UnitId, Tally>(t.units.map((u, i) => [u.id, emptyTally(u, i)]));
  for (const game of t.games) {
    for (const side of [0, 1] as const) {
      const tally = tallies.get(game.units[side]);
      if (tally !== undefined) count(tally, game, side);
    }
  }
  for (const round of t.rounds) {
    const tally = round.bye === null ? undefined : tallies.get(round.bye);
    if (tally !== undefined) {
      tally.byes += 1;
      tally.wins += 1;
    }
  }
  const all = [...tallies.values()];
  for (const tally of all) {
    tally.score = tally.wins * 2 + tally.draws;
    tally.difference = tally.pointsFor - tally.pointsAgainst;
    tally.onStreak = onStreak(tally.verdicts);
  }
  for (const tally of all) tally.buchholz = tally.opponents.reduce((sum, o) => sum + (tallies.get(o)?.score ?? 0), 0);
  const order =
    t.settings.length.format === 'swiss'
      ? (a: Tally, b: Tally) => b.score - a.score || b.difference - a.difference || b.buchholz - a.buchholz || b.pointsFor - a.pointsFor || a.entry - b.entry
      : (a: Tally, b: Tally) => b.arenaPoints - a.arenaPoints || b.difference - a.difference || a.entry - b.entry;
  return all.sort(order).map(({ verdicts: _verdicts, entry: _entry, ...line }, i) => ({ ...line, rank: i + 1 }));
}

/** The Arena points a unit's next counted result earns: its streak is read from its counted games so far. */
export function nextArenaAward(t: Tournament, unit: UnitId, verdict: Verdict): number {
  const verdicts: Verdict[] = [];
  for (const game of t.games) {
    const side = sideIn(game, unit);
    if (side === null || game.result === null || !game.result.counted) continue;
    verdicts.push(verdictOf(game.result.outcome, side, game.units));
  }
  return arenaAward(verdict, onStreak(verdicts));
}
