import { type JobLayout, TABLE_JOBS, jobKeys } from '../redis/layout.ts';
import { luaScript } from '../redis/lua.ts';
import { type RedisClient, runScript } from '../redis/script.ts';
import type { ClaimScope, ClaimedJob, JobQueue, PutMode } from './job.ts';

/**
 * Pending jobs in Redis, shared by every server node, in one schedule per shard
 * (`redis/layout.ts`: a job lives in its table's shard, or its queue's):
 *
 *   {prefix}{shard}jobs     sorted set: job key → when it is due (ms since the epoch)
 *   {prefix}{shard}jobs:p   hash: job key → payload (a table version, or 0)
 *
 * A node claims due jobs from every shard (side by side: one round trip) in one script per
 * shard that also pushes each one's due time to the end of a lease, so two nodes polling at the
 * same moment never take the same job, and a job whose node dies while running it is taken
 * again by another node when the lease runs out. Other scripts (a table's commit, a queue's
 * match) set jobs in their own atomic step with `redis/lua/job-lib.lua`, on their own shard's schedule.
 */

const PUT = luaScript(['job-put.lua']);

// → key, payload, due, key, payload, due, …
const CLAIM = luaScript(['job-claim.lua']);

const DONE = luaScript(['job-done.lua']);

export class RedisJobQueue implements JobQueue {
  /** Shard → the earliest time a job this node set there falls due. */
  private readonly expected = new Map<string, number>();

  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly layout: JobLayout = TABLE_JOBS,
  ) {}

  /**
   * A job this node set in shard `tag` (a commit's next step, a queue's fill) falls due at
   * `at`: the claim that runs then looks at that shard alone rather than at every one — one
   * script per move for a computer player's step, as before the shards.
   */
  expect(tag: string, at: number): void {
    const known = this.expected.get(tag);
    if (known === undefined || at < known) this.expected.set(tag, at);
  }

  async put(key: string, payload: number, at: number, mode: PutMode = 'replace'): Promise<void> {
    const tag = this.layout.tagOf(key);
    const keys = jobKeys(this.prefix, tag);
    await runScript(this.client, PUT, [keys.due, keys.payloads], [key, String(payload), String(Math.round(at)), mode]);
    this.expect(tag, at);
  }

  /**
   * Up to `limit` jobs from each shard looked at (none is left behind leased), earliest first:
   * every shard (the runner's polls: jobs other nodes set, or left), or for a wake-up
   * (`expected`) only those where this node expects a job of its own due now.
   */
  async claim(now: number, leaseUntil: number, limit: number, scope: ClaimScope = 'all'): Promise<ClaimedJob[]> {
    const lease = Math.round(leaseUntil);
    const expected = [...this.expected].filter(([, at]) => at <= now).map(([tag]) => tag);
    for (const tag of expected) this.expected.delete(tag);
    const tags = scope === 'all' ? this.layout.tags : expected;
    if (tags.length === 0) return [];
    const shards = await Promise.all(
      tags.map((tag) => {
        const keys = jobKeys(this.prefix, tag);
        return runScript(this.client, CLAIM, [keys.due, keys.payloads], [String(Math.floor(now)), String(lease), String(limit)]) as Promise<string[]>;
      }),
    );
    const due: { job: ClaimedJob; at: number }[] = [];
    for (const flat of shards) {
      for (let i = 0; i + 2 < flat.length; i += 3) due.push({ job: { key: flat[i] as string, payload: Number(flat[i + 1]), lease }, at: Number(flat[i + 2]) });
    }
    due.sort((a, b) => a.at - b.at || (a.job.key < b.job.key ? -1 : a.job.key > b.job.key ? 1 : 0));
    return due.map((d) => d.job);
  }

  async done(job: ClaimedJob): Promise<void> {
    const keys = this.keysOf(job.key);
    await runScript(this.client, DONE, [keys.due, keys.payloads], [job.key, String(job.payload), String(job.lease)]);
  }

  async dueAt(key: string): Promise<{ at: number; payload: number } | null> {
    const keys = this.keysOf(key);
    const [at, payload] = await Promise.all([this.client.zScore(keys.due, key), this.client.hGet(keys.payloads, key)]);
    return at === null ? null : { at, payload: Number(payload ?? 0) };
  }

  /** Jobs due at `now` (claimed or not), over every shard. */
  async dueCount(now: number): Promise<number> {
    const counts = await Promise.all(this.layout.tags.map((tag) => this.client.zCount(jobKeys(this.prefix, tag).due, '-inf', Math.floor(now))));
    return counts.reduce((a, b) => a + b, 0);
  }

  private keysOf(key: string): { due: string; payloads: string } {
    return jobKeys(this.prefix, this.layout.tagOf(key));
  }
}
