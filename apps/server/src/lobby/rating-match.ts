import { type Rating, SHOWN_RD } from '@fives/protocol';

/**
 * Who may be seated with whom in the random-opponent queue, by rating (issue 18): people of close
 * ratings first, the range widening the longer they wait, until someone's fill time seats them
 * with whoever may meet them and computer players. Pure: the memory queue asks it with its own
 * clock; the Redis queue's scripts (`matchmaking-redis.ts`) are its twin in Lua, and the
 * matchmaking contract holds both to the same cases.
 */
export const RATING_RANGE = {
  /** How far apart two ratings may be at once. */
  startPoints: 100,
  /** How much wider the range grows each second waited. */
  pointsPerSecond: 20,
} as const;

/** Someone waiting: their rating of the queue's key (null: never rated) and since when. */
export interface Waiting {
  readonly id: string;
  readonly rating: Rating | null;
  readonly sinceMs: number;
  /** Whom they are never seated with (blocks, either way). */
  readonly avoid?: readonly string[];
}

/** One of the two blocks the other (either's list says so): never seated together, however long they wait. */
export function avoids(a: Waiting, b: Waiting): boolean {
  return (a.avoid?.includes(b.id) ?? false) || (b.avoid?.includes(a.id) ?? false);
}

/** The rating the queue compares (null: a rating too uncertain to show, "?", whom anyone may meet). The Redis queue stores this with the ticket. */
export function compared(r: Rating | null): number | null {
  return r === null || r.rd > SHOWN_RD ? null : r.rating;
}

/** How far apart ratings may be for someone who has waited `waitedMs`. */
export function ratingRange(waitedMs: number): number {
  return RATING_RANGE.startPoints + (Math.max(0, waitedMs) / 1000) * RATING_RANGE.pointsPerSecond;
}

/**
 * Whether `a` and `b` may be seated together at `nowMs`: both must accept, so the narrower of
 * their ranges (the one who came last) decides. An uncertain rating matches anyone.
 */
export function mayMeet(a: Waiting, b: Waiting, nowMs: number): boolean {
  if (avoids(a, b)) return false;
  const [ra, rb] = [compared(a.rating), compared(b.rating)];
  if (ra === null || rb === null) return true;
  return Math.abs(ra - rb) <= Math.min(ratingRange(nowMs - a.sinceMs), ratingRange(nowMs - b.sinceMs));
}

/**
 * The `players` people to seat now, or null: the longest-waiting person first, then in order of
 * arrival each one who may meet everyone chosen so far. With ratings far apart nobody is seated
 * until the ranges have grown (or the fill time seats them with computers).
 */
export function matchByRating(waiting: readonly Waiting[], players: number, nowMs: number): string[] | null {
  const queue = waiting.toSorted((a, b) => a.sinceMs - b.sinceMs || (a.id < b.id ? -1 : 1));
  for (let first = 0; first < queue.length; first++) {
    const chosen: Waiting[] = [queue[first] as Waiting];
    for (const w of queue) {
      if (chosen.length === players) break;
      if (chosen.includes(w)) continue;
      if (chosen.every((c) => mayMeet(c, w, nowMs))) chosen.push(w);
    }
    if (chosen.length === players) return chosen.map((c) => c.id);
  }
  return null;
}

/**
 * When two of the waiting who may not meet now next may (the earliest such time after `nowMs`),
 * or null: nobody's range will ever take in anyone new, or fewer than `players` wait. The queue's
 * job runs then (or at the fill time, if sooner) to look again. With 100 + 20/s and the later
 * arrival deciding, two ratings `d` apart meet `(d - 100) / 20` seconds after the later came,
 * rounded up to the millisecond so that `mayMeet` holds at that time.
 */
export function nextMeeting(waiting: readonly Waiting[], players: number, nowMs: number): number | null {
  if (waiting.length < players) return null;
  let next: number | null = null;
  for (const [i, a] of waiting.entries()) {
    for (const b of waiting.slice(i + 1)) {
      const [ra, rb] = [compared(a.rating), compared(b.rating)];
      if (ra === null || rb === null || avoids(a, b)) continue;
      const at = Math.max(a.sinceMs, b.sinceMs) + Math.ceil(((Math.abs(ra - rb) - RATING_RANGE.startPoints) * 1000) / RATING_RANGE.pointsPerSecond);
      if (at > nowMs && (next === null || at < next)) next = at;
    }
  }
  return next;
}
