import { type TableView, legalActions } from '@fives/engine';
import type { BotLevel } from '@fives/protocol';

/**
 * The levels whose policy searches (`@fives/bots`: hard and expert sample deals for up to their
 * budget): these think in the worker threads. The others decide in microseconds (docs/bots.md),
 * less than a message to a thread costs, so they decide where the table's step runs.
 */
const SEARCHING: ReadonlySet<BotLevel> = new Set<BotLevel>(['hard', 'expert']);

/** Whether this decision is worth a thread: a searching level with more than one thing to do. */
export function needsThought(level: BotLevel, seen: TableView): boolean {
  return SEARCHING.has(level) && legalActions(seen).length > 1;
}
