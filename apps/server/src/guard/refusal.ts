import { ErrorCode, type Problem } from '@fives/protocol';
import { problem } from '../tables/problems.ts';

/**
 * A `rate/limited` refusal. The wait is rounded up to whole seconds first, so the message's
 * "try again in N s", `retryAfterMs` and an HTTP Retry-After header all say the same thing.
 */
export function rateLimited(why: string, retryAfterMs: number): Problem & { retryAfterMs: number } {
  const seconds = retryAfterSeconds(retryAfterMs);
  return { ...problem(ErrorCode.rateLimited, `${why}; try again in ${seconds} s`), retryAfterMs: seconds * 1000 };
}

/** A wait in whole seconds, at least one. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}
