import { SLOTS, crc16, keySlot } from './slots.ts';

/**
 * Where every key lives, so that each Lua script touches keys of ONE hash slot (Redis Cluster
 * refuses anything else with CROSSSLOT). The same layout in single-Redis mode: one code path.
 *
 * - **Shards.** `SHARD_COUNT` hash tags, `{s<k>.<j>}`, each chosen to fall in its own
 *   1/SHARD_COUNT of the slot range (so a cluster whose masters split the range evenly holds
 *   SHARD_COUNT/masters shards each). A table lives in the shard of its id's hash: its hash, its
 *   games' records, its outbox, its kept record, and the shard's job schedule, open list and
 *   activity/expiry indices — so a table's commit, its next job and its place in the lists are
 *   one atomic step, as before. Lists are merged on read over the shards.
 * - **Codes** live in the shard of the code's hash: creating a table claims its code first (a
 *   step of its own) and lets it go again if the table cannot be made.
 * - **Matchmaking** spreads the same way (issue 17): a queue lives in the shard of its id
 *   (`queueTag`: its line, tickets, ratings, pending matches and its `q:`/`m:` jobs), a person's
 *   claim on a queue and whether they sit at a game under way in the shard of theirs
 *   (`playerTag`). The guard "nobody waits in two queues or is matched twice" is a claim in the
 *   person's slot taken before the ticket goes in, and a compare-and-set on it after a match —
 *   and on its claim id when a match is undone, so a leave meanwhile is never undone with it
 *   (`lobby/matchmaking-redis.ts` says how each half-done step is repaired). Queues reuse the
 *   table shards rather than a tag of their own: the set of queues is open (any rules may be
 *   queued for), and every shard's jobs are polled already.
 *
 * The shard count is part of the stored layout, not a setting: changing it would move tables.
 */
export const SHARD_COUNT = 12;

/** The tag all matchmaking shared before the queues were spread: only to recognise its data (`unshardedKeys`). */
const OLD_MM_TAG = '{mm}';

export const SHARD_TAGS: readonly string[] = Array.from({ length: SHARD_COUNT }, (_, k) => {
  const from = Math.floor((k * SLOTS) / SHARD_COUNT);
  const to = Math.floor(((k + 1) * SLOTS) / SHARD_COUNT);
  // The first `{s<k>.<j>}` whose slot falls in the k-th part of the range (found within a few dozen tries).
  for (let j = 0; ; j++) {
    const tag = `{s${k}.${j}}`;
    const slot = keySlot(tag);
    if (slot >= from && slot < to) return tag;
  }
});

/** The shard (its tag) a table, a code or a player's id falls in. */
export function shardOf(id: string): string {
  return SHARD_TAGS[crc16(Buffer.from(id)) % SHARD_COUNT] as string;
}

/** The shard (its tag) of a queue: its keys and its jobs. */
export function queueTag(queue: string): string {
  return shardOf(queue);
}

/** The shard (its tag) of a person's claim on a queue and of whether they are seated at a game under way. */
export function playerTag(player: string): string {
  return shardOf(player);
}

/** Every job shard a node polls: the table shards (the queues' jobs among them). */
export const JOB_TAGS: readonly string[] = SHARD_TAGS;

/**
 * The shard of a job by its key (`jobs/job.ts`): a match waiting to be seated (`m:<table>:<queue>`)
 * is its queue's, set in the queue's scripts; every other job is in the shard of its key's
 * first id — a queue's fill (`q:<queue>`) its queue's, the rest their table's.
 */
export function jobTag(key: string): string {
  const [kind, id = '', queue = ''] = key.split(':');
  return kind === 'm' ? queueTag(queue) : shardOf(id);
}

/** Where a job queue's jobs live: its shards, and the shard of a job by its key. */
export interface JobLayout {
  readonly tags: readonly string[];
  tagOf(key: string): string;
}

/** The jobs set in the tables' and matchmaking's own scripts: in their shards. */
export const TABLE_JOBS: JobLayout = { tags: JOB_TAGS, tagOf: jobTag };

/**
 * The moves handed to thinkers (`jobs/thinking.ts`): set in a step of their own, so in one
 * shard, `{think}` — every thinker polls it often (every 100 ms), which must stay one script.
 */
export const THINK_JOBS: JobLayout = { tags: ['{think}'], tagOf: () => '{think}' };

/** A table's keys (`store/redis.ts` says what each holds). */
export function tableKeys(prefix: string, id: string) {
  const base = `${prefix}${shardOf(id)}t:${id}`;
  return {
    table: base,
    record: (game: number) => `${base}:g:${game}`,
    finished: (game: number) => `${base}:fin:${game}`,
    kept: `${base}:rec`,
  };
}

/** A shard's lists and indices. */
export function shardKeys(prefix: string, tag: string) {
  const base = `${prefix}${tag}`;
  return {
    active: `${base}active`,
    open: `${base}open`,
    openEntries: `${base}open:e`,
    touched: `${base}touched`,
    waiting: `${base}ph:waiting`,
    over: `${base}ph:over`,
  };
}

export function codeKey(prefix: string, code: string): string {
  return `${prefix}${shardOf(code)}code:${code}`;
}

/** A shard's job schedule (`jobs/redis.ts`). */
export function jobKeys(prefix: string, tag: string): { due: string; payloads: string } {
  return { due: `${prefix}${tag}jobs`, payloads: `${prefix}${tag}jobs:p` };
}

/**
 * The keys of the layouts before: before shards (one global index each), and before the queues
 * were spread (matchmaking's one shard, `{mm}`: who waits, who is seated, its jobs). A store that
 * finds them says so (`store/redis.ts`).
 */
export function unshardedKeys(prefix: string): string[] {
  const mm = `${prefix}${OLD_MM_TAG}`;
  return [`${prefix}touched`, `${prefix}jobs`, `${prefix}seated`, `${mm}seated`, `${mm}mm:who`, `${mm}jobs`];
}
