import { type GameState, type RecordHand, handToRecord } from '@fives/engine';

/** A hand is closed once it has ended, or the game ended in it (docs/rules.md#winning: at once, mid-hand). */
function closedHand(state: GameState | null): boolean {
  return state !== null && state.hand !== null && (state.hand.end !== null || state.status === 'over');
}

/** The record entry to append when a change closes a hand; null otherwise. */
export function closedBy(before: GameState | null, after: GameState): RecordHand | null {
  if (closedHand(before) || !closedHand(after) || after.hand === null) return null;
  return handToRecord(after.hand);
}
