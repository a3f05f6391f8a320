import { type Budget, LEVEL_POLICIES, NAMED_POLICIES } from '@fives/bots';
import type { Action, RandomSource, TableView } from '@fives/engine';
import type { BotLevel } from '@fives/protocol';
import { DEFAULTS } from '../defaults.ts';

/**
 * How a computer player decides, from its own view only (it sees what a person in its seat
 * would). Null means "nothing to do now": not its turn and no Muggins to call.
 *
 * This is the one seam where the players of `@fives/bots` plug in: `chooseBotAction` is all the
 * server calls, and `POLICIES` is all the headless client uses.
 */
export type BotPolicy = (view: TableView, random: RandomSource) => Action | null;

export const randomPolicy: BotPolicy = NAMED_POLICIES.random;
export const greedyPolicy: BotPolicy = NAMED_POLICIES.greedy;

/**
 * The ways of playing the headless client offers. The searching one thinks for the library's
 * default budget (150 ms) per move: the client is a process of its own, blocking nobody.
 */
export const POLICIES = {
  greedy: greedyPolicy,
  random: randomPolicy,
  defensive: NAMED_POLICIES.defensive,
  expert: NAMED_POLICIES.expert,
} as const satisfies Record<string, BotPolicy>;
export type PolicyName = keyof typeof POLICIES;

export function chooseBotAction(level: BotLevel, view: TableView, random: RandomSource, budget: Budget = { ms: DEFAULTS.botBudgetMs }): Action | null {
  return LEVEL_POLICIES[level](view, random, budget);
}
