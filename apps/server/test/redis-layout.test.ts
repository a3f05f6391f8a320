import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../src/config.ts';
import { JOB_TAGS, MM_TAG, SHARD_COUNT, SHARD_TAGS, jobTag, shardOf, tableKeys } from '../src/redis/layout.ts';
import { SLOTS, keySlot } from '../src/redis/slots.ts';

describe('the Redis key layout (issue 17)', () => {
  it('computes slots as Redis Cluster does (known values), hash tags included', () => {
    expect(keySlot('foo')).toBe(12182);
    expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
    expect(keySlot('a{}b')).toBe(keySlot('a{}b'));
  });

  it('puts each shard tag in its own part of the slot range, and a table’s keys and jobs in its shard', () => {
    expect(SHARD_TAGS).toHaveLength(SHARD_COUNT);
    SHARD_TAGS.forEach((tag, k) => {
      const slot = keySlot(tag);
      expect(slot).toBeGreaterThanOrEqual(Math.floor((k * SLOTS) / SHARD_COUNT));
      expect(slot).toBeLessThan(Math.floor(((k + 1) * SLOTS) / SHARD_COUNT));
    });
    const id = 'abcdef1234';
    const keys = tableKeys('fives:', id);
    const slot = keySlot(keys.table);
    expect([keys.record(3), keys.finished(1), keys.kept, `fives:${shardOf(id)}jobs`].map(keySlot)).toEqual([slot, slot, slot, slot]);
    for (const job of [`t:${id}`, `a:${id}:2`, `g:${id}:1`, `b:${id}`]) expect(jobTag(job)).toBe(shardOf(id));
    expect(jobTag('q:q0123456789ab')).toBe(MM_TAG);
    expect(jobTag(`m:${id}`)).toBe(MM_TAG);
    expect(JOB_TAGS).toContain(MM_TAG);
  });

  it('reads REDIS_CLUSTER_NODES as a cluster’s seed nodes; REDIS_URL and it together is a mistake', () => {
    expect(configFromEnv({ REDIS_CLUSTER_NODES: 'redis://10.0.0.1:7000, redis://10.0.0.2:7000' }).redisTarget).toEqual({
      mode: 'cluster',
      nodes: ['redis://10.0.0.1:7000', 'redis://10.0.0.2:7000'],
    });
    expect(configFromEnv({ REDIS_URL: 'redis://r:6379' }).redisTarget).toEqual({ mode: 'single', url: 'redis://r:6379' });
    expect(configFromEnv({}).redisTarget).toBeUndefined();
    expect(() => configFromEnv({ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'redis://a:1' })).toThrow(ConfigError);
    expect(() => configFromEnv({ REDIS_CLUSTER_NODES: 'a:1' })).toThrow(/redis:\/\/host:port/);
  });
});
