import type { Action, RandomSource, TableView } from '@fives/engine';

/**
 * How much thinking a move may take. A clock budget (`ms`) is what people play against; a
 * sample budget (`samples`) makes a search reproducible from its random seed, which is what tests
 * and replays need. With both, the search stops at whichever comes first.
 */
export interface Budget {
  readonly ms?: number;
  readonly samples?: number;
  /** The clock the `ms` budget is read from (default: performance.now). */
  readonly now?: () => number;
}

export const DEFAULT_BUDGET_MS = 150;

/**
 * A computer player: from its seat's view only (what a person in the seat would see), the
 * action to take now, or null when it has nothing to do (not its turn, no Muggins it will call).
 */
export type BotPolicy = (view: TableView, random: RandomSource, budget?: Budget) => Action | null;

export type PlayAction = Extract<Action, { type: 'play' }>;
