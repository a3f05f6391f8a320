import { MemoryJobQueue } from '../src/jobs/memory.ts';
import { MemoryMatchmaking } from '../src/lobby/matchmaking-memory.ts';
import { jobsContract } from './jobs.contract.ts';
import { matchmakingContract } from './matchmaking.contract.ts';
import { redisStore } from './support/redis.ts';

jobsContract('memory', async () => ({ jobs: new MemoryJobQueue(), close: async () => {} }));
jobsContract('redis', async () => {
  const store = await redisStore();
  return {
    jobs: store.jobs,
    async close() {
      await store.deleteAll();
      await store.close();
    },
  };
});

matchmakingContract('memory', async () => {
  const jobs = new MemoryJobQueue();
  return { mm: new MemoryMatchmaking(jobs), jobs, close: async () => {} };
});
matchmakingContract('redis', async () => {
  const store = await redisStore();
  return {
    mm: store.matchmaking,
    jobs: store.jobs,
    async close() {
      await store.deleteAll();
      await store.close();
    },
  };
});
