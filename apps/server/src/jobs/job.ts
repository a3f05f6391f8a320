import type { QueueId, TableId } from '@fives/protocol';

/**
 * Everything the server does later, by itself. Each job has a key (one pending job per key: a
 * later setting replaces an earlier one) and a number, its payload:
 *
 *   t:<table>         the table's next automatic step (a bot's move, a deal, a turn running out,
 *                     a look at whether the player to move is still there); payload: the table
 *                     version it was set on, so a table that has moved on since is left alone
 *   a:<table>:<seat>  has this seat's person been gone for the grace period?
 *   q:<queue>         a queue's earliest wait is over: computer players fill the table
 *   m:<table>:<queue> a match made in the queue is to be seated at this (new) table (in the
 *                     queue's shard, as the match is: `redis/layout.ts`)
 *   b:<table>         a computer player's move for a thinker (a node with bot threads or a worker
 *                     process) to think about and commit; payload: the table version, as for `t:`.
 *                     Only in the think queue (`thinking.ts`), which only thinkers claim from
 *   g:<table>:<n>     game n of the table is finished: write it to the archive; payload: n.
 *                     Set in the finishing commit's own atomic step, so a game finished is a
 *                     game archived, whichever node runs it and however often
 *
 * A job may run more than once (a node dies while running it, and its lease runs out), so
 * every job is idempotent: it looks at what is stored now and does only what is still due.
 */
export type Job =
  | { readonly kind: 'table'; readonly tableId: TableId; readonly version: number }
  | { readonly kind: 'away'; readonly tableId: TableId; readonly seat: number }
  | { readonly kind: 'fill'; readonly queue: QueueId }
  | { readonly kind: 'match'; readonly tableId: TableId; readonly queue: QueueId }
  | { readonly kind: 'think'; readonly tableId: TableId; readonly version: number }
  | { readonly kind: 'archive'; readonly tableId: TableId; readonly game: number };

export function tableJobKey(tableId: TableId): string {
  return `t:${tableId}`;
}

export function awayJobKey(tableId: TableId, seat: number): string {
  return `a:${tableId}:${seat}`;
}

export function fillJobKey(queue: QueueId): string {
  return `q:${queue}`;
}

export function matchJobKey(tableId: TableId, queue: QueueId): string {
  return `m:${tableId}:${queue}`;
}

export function thinkJobKey(tableId: TableId): string {
  return `b:${tableId}`;
}

export function archiveJobKey(tableId: TableId, game: number): string {
  return `g:${tableId}:${game}`;
}

/** The job a stored key and payload stand for; null for a key this server does not know. */
export function jobOf(key: string, payload: number): Job | null {
  const [kind = '', id, extra] = key.split(':');
  if (id === undefined || id === '') return null;
  switch (kind) {
    case 't':
      return { kind: 'table', tableId: id as TableId, version: payload };
    case 'a': {
      const seat = Number(extra);
      return Number.isInteger(seat) && seat >= 0 && seat < 4 ? { kind: 'away', tableId: id as TableId, seat } : null;
    }
    case 'q':
      return { kind: 'fill', queue: id };
    case 'm':
      // (`m:<table>` without its queue: the layout before the queues were spread, never polled now)
      return extra === undefined || extra === '' ? null : { kind: 'match', tableId: id as TableId, queue: extra };
    case 'b':
      return { kind: 'think', tableId: id as TableId, version: payload };
    case 'g': {
      const game = Number(extra);
      return Number.isInteger(game) && game >= 1 ? { kind: 'archive', tableId: id as TableId, game } : null;
    }
    default:
      return null;
  }
}

/** A job taken by one node: nobody else takes it before `lease` (ms), unless it is set again. */
export interface ClaimedJob {
  readonly key: string;
  readonly payload: number;
  readonly lease: number;
}

/** Where a claim looks: everywhere, or only where this node expects the jobs it set itself. */
export type ClaimScope = 'all' | 'expected';

/**
 * How a job is set when one is already pending under its key:
 * `replace` — always (but never by an older table version than the pending one's);
 * `ifAbsent` — only when nothing is pending.
 */
export type PutMode = 'replace' | 'ifAbsent';

/**
 * Where pending jobs wait: Redis (shared by every node, surviving any of them) or memory.
 * Both pass `test/jobs.contract.ts`.
 */
export interface JobQueue {
  /** Sets job `key` due at `at` (ms since the epoch). */
  put(key: string, payload: number, at: number, mode?: PutMode): Promise<void>;
  /**
   * Takes up to `limit` jobs due at `now`, earliest first, each leased until `leaseUntil`.
   * `expected`: a wake-up for jobs this node set itself — a store in shards may look only where
   * it knows those are (`jobs/redis.ts`); default `all`, everywhere.
   */
  claim(now: number, leaseUntil: number, limit: number, scope?: ClaimScope): Promise<ClaimedJob[]>;
  /** Removes a job once run, unless it was set again meanwhile (then the new setting stays). */
  done(job: ClaimedJob): Promise<void>;
  /** When job `key` is due, or null when none is pending. */
  dueAt(key: string): Promise<{ at: number; payload: number } | null>;
}
