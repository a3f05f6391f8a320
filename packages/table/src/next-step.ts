import { isCorrespondence } from '@fives/protocol';
import { botCanAct } from './actors.ts';
import { paused } from './clock.ts';
import type { TableDoc } from './doc.ts';

export interface StepTiming {
  /** The pause before a computer player moves. */
  readonly botDelayMs: number;
  /** The pause between the end of a hand and the next deal. */
  readonly handPauseMs: number;
  /** How long a person may be gone before a stand-in takes their seat. */
  readonly graceMs: number;
}

/**
 * When the table should next be looked at by itself (ms since the epoch), or null for never:
 * the next deal; a computer player's (or stand-in's) move; the turn timer running out; and,
 * while a person is to move, a look every grace period at whether they are still connected (a
 * node that dies never reports its sockets' disconnections, so this is what catches them).
 * The job is stored with the change that calls for it, in one atomic step.
 */
export function nextStepAt(doc: TableDoc, now: number, t: StepTiming): number | null {
  const state = doc.state;
  if (doc.phase !== 'playing' || state === null || paused(doc)) return null;
  if (state.status === 'dealing') return now + t.handPauseMs;
  if (state.status !== 'playing' || state.hand === null) return null;
  if (botCanAct(doc, now)) return now + t.botDelayMs;
  const mover = doc.seats[state.hand.turn];
  if (mover?.kind !== 'human') return null;
  // A correspondence game's people come and go for days: only their turn clock wakes the table.
  if (isCorrespondence(doc.settings.turnSeconds)) return doc.clock.turn?.at ?? null;
  const watch = now + t.graceMs;
  const turn = doc.clock.turn;
  return turn === null ? watch : Math.min(turn.at, watch);
}
