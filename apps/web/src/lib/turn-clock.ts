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

/**
 * A long clock's time left, shortest first-glance form: "2d 5h", "3h 20m", "12m"; null under a
 * minute and a half, where the clock shows its seconds. (A correspondence turn runs for days.)
 */
export function longTimeLeft(seconds: number): string | null {
  if (seconds < 90) return null;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${Math.ceil(seconds / 60)}m`;
}
