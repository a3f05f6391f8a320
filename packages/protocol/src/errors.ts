import { z } from 'zod';
import { ErrorCode } from './error-codes.ts';

const codes = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(codes);

/** Where a malformed message went wrong, one entry per problem (zod's issues, flattened). */
export const IssueSchema = z.strictObject({ path: z.string(), message: z.string() });
export type Issue = z.output<typeof IssueSchema>;

/**
 * A refusal. `event` names the client event it answers (absent over HTTP); `version` is the
 * table's current version when an action was stale, so a client knows it must catch up;
 * `retryAfterMs` says when a limited client may try again. A queue ban (`queue/banned`) says
 * until when it lasts (`until`, with `retryAfterMs` the time left) and why: the rated games the
 * person left (`leaves`) in the last `windowHours`.
 */
export const ProblemSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string(),
  event: z.string().optional(),
  issues: z.array(IssueSchema).optional(),
  version: z.int().optional(),
  /** With `rate/limited` (and `server/busy` when it is known): how long to wait before trying again. */
  retryAfterMs: z.int().min(0).optional(),
  /** With `queue/banned`: when the ban ends. */
  until: z.iso.datetime().optional(),
  /** With `queue/banned`: the rated games left within the window that made the ban. */
  leaves: z.int().min(1).optional(),
  /** With `queue/banned`: the sliding window the leaves are counted over, in hours. */
  windowHours: z.number().positive().optional(),
});
export type Problem = z.output<typeof ProblemSchema>;

/** The body of every HTTP error response. */
export const HttpErrorSchema = z.strictObject({ error: ProblemSchema });
export type HttpError = z.output<typeof HttpErrorSchema>;

/** zod's issues as the protocol reports them. */
export function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}
