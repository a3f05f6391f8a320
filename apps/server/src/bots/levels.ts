import { type TableView, legalActions } from '@fives/engine';
import type { BotLevel } from '@fives/protocol';

/**
 * The levels whose policy searches (`@fives/bots`: hard and expert sample deals for up to their
 * budget): these think in the worker threads. The others decide in microseconds (docs/bots.md),
 * less than a message to a thread costs, so they decide where the table's step runs.
 */
const SEARCHING: ReadonlySet<BotLevel> = new Set<BotLevel>(['hard', 'expert']);

/**
 * Whether this decision is worth a thread: a searching level choosing among more than one tile
 * to play. Everything else is no search — a forced move, a draw or pass, a claim, a Muggins
 * call — and decides where the step runs.
 */
export function needsThought(level: BotLevel, seen: TableView): boolean {
  if (!SEARCHING.has(level)) return false;
  let plays = 0;
  for (const action of legalActions(seen)) if (action.type === 'play' && ++plays > 1) return true;
  return false;
}
