import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTableStore } from '../../src/store/redis.ts';
import { SHARD_TAGS } from '../../src/redis/layout.ts';
import { keySlot } from '../../src/redis/slots.ts';
import { jobsContract } from '../contract/jobs.contract.ts';
import { matchmakingClaims } from '../contract/matchmaking-claims.ts';
import { matchmakingContract } from '../contract/matchmaking.contract.ts';
import { storeContract } from '../contract/store.contract.ts';
import { type TestCluster, startCluster } from '../support/redis-cluster.ts';
import { uniquePrefix } from '../support/redis.ts';
import { redisJobs, redisMatchmaking } from '../support/store-contracts.ts';

/**
 * The store, jobs and matchmaking contracts on a real Redis Cluster (issue 17): every script
 * names keys of one hash slot, or the cluster refuses it (CROSSSLOT) — and the queues' guard
 * across the slots of a queue and of its people. Ports 7100–7105.
 */
let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster(7100);
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

const clusterStore = (): Promise<RedisTableStore> => RedisTableStore.connect({ target: { mode: 'cluster', nodes: cluster.urls }, prefix: uniquePrefix() });

storeContract('redis cluster', clusterStore);
jobsContract('redis cluster', redisJobs(clusterStore));
matchmakingContract('redis cluster', redisMatchmaking(clusterStore));

matchmakingClaims('redis cluster', () => ({ mode: 'cluster', nodes: cluster.urls }));

describe('the key layout on a cluster', () => {
  it('computes each shard tag’s slot as the cluster does, and says it runs on a cluster', async () => {
    for (const tag of SHARD_TAGS.slice(0, 4)) expect(Number((await cluster.cli(7100, 'cluster', 'keyslot', `fives:${tag}t:x`)).trim())).toBe(keySlot(`fives:${tag}t:x`));
    const store = await clusterStore();
    expect(store.mode).toBe('cluster');
    expect(await store.ping()).toBe(true);
    await store.close();
  });
});
