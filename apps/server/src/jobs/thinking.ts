import type { RedisClient } from '../redis/script.ts';
import type { JobQueue } from './job.ts';
import { MemoryJobQueue } from './memory.ts';
import { THINK_JOBS } from '../redis/layout.ts';
import { RedisJobQueue } from './redis.ts';

/**
 * Computer players' moves waiting for a thinker, apart from every other job: a node that thinks
 * nowhere itself (BOT_WORKERS=0) hands a move here (`b:<table>`, on the version it is due on),
 * and only thinkers — worker processes (`fives worker`) and nodes with bot threads — claim from
 * it, under the same lease as every job: a thinker killed mid-thought never marks its job done,
 * so when the lease runs out another takes it; the commit's version check makes the move once.
 * Thinkers also say here that they are alive, so a node that hands a move over with nobody to
 * take it can say so.
 */
export interface ThinkQueue {
  readonly jobs: JobQueue;
  /** Thinker `id` is alive until `until` (ms since the epoch). */
  beat(id: string, until: number): Promise<void>;
  /** Thinkers alive at `now`. */
  alive(now: number): Promise<number>;
  /** Moves due at `now` that no thinker has taken. */
  waiting(now: number): Promise<number>;
}

/**
 *   {prefix}think:{think}jobs, …:p     the moves waiting (a job queue of its own in one shard, `THINK_JOBS`: `jobs/redis.ts`)
 *   {prefix}think:alive                sorted set: thinker id → until when it is alive
 */
export class RedisThinkQueue implements ThinkQueue {
  readonly jobs: RedisJobQueue;
  private readonly aliveKey: string;

  constructor(
    private readonly client: RedisClient,
    prefix: string,
  ) {
    this.jobs = new RedisJobQueue(client, `${prefix}think:`, THINK_JOBS);
    this.aliveKey = `${prefix}think:alive`;
  }

  async beat(id: string, until: number): Promise<void> {
    await this.client.zAdd(this.aliveKey, { score: Math.round(until), value: id });
  }

  async alive(now: number): Promise<number> {
    await this.client.zRemRangeByScore(this.aliveKey, '-inf', Math.floor(now));
    return this.client.zCount(this.aliveKey, Math.floor(now) + 1, '+inf');
  }

  waiting(now: number): Promise<number> {
    return this.jobs.dueCount(now);
  }
}

/** The in-memory twin (one process: its own threads are the only thinkers it can have). */
export class MemoryThinkQueue implements ThinkQueue {
  readonly jobs = new MemoryJobQueue();
  private readonly thinkers = new Map<string, number>();

  async beat(id: string, until: number): Promise<void> {
    this.thinkers.set(id, until);
  }

  async alive(now: number): Promise<number> {
    return [...this.thinkers.values()].filter((until) => until > now).length;
  }

  async waiting(now: number): Promise<number> {
    return this.jobs.dueCount(now);
  }
}
