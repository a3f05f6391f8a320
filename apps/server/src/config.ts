import { fileURLToPath } from 'node:url';
import type { ServerOptions } from './app.ts';
import { DEFAULT_BOT_BUDGET_MS } from './bots/policy.ts';
import { DEFAULT_LIMITS, type Limits } from './guard/limits.ts';
import type { RateRule } from './guard/rates.ts';

/**
 * The server's settings from the environment — the one place that reads it:
 *
 *   PORT (3000)  HOST (0.0.0.0)  REDIS_URL (unset: in-memory, not durable)  REDIS_PREFIX (fives:)
 *   FIVES_SECRET (required when NODE_ENV=production)  PUBLIC_URL (invite links' origin)
 *   WEB_ROOT (apps/web/dist)  BOT_DELAY_MS (900)  HAND_PAUSE_MS (2500)  LOG_LEVEL (info)
 *   AWAY_GRACE_MS (20000)  MUGGINS_WINDOW_MS (10000)  QUEUE_TURN_SECONDS (30; 0: none)  JOB_POLL_MS (1000)
 *   JOB_LEASE_MS (5000)  BOT_BUDGET_MS (50: the hard and expert players' thinking time per move)
 *   DRAIN_SECONDS (10: on SIGTERM, how long clients have to move to another node)
 *
 * Exposing it to the internet (docs/protocol.md, "Limits"):
 *
 *   CORS_ORIGIN (other origins allowed to call it from a browser, comma-separated; default:
 *   PUBLIC_URL's origin)  TRUST_PROXY (0: proxies in front that append X-Forwarded-For)
 *   RATE_CONNECTION_MESSAGES (100/5)  RATE_ADDRESS_MESSAGES (3000/60)
 *   RATE_ADDRESS_CONNECTIONS (120/60)  RATE_TABLES (30/600)  RATE_QUEUE_JOINS (60/600)
 *   RATE_GUESTS (30/600)  RATE_CODE_LOOKUPS (30/600) — each "COUNT/SECONDS", 0 for no limit
 *   SOCKETS_PER_ADDRESS (50: sockets one address holds open at once across the nodes; 0: no cap)
 *   IDLE_SECONDS (120; 0: never)  RECORD_RETENTION_DAYS (30; 0: for ever)
 *   TABLE_TTL_HOURS (24: an abandoned table's life after its last change; 0: for ever)
 *   REDIS_CONNECT_TIMEOUT_MS (5000: how long a starting server tries to reach Redis)
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly redisUrl: string | undefined;
  readonly redisPrefix: string;
  readonly logLevel: string;
  /** How long game records are kept after their last hand, ms (0: for ever). */
  readonly recordRetentionMs: number;
  readonly redisConnectTimeoutMs: number;
  readonly options: Omit<ServerOptions, 'store' | 'logger'>;
}

export class ConfigError extends Error {}

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number ≥ ${min}, not ${JSON.stringify(text)}`);
  return n;
}

function queueTurnSeconds(seconds: number): number | null {
  if (seconds === 0) return null;
  if (seconds < 5 || seconds > 600) throw new ConfigError(`QUEUE_TURN_SECONDS must be 0 (none) or 5 to 600, not ${seconds}`);
  return seconds;
}

function rate(env: NodeJS.ProcessEnv, name: string, fallback: RateRule): RateRule {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (text === '0') return { limit: 0, windowMs: fallback.windowMs };
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (m === null || Number(m[2]) === 0) throw new ConfigError(`${name} must be COUNT/SECONDS (e.g. 30/600) or 0 for no limit, not ${JSON.stringify(text)}`);
  return { limit: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}

function origins(env: NodeJS.ProcessEnv, publicUrl: string | undefined): string[] {
  const list = env.CORS_ORIGIN ? env.CORS_ORIGIN.split(',').map((o) => o.trim()).filter((o) => o !== '') : publicUrl ? [publicUrl] : [];
  return list.map((o) => {
    try {
      return new URL(o).origin;
    } catch {
      throw new ConfigError(`CORS_ORIGIN and PUBLIC_URL must be origins like https://fives.example.org, not ${JSON.stringify(o)}`);
    }
  });
}

function limits(env: NodeJS.ProcessEnv): Limits {
  const d = DEFAULT_LIMITS;
  return {
    ...d,
    connectionMessages: rate(env, 'RATE_CONNECTION_MESSAGES', d.connectionMessages),
    addressMessages: rate(env, 'RATE_ADDRESS_MESSAGES', d.addressMessages),
    addressConnections: rate(env, 'RATE_ADDRESS_CONNECTIONS', d.addressConnections),
    tables: rate(env, 'RATE_TABLES', d.tables),
    queueJoins: rate(env, 'RATE_QUEUE_JOINS', d.queueJoins),
    guests: rate(env, 'RATE_GUESTS', d.guests),
    codeLookups: rate(env, 'RATE_CODE_LOOKUPS', d.codeLookups),
    addressSockets: int(env, 'SOCKETS_PER_ADDRESS', d.addressSockets),
    idleMs: int(env, 'IDLE_SECONDS', d.idleMs / 1000) * 1000,
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv): Config {
  const secret = env.FIVES_SECRET;
  if (env.NODE_ENV === 'production' && (secret === undefined || secret === '')) {
    throw new ConfigError('FIVES_SECRET must be set in production: it signs the guest tokens that say who owns each seat');
  }
  if (secret !== undefined && secret !== '' && secret.length < 16) throw new ConfigError('FIVES_SECRET must be at least 16 characters');
  const publicUrl = env.PUBLIC_URL === undefined || env.PUBLIC_URL === '' ? undefined : env.PUBLIC_URL;
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'fives:',
    logLevel: env.LOG_LEVEL || 'info',
    recordRetentionMs: int(env, 'RECORD_RETENTION_DAYS', 30) * 24 * 3600 * 1000,
    redisConnectTimeoutMs: int(env, 'REDIS_CONNECT_TIMEOUT_MS', 5000),
    options: {
      ...(secret ? { secret } : {}),
      ...(publicUrl ? { publicUrl } : {}),
      webRoot: env.WEB_ROOT || DEFAULT_WEB_ROOT,
      botDelayMs: int(env, 'BOT_DELAY_MS', 900),
      botBudget: { ms: int(env, 'BOT_BUDGET_MS', DEFAULT_BOT_BUDGET_MS, 1) },
      handPauseMs: int(env, 'HAND_PAUSE_MS', 2500),
      graceMs: int(env, 'AWAY_GRACE_MS', 20_000),
      mugginsWindowMs: int(env, 'MUGGINS_WINDOW_MS', 10_000, 1000),
      queueTurnSeconds: queueTurnSeconds(int(env, 'QUEUE_TURN_SECONDS', 30)),
      jobPollMs: int(env, 'JOB_POLL_MS', 1000, 10),
      jobLeaseMs: int(env, 'JOB_LEASE_MS', 5000, 100),
      limits: limits(env),
      trustedProxies: int(env, 'TRUST_PROXY', 0),
      corsOrigins: origins(env, publicUrl),
      tableTtlMs: int(env, 'TABLE_TTL_HOURS', 24) * 3600 * 1000,
      drainMs: int(env, 'DRAIN_SECONDS', 10) * 1000,
    },
  };
}
