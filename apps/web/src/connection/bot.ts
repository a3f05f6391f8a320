import { type Budget, LEVEL_POLICIES } from '@fives/bots';
import { type Action, type RandomSource, type TableView, formatTile, parseTile } from '@fives/engine';
import type { BotLevel, Move } from './types.ts';

/**
 * How long the practice table's searching players (hard, expert) think: a number of sampled
 * deals, not milliseconds, so that a seed replays the same game on any device, and the page's
 * one thread is never held for long (a few milliseconds a move on a laptop).
 */
export const PRACTICE_BUDGET: Budget = { samples: 64 };

/**
 * The practice table's computer players are the server's: the same `@fives/bots` levels, from a
 * beginner who misses counts to the expert's search, each reading only its own `TableView`.
 */
export function botMove(v: TableView, level: BotLevel, random: RandomSource, budget: Budget = PRACTICE_BUDGET): Move | null {
  const action = LEVEL_POLICIES[level](v, random, budget);
  return action === null ? null : moveOf(action);
}

/** The seat's own move, as the table UI sends it, for an engine action. */
function moveOf(action: Action): Move {
  switch (action.type) {
    case 'play':
      return { type: 'play', tile: formatTile(action.tile), end: action.end ?? null };
    case 'claim':
      return { type: 'claim', points: action.points };
    case 'draw':
    case 'pass':
    case 'noScore':
    case 'muggins':
      return { type: action.type };
    default:
      return assertNever(action);
  }
}

/** The engine action for a move by `seat`; null when the tile is not a tile. */
export function toAction(move: Move, seat: number): Action | null {
  switch (move.type) {
    case 'play': {
      const parsed = parseTile(move.tile);
      if (parsed === null) return null;
      return move.end === null ? { type: 'play', seat, tile: parsed.tile } : { type: 'play', seat, tile: parsed.tile, end: move.end };
    }
    case 'claim':
      return { type: 'claim', seat, points: move.points };
    case 'draw':
    case 'pass':
    case 'noScore':
    case 'muggins':
      return { type: move.type, seat };
    default:
      return assertNever(move);
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected ${JSON.stringify(x)}`);
}
