import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../src/config.ts';

describe('the settings for exposing a server', () => {
  it('refuses to start in production without a secret to sign tokens with', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => configFromEnv({ NODE_ENV: 'production', FIVES_SECRET: 'short' })).toThrow(/16 characters/);
    expect(configFromEnv({ NODE_ENV: 'production', FIVES_SECRET: 'a-long-enough-secret-value' }).options.secret).toBe('a-long-enough-secret-value');
  });

  it('reads the rate limits as COUNT/SECONDS, 0 for none, and refuses anything else', () => {
    const c = configFromEnv({ RATE_TABLES: '5/60', RATE_GUESTS: '0', IDLE_SECONDS: '30', TRUST_PROXY: '1' });
    expect(c.options.limits?.tables).toEqual({ limit: 5, windowMs: 60_000 });
    expect(c.options.limits?.guests?.limit).toBe(0);
    expect(c.options.limits?.idleMs).toBe(30_000);
    expect(c.options.limits?.queueJoins).toEqual({ limit: 60, windowMs: 600_000 });
    expect(c.options.trustedProxies).toBe(1);
    expect(() => configFromEnv({ RATE_TABLES: 'lots' })).toThrow(/COUNT\/SECONDS/);
    expect(() => configFromEnv({ RATE_TABLES: '5/0' })).toThrow(ConfigError);
  });

  it('reads the code lookups limit and the open sockets cap, with defaults a person never meets', () => {
    expect(configFromEnv({}).options.limits).toMatchObject({ codeLookups: { limit: 30, windowMs: 600_000 }, addressSockets: 200 });
    const c = configFromEnv({ RATE_CODE_LOOKUPS: '10/60', SOCKETS_PER_ADDRESS: '0' });
    expect(c.options.limits).toMatchObject({ codeLookups: { limit: 10, windowMs: 60_000 }, addressSockets: 0 });
    expect(() => configFromEnv({ SOCKETS_PER_ADDRESS: 'many' })).toThrow(/SOCKETS_PER_ADDRESS/);
  });

  it('takes the allowed origins from CORS_ORIGIN, else PUBLIC_URL; keeps records and tables as long as told', () => {
    expect(configFromEnv({}).options.corsOrigins).toEqual([]);
    expect(configFromEnv({ PUBLIC_URL: 'https://fives.example.org/' }).options.corsOrigins).toEqual(['https://fives.example.org']);
    expect(configFromEnv({ PUBLIC_URL: 'https://a.example', CORS_ORIGIN: 'https://b.example, http://c.example:8080' }).options.corsOrigins).toEqual([
      'https://b.example',
      'http://c.example:8080',
    ]);
    expect(() => configFromEnv({ CORS_ORIGIN: 'not an origin' })).toThrow(ConfigError);
    const c = configFromEnv({ RECORD_RETENTION_DAYS: '7', TABLE_TTL_HOURS: '0' });
    expect(c.recordRetentionMs).toBe(7 * 24 * 3600 * 1000);
    expect(c.options.tableTtlMs).toBe(0);
    expect(configFromEnv({}).recordRetentionMs).toBe(30 * 24 * 3600 * 1000);
  });
});
