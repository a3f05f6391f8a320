import type { JobQueue } from '../../src/jobs/job.ts';
import type { Matchmaking } from '../../src/lobby/matchmaking.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';

/**
 * The jobs and matchmaking contracts' fixtures on a Redis store, one server's or a cluster's: each
 * opens a store of its own, and closing it deletes that store's keys before it disconnects, so the
 * single-server and the cluster runs set up and clean up alike.
 */
export function redisJobs(open: () => Promise<RedisTableStore>): () => Promise<{ jobs: JobQueue; close: () => Promise<void> }> {
  return async () => {
    const store = await open();
    return { jobs: store.jobs, close: () => emptied(store) };
  };
}

export function redisMatchmaking(open: () => Promise<RedisTableStore>): () => Promise<{ mm: Matchmaking; jobs: JobQueue; close: () => Promise<void> }> {
  return async () => {
    const store = await open();
    return { mm: store.matchmaking, jobs: store.jobs, close: () => emptied(store) };
  };
}

async function emptied(store: RedisTableStore): Promise<void> {
  await store.deleteAll();
  await store.close();
}
