import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../src/config.ts';
import { redisDescription, redisWhere } from '../../src/redis/connect.ts';

describe('where Redis is: one at a URL, or a Sentinel-managed master', () => {
  it('REDIS_URL is one Redis; nothing is memory', () => {
    expect(configFromEnv({}).redisTarget).toBeUndefined();
    const single = configFromEnv({ REDIS_URL: 'redis://:pw@r:6379' }).redisTarget!;
    expect(single).toEqual({ mode: 'single', url: 'redis://:pw@r:6379' });
    expect(redisDescription(single)).toBe('single');
    expect(redisWhere(single)).not.toContain('pw');
  });

  it('REDIS_SENTINELS and REDIS_SENTINEL_NAME: the sentinels as host:port, the mode said as the startup log says it', () => {
    const target = configFromEnv({ REDIS_SENTINELS: 's1:26379, s2:26380,[::1]:26381', REDIS_SENTINEL_NAME: 'fives' }).redisTarget!;
    expect(target).toEqual({
      mode: 'sentinel',
      name: 'fives',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
    });
    expect(redisDescription(target)).toBe('sentinel fives via 3 sentinels');
    expect(redisWhere(target)).toBe('master fives through s1:26379, s2:26380, ::1:26381');
  });

  it('refuses what is half said or said twice, with the setting to fix', () => {
    expect(() => configFromEnv({ REDIS_SENTINELS: 's1:26379' })).toThrow(/REDIS_SENTINEL_NAME/);
    expect(() => configFromEnv({ REDIS_SENTINEL_NAME: 'fives' })).toThrow(/REDIS_SENTINELS/);
    expect(() => configFromEnv({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'fives', REDIS_URL: 'redis://r' })).toThrow(/not two/);
    expect(() => configFromEnv({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'fives', REDIS_CLUSTER_NODES: 'redis://c1:7000' })).toThrow(/not two/);
    expect(() => configFromEnv({ REDIS_CLUSTER_NODES: 'redis://c1:7000', REDIS_WAIT_REPLICAS: '1' })).toThrow(/Redis Cluster/);
    for (const bad of ['s1', 's1:0', 's1:99999', 's1:26379,:1']) {
      expect(() => configFromEnv({ REDIS_SENTINELS: bad, REDIS_SENTINEL_NAME: 'fives' }), bad).toThrow(ConfigError);
    }
  });

  it('REDIS_WAIT_REPLICAS is off unless set: each change waits for that many replicas, up to REDIS_WAIT_MS', () => {
    expect(configFromEnv({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'fives' }).redisWait).toEqual({ replicas: 0, ms: 250 });
    expect(configFromEnv({ REDIS_WAIT_REPLICAS: '1', REDIS_WAIT_MS: '100' }).redisWait).toEqual({ replicas: 1, ms: 100 });
    expect(() => configFromEnv({ REDIS_WAIT_MS: '0' })).toThrow(ConfigError);
  });

  it('REDIS_COMMAND_TIMEOUT_MS bounds the wait for a reply (5 s unless set); no bound at all is refused', () => {
    expect(configFromEnv({}).redisCommandTimeoutMs).toBe(5000);
    expect(configFromEnv({ REDIS_COMMAND_TIMEOUT_MS: '1500' }).redisCommandTimeoutMs).toBe(1500);
    for (const bad of ['0', '-1', 'soon']) expect(() => configFromEnv({ REDIS_COMMAND_TIMEOUT_MS: bad }), bad).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
  });
});
