import { PRESETS } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../src/config.ts';
import { JOB_TAGS, SHARD_COUNT, SHARD_TAGS, jobTag, playerTag, queueTag, shardOf, tableKeys } from '../../src/redis/layout.ts';
import { queueOfRules } from '../../src/lobby/matchmaking.ts';
import { SLOTS, keySlot } from '../../src/redis/slots.ts';

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
    // A queue's jobs are its queue's: its fill, and a match waiting for its table (not the table's shard).
    expect(jobTag('q:q0123456789ab')).toBe(queueTag('q0123456789ab'));
    expect(jobTag(`m:${id}:q0123456789ab`)).toBe(queueTag('q0123456789ab'));
    expect(JOB_TAGS).toEqual(SHARD_TAGS);
  });

  it('spreads the queues over the slots, each queue’s keys and jobs in one, each person’s claim in theirs', () => {
    // Every preset at each player count it allows, with its default rules: the queues people are offered.
    const queues = PRESETS.flatMap((preset) =>
      ([2, 3, 4] as const).flatMap((players) => {
        const q = queueOfRules({ preset, players });
        return q === null ? [] : [q];
      }),
    );
    expect(queues.length).toBeGreaterThan(15);
    for (const q of queues) {
      const slot = keySlot(`fives:${queueTag(q)}mm:q:${q}`);
      expect(
        [`fives:${queueTag(q)}mm:t:${q}`, `fives:${queueTag(q)}mm:m:sometable1`, `fives:${jobTag(`q:${q}`)}jobs`, `fives:${jobTag(`m:sometable1:${q}`)}jobs`].map(keySlot),
      ).toEqual([slot, slot, slot, slot]);
    }
    const slots = new Set(queues.map((q) => keySlot(`fives:${queueTag(q)}mm:q:${q}`)));
    expect(slots.size).toBeGreaterThanOrEqual(8);
    // Two queues, two slots: All Fives for two and for four.
    const [two, four] = [queueOfRules({ preset: 'allFives', players: 2 }), queueOfRules({ preset: 'allFives', players: 4 })] as [string, string];
    expect(keySlot(`fives:${queueTag(two)}mm:q:${two}`)).not.toBe(keySlot(`fives:${queueTag(four)}mm:q:${four}`));
    expect(keySlot(`fives:${playerTag('p_ada00000')}mm:who`)).toBe(keySlot(`fives:${playerTag('p_ada00000')}seated`));
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
