import { type Budget, LEVEL_POLICIES } from '@fives/bots';
import type { Action, RandomSource, TableView } from '@fives/engine';
import type { BotLevel } from './types.ts';

/**
 * How long the practice table's searching players (hard, expert) think: a number of sampled
 * deals, not milliseconds, so that a seed replays the same game on any device. They think in a
 * Web Worker (`bot-worker.ts`), so the page is never held up while they do.
 */
export const PRACTICE_BUDGET: Budget = { samples: 64 };

/**
 * The practice table's computer players are the server's: the same `@fives/bots` levels, from a
 * beginner who misses counts to the expert's search, each reading only its own `TableView`. The
 * engine action it gives is one of `legalActions(v)`, applied as it is: no other form between.
 */
export function botAction(v: TableView, level: BotLevel, random: RandomSource, budget: Budget = PRACTICE_BUDGET): Action | null {
  return LEVEL_POLICIES[level](v, random, budget);
}
