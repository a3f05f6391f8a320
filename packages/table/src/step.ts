import { type Result, ok } from '@fives/engine';
import type { Problem } from '@fives/protocol';
import { type BotChooser, type BotMove, botMove } from './actors.ts';
import { actionChange } from './acting.ts';
import type { Change } from './change.ts';
import type { SeedSource } from './dealer.ts';
import type { TableDoc } from './doc.ts';
import { deal } from './starting.ts';

/**
 * The table's automatic step, due on `version` (see `nextStepAt`): the next deal, else the
 * automatic move that comes next (a Muggins call first, then the turn's: a computer player's,
 * an away person's stand-in's, or a stand-in's for a person out of time). `idle`: nothing was
 * due, the person to move is waited for. `bot`: the move made, for the runner to report a
 * policy that gave nothing legal (`fellBack`).
 */
export type Step = { readonly kind: 'stale' } | { readonly kind: 'idle' } | { readonly kind: 'change'; readonly change: Change; readonly bot: BotMove | null };

export function automaticStep(d: TableDoc, now: number, version: number, sources: { readonly seeds: SeedSource; readonly choose: BotChooser }): Result<Step, Problem> {
  if (d.version !== version || d.phase !== 'playing' || d.state === null) return ok({ kind: 'stale' });
  if (d.state.status === 'dealing') {
    const dealt = deal(d, sources.seeds);
    return dealt.ok ? ok({ kind: 'change', change: dealt.value, bot: null }) : dealt;
  }
  const bot = botMove(d, now, sources.choose);
  if (bot === null) return ok({ kind: 'idle' });
  const moved = actionChange(d, bot.seat, bot.wire, bot.actor.why);
  return moved.ok ? ok({ kind: 'change', change: moved.value, bot }) : moved;
}
