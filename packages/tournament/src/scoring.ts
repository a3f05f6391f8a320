import type { UnitId } from './ids.ts';
import type { GameOutcome, TournamentGame } from './state.ts';

export type Verdict = 'win' | 'draw' | 'loss';

/** Which side of a game a unit played: 0 or 1 in the game's unit order, null if it did not play it. */
export function sideIn(game: TournamentGame, unit: UnitId): 0 | 1 | null {
  if (game.units[0] === unit) return 0;
  if (game.units[1] === unit) return 1;
  return null;
}

/** Win, draw or loss for `side`: more points wins; a forfeit is lost by the unit that withdrew. */
export function verdictOf(outcome: GameOutcome, side: 0 | 1, units: readonly [UnitId, UnitId]): Verdict {
  switch (outcome.kind) {
    case 'played': {
      const own = outcome.points[side];
      const other = outcome.points[side === 0 ? 1 : 0];
      return own > other ? 'win' : own < other ? 'loss' : 'draw';
    }
    case 'forfeit':
      return outcome.loser === units[side] ? 'loss' : 'win';
    default:
      return outcome satisfies never;
  }
}

/** The points a side made and let in; a forfeit makes none either way. */
export function pointsOf(outcome: GameOutcome, side: 0 | 1): { readonly for: number; readonly against: number } {
  switch (outcome.kind) {
    case 'played':
      return { for: outcome.points[side], against: outcome.points[side === 0 ? 1 : 0] };
    case 'forfeit':
      return { for: 0, against: 0 };
    default:
      return outcome satisfies never;
  }
}

/**
 * An Arena game's tournament points, lichess's arena scoring ("How are scores calculated?", in
 * lichess's arena FAQ): a win 2, a draw 1, a loss 0; after two wins in a row the unit is on a
 * streak and every game is worth double (a win 4, a draw 2) until it fails to win one.
 */
export const ARENA_POINTS: Readonly<Record<Verdict, number>> = { win: 2, draw: 1, loss: 0 };

/** On a streak: the unit's last two counted results (oldest first) were both wins. */
export function onStreak(verdicts: readonly Verdict[]): boolean {
  const n = verdicts.length;
  return n >= 2 && verdicts[n - 1] === 'win' && verdicts[n - 2] === 'win';
}

export function arenaAward(verdict: Verdict, streak: boolean): number {
  return ARENA_POINTS[verdict] * (streak ? 2 : 1);
}
