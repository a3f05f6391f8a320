import { type Budget, LEVEL_POLICIES } from '@fives/bots';
import type { Action, RandomSource, TableView } from '@fives/engine';
import type { BotLevel } from '@fives/protocol';
import { DEFAULTS } from '../defaults.ts';

/**
 * The one seam where the players of `@fives/bots` plug into the server: a computer player's
 * move, from its own view only (it sees what a person in its seat would), thinking for the
 * server's budget (`DEFAULTS.botBudgetMs`, or BOT_BUDGET_MS). Null means "nothing to do now":
 * not its turn and no Muggins to call.
 */
export function chooseBotAction(level: BotLevel, view: TableView, random: RandomSource, budget: Budget = { ms: DEFAULTS.botBudgetMs }): Action | null {
  return LEVEL_POLICIES[level](view, random, budget);
}
