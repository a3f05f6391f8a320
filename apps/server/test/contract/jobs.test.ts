import { MemoryJobQueue } from '../../src/jobs/memory.ts';
import { MemoryMatchmaking } from '../../src/lobby/matchmaking-memory.ts';
import { jobsContract } from './jobs.contract.ts';
import { matchmakingContract } from './matchmaking.contract.ts';
import { redisStore } from '../support/redis.ts';
import { redisJobs, redisMatchmaking } from '../support/store-contracts.ts';

jobsContract('memory', async () => ({ jobs: new MemoryJobQueue(), close: async () => {} }));
jobsContract('redis', redisJobs(redisStore));

matchmakingContract('memory', async () => {
  const jobs = new MemoryJobQueue();
  return { mm: new MemoryMatchmaking(jobs), jobs, close: async () => {} };
});
matchmakingContract('redis', redisMatchmaking(redisStore));
