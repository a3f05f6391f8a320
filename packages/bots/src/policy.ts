import type { Action, RandomSource, TableView } from '@fives/engine';

/**
 * How much thinking a move may take. A clock budget (`ms`) is what people play against; a
 * sample budget (`samples`) makes a search reproducible from its random seed, which is what tests
 * and replays need. With both, the search stops at whichever comes first — and, unless
 * `adaptive` is false, sooner still once the best play is settled (expert.ts), so these are caps.
 * Everything but `now` and `onSearch` is plain data, so a budget can be sent to a worker thread.
 */
export interface Budget {
  readonly ms?: number;
  readonly samples?: number;
  /** The clock the `ms` budget is read from (default: performance.now). */
  readonly now?: () => number;
  /** Stop as soon as the best play is settled (default true); false spends the whole budget. */
  readonly adaptive?: boolean;
  /** Told what each search did (the arena counts samples with it). */
  readonly onSearch?: (report: SearchReport) => void;
}

/** What one search did. */
export interface SearchReport {
  /** Sampled deals played (by the candidates still in the running at the end). */
  readonly samples: number;
  readonly candidates: number;
  /** `settled`: the best play was clear; `samples` or `time`: a cap was reached first. */
  readonly stop: 'settled' | 'samples' | 'time';
}

export const DEFAULT_BUDGET_MS = 150;

/**
 * The most deals an adaptive search samples when its budget names no sample cap. Only close
 * calls get this far (the median decision settles on under 100), and past it the candidates
 * still in the running are nearly always within the indifference margin of each other.
 */
export const DEFAULT_MAX_SAMPLES = 500;

/**
 * A computer player: from its seat's view only (what a person in the seat would see), the
 * action to take now, or null when it has nothing to do (not its turn, no Muggins it will call).
 */
export type BotPolicy = (view: TableView, random: RandomSource, budget?: Budget) => Action | null;

export type PlayAction = Extract<Action, { type: 'play' }>;
