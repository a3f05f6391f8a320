import { type Action, type GameState, type RandomSource, apply, legalActions, view } from '@fives/engine';
import { type BotLevel, type WireAction, toWireAction } from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { chooseBotAction } from '../bots/policy.ts';
import type { TableDoc } from './doc.ts';

/** Whether some computer player at the table has something to do now (its turn, or a Muggins to call). */
export function botCanAct(doc: TableDoc): boolean {
  const state = doc.state;
  if (state === null || state.status !== 'playing') return false;
  return doc.seats.some((s, seat) => s.kind === 'bot' && legalActions(view(state, seat)).length > 0);
}

/** The bot move to make now: a Muggins call first (it closes when the next tile is played), else the bot whose turn it is. */
export function botMove(d: TableDoc, random: RandomSource, log: FastifyBaseLogger): { seat: number; wire: WireAction } | null {
  const state = d.state;
  if (state === null) return null;
  let chosen: { seat: number; action: Action } | null = null;
  for (const [seat, s] of d.seats.entries()) {
    if (s.kind !== 'bot') continue;
    const action = decide(s.level, state, seat, random, log);
    if (action === null) continue;
    if (action.type === 'muggins') {
      chosen = { seat, action };
      break;
    }
    if (state.hand?.turn === seat) chosen = { seat, action };
  }
  if (chosen === null) return null;
  return { seat: chosen.seat, wire: toWireAction(chosen.action) };
}

function decide(level: BotLevel, state: GameState, seat: number, random: RandomSource, log: FastifyBaseLogger): Action | null {
  const v = view(state, seat);
  const legal = legalActions(v);
  if (legal.length === 0) return null;
  const chosen = chooseBotAction(level, v, random);
  if (chosen !== null && chosen.seat === seat && apply(state, chosen).ok) return chosen;
  // Off its turn a bot may pass on Muggins; on its turn a policy's mistake must not stall the table.
  if (state.hand?.turn !== seat) return null;
  log.error({ seat, level, chose: chosen?.type ?? null }, 'a bot policy gave no legal action on its turn; playing its first legal one');
  return legal.find((a) => a.type !== 'muggins') ?? legal[0] ?? null;
}
