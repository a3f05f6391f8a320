import type { Timing } from './settle.ts';

/**
 * The times a table runs on unless its runner says otherwise: the server's defaults (its
 * settings can change them) and the practice table's in the browser, so a game offline keeps
 * the pace, the Muggins window and the turn clock of a game online.
 */
export const TABLE_TIMING: Timing = {
  /** A computer player's pause before it moves. */
  botDelayMs: 900,
  /** The pause between the end of a hand and the next deal. */
  handPauseMs: 2500,
  /** How long a person may be gone before a computer player takes their seat. */
  graceMs: 20_000,
  /** How long opponents may call Muggins on a missed count. */
  mugginsWindowMs: 10_000,
};
