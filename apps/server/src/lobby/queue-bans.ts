/**
 * Queue bans for serial leavers (docs/protocol.md#queue-bans), lichess's escalating play bans
 * in a simpler shape: the rated games a person left (and did not come back to before they
 * ended) are counted over a sliding window; from the `after`-th leave in the window on, they may
 * not join a random-opponent queue for `firstMs` from their latest leave, three times longer
 * with each further leave in the window, never longer than the window itself. As the window
 * slides past their old leaves, the ban shrinks and ends by itself. Pure: the leaves and the
 * time come in as arguments.
 */
export interface QueueBanRules {
  /** The sliding window leaves are counted over. */
  readonly windowMs: number;
  /** The leave in the window that brings the first ban (0: no bans). */
  readonly after: number;
  /** The first ban's length; each further leave in the window triples it. */
  readonly firstMs: number;
}

export interface QueueBan {
  /** When the ban ends, ms since the epoch. */
  readonly until: number;
  /** The leaves in the window that made it. */
  readonly leaves: number;
}

/** Each further leave in the window multiplies the ban by this. */
export const BAN_GROWTH = 3;

/** The ban in force at `nowMs`, given when the person left rated games (ms, any order); null: none. */
export function queueBan(leaves: readonly number[], nowMs: number, rules: QueueBanRules): QueueBan | null {
  if (rules.after < 1) return null;
  const inWindow = leaves.filter((at) => at > nowMs - rules.windowMs && at <= nowMs);
  if (inWindow.length < rules.after) return null;
  const latest = Math.max(...inWindow);
  const length = Math.min(rules.windowMs, rules.firstMs * BAN_GROWTH ** (inWindow.length - rules.after));
  const until = latest + length;
  return until > nowMs ? { until, leaves: inWindow.length } : null;
}
