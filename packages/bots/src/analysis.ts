import { type RandomSource, type TableView, legalActions } from '@fives/engine';
import { type StopRule, STOP_RULE, search } from './expert.ts';
import type { Budget, PlayAction } from './policy.ts';
import { readSeatView } from './seat-view.ts';

/** One legal play as the expert's search sees it. */
export interface PlayEstimate {
  readonly action: PlayAction;
  /**
   * The expert's estimate of what the play is worth: the seat's chance of winning the game after
   * it (0..1, plus a sliver of the score lead: utility.ts), the mean over the deals it was tried on.
   */
  readonly value: number;
  /** The deals it was tried on (fewer for a play the search dropped as plainly worse). */
  readonly samples: number;
  /** True for the play the expert would make. */
  readonly best: boolean;
}

/**
 * Each legal play of the seat's view with the expert's estimate of it, best first — what game
 * analysis shows beside a move. Empty when the seat has no play to choose (not its move, a
 * claim to make, or nothing fits). With `budget.adaptive: false` every play is tried on every
 * deal of the budget, so the values compare evenly; by default plainly worse plays are dropped
 * early and their values rest on fewer deals.
 */
export function estimatePlays(view: TableView, random: RandomSource, budget?: Budget, rule: StopRule = STOP_RULE): PlayEstimate[] {
  const plays = legalActions(view).filter((a): a is PlayAction => a.type === 'play');
  const sv = readSeatView(view);
  if (plays.length === 0 || sv === null || view.hand?.awaiting !== 'move') return [];
  const r = search(sv, plays, random, budget, 'wary', rule);
  return plays
    .map((action, i) => ({ action, value: r.values[i] as number, samples: r.tried[i] as number, best: action === r.action }))
    .sort((a, b) => Number(b.best) - Number(a.best) || b.value - a.value);
}
