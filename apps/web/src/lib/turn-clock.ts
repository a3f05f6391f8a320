/**
 * When a turn's clock turns low: the last third of the turn, at most the last 10 seconds (a
 * 15 s turn warns at 5 s, a 30 s or longer one at 10 s), and at least the last 3.
 */
export function lowTimeSeconds(totalSeconds: number): number {
  return Math.max(3, Math.min(10, Math.ceil(totalSeconds / 3)));
}

/** Whole seconds left before `deadline` at `now` (both in ms), never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
