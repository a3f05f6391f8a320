import { type Action, type RandomSource, type TableView, legalActions } from '@fives/engine';
import { type Attention, countingAction } from './claims.ts';
import type { Budget, BotPolicy, PlayAction } from './policy.ts';
import { type ChooseNine, nineDefensive, onDoubleNine } from './nine.ts';
import { type SeatView, readSeatView } from './seat-view.ts';

/** How a level picks among two or more legal plays; everything else is common to all levels. */
export type ChoosePlay = (sv: SeatView, plays: readonly PlayAction[], random: RandomSource, budget: Budget | undefined, view: TableView) => PlayAction;

/**
 * A whole policy from a way of choosing plays: Muggins calls and claims as the level's
 * attention allows, draws and passes when nothing fits, a lone legal play without thinking.
 * On a double-nine set, whose hands the seat view cannot hold, `nine` chooses instead (nine.ts).
 */
export function makePolicy(choose: ChoosePlay, attention: Attention, nine: ChooseNine = nineDefensive): BotPolicy {
  return (view, random, budget) => {
    const legal = legalActions(view);
    if (legal.length === 0) return null;
    const counting = countingAction(view, legal, attention, random);
    if (counting !== 'play') return counting;
    const plays = legal.filter((a): a is PlayAction => a.type === 'play');
    if (plays.length === 0) return legal.find((a) => a.type === 'draw' || a.type === 'pass') ?? null;
    if (plays.length === 1) return plays[0] as Action;
    if (onDoubleNine(view)) return nine(view, plays, random);
    const sv = readSeatView(view);
    if (sv === null) return plays[0] as Action;
    return choose(sv, plays, random, budget, view);
  };
}
