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
 * - **Matchmaking** is a shard of its own, `{mm}`: every queue, who waits where, who is seated at
 *   a game under way, the pending matches and the queues' jobs (`q:`, `m:`). The guard "nobody
 *   waits in two queues or is matched twice" stays one atomic step across every queue.
 *
 * The shard count is part of the stored layout, not a setting: changing it would move tables.
 */
export const SHARD_COUNT = 12;

/** The matchmaking shard's tag. */
export const MM_TAG = '{mm}';

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

/** Every job shard a node polls: the table shards and the matchmaking shard. */
export const JOB_TAGS: readonly string[] = [...SHARD_TAGS, MM_TAG];

/**
 * The shard of a job by its key (`jobs/job.ts`): a queue's fill (`q:`) and a match waiting to be
 * seated (`m:`) are matchmaking's, set in its scripts; every other job is its table's.
 */
export function jobTag(key: string): string {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  if (kind === 'q' || kind === 'm') return MM_TAG;
  const rest = key.slice(colon + 1);
  const end = rest.indexOf(':');
  return shardOf(end < 0 ? rest : rest.slice(0, end));
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

/** The keys of the layout before shards (one global index each): a store that finds them says so (`store/redis.ts`). */
export function unshardedKeys(prefix: string): string[] {
  return [`${prefix}touched`, `${prefix}jobs`, `${prefix}seated`];
}
