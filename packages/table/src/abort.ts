import type { GameState, HandState } from '@fives/engine';
import type { SeatRecord, TableDoc } from './doc.ts';

/**
 * Aborting a game (docs/protocol.md#stand-ins-nobody-stalls-a-table): a person who goes away
 * before the first hand's third move, and is still away when the game ends, has aborted it —
 * the game is unrated for everyone and nobody is rated as having left it. A move is a turn
 * taken: a tile played or a pass (draws and Muggins claims are part of a turn).
 */
export const ABORT_BEFORE_MOVES = 3;

/** The turns taken in a hand so far. */
export function movesMade(hand: HandState): number {
  return hand.log.filter((e) => e.type === 'play' || e.type === 'pass').length;
}

/** Whether going away now would abort the game: no hand dealt yet, or the first with fewer than three moves. */
export function abortableNow(state: GameState | null): boolean {
  if (state === null || state.hand === null) return true;
  return state.hands.length <= 1 && movesMade(state.hand) < ABORT_BEFORE_MOVES;
}

/** The person's seat once they are away: marked `leftEarly` when going away now aborts the game. */
export function awaySeat(s: Extract<SeatRecord, { kind: 'human' }>, state: GameState | null): SeatRecord {
  return { ...s, away: true, ...(abortableNow(state) ? { leftEarly: true as const } : {}) };
}

/** The game is aborted: someone who went away before the first hand's third move is away still. */
export function aborted(d: TableDoc): boolean {
  return d.seats.some((s) => s.kind === 'human' && s.away === true && s.leftEarly === true);
}
