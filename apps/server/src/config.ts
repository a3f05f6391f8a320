import { fileURLToPath } from 'node:url';
import type { ServerOptions } from './app.ts';
import { DEFAULTS } from './defaults.ts';
import type { Limits } from './guard/limits.ts';
import type { RateRule } from './guard/rates.ts';
import type { RedisTarget } from './redis/connect.ts';

/**
 * The server's settings from the environment — the one place that reads it. README's settings
 * table lists every variable; the defaults are `defaults.ts`'s, here in each variable's own unit
 * (test/defaults.test.ts holds the two together). Exposing it to the internet: docs/protocol.md,
 * "Limits".
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly redisUrl: string | undefined;
  /** Which Redis, if any: `REDIS_URL` (one instance) or `REDIS_CLUSTER_NODES` (a cluster's seed nodes). */
  readonly redisTarget: RedisTarget | undefined;
  readonly redisPrefix: string;
  readonly logLevel: string;
  /** How long game records are kept after their last hand, ms (0: for ever). */
  readonly recordRetentionMs: number;
  readonly redisConnectTimeoutMs: number;
  /** PostgreSQL for the archive; unset: finished games are kept in memory (not durable). */
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  readonly options: Omit<ServerOptions, 'store' | 'archive' | 'logger'>;
}

export class ConfigError extends Error {}

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

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
  return { limit: Number(m[1]), windowMs: Number(m[2]) * SECOND };
}

function origins(env: NodeJS.ProcessEnv, publicUrl: string | undefined): string[] {
  const list = env.CORS_ORIGIN
    ? env.CORS_ORIGIN.split(',')
        .map((o) => o.trim())
        .filter((o) => o !== '')
    : publicUrl
      ? [publicUrl]
      : [];
  return list.map((o) => {
    try {
      return new URL(o).origin;
    } catch {
      throw new ConfigError(`CORS_ORIGIN and PUBLIC_URL must be origins like https://fives.example.org, not ${JSON.stringify(o)}`);
    }
  });
}

function limits(env: NodeJS.ProcessEnv): Limits {
  const d = DEFAULTS.limits;
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
    idleMs: int(env, 'IDLE_SECONDS', d.idleMs / SECOND) * SECOND,
  };
}

function isRedisUrl(text: string): boolean {
  try {
    return ['redis:', 'rediss:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** `REDIS_URL` or `REDIS_CLUSTER_NODES` (comma-separated `redis://host:port`), not both. */
function redisTarget(env: NodeJS.ProcessEnv): RedisTarget | undefined {
  const url = env.REDIS_URL || undefined;
  const nodes = (env.REDIS_CLUSTER_NODES ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (nodes.length === 0) return url === undefined ? undefined : { mode: 'single', url };
  if (url !== undefined) throw new ConfigError('set REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both');
  for (const n of nodes) {
    if (!isRedisUrl(n)) throw new ConfigError(`REDIS_CLUSTER_NODES must be redis://host:port seed nodes, comma-separated, not ${JSON.stringify(n)}`);
  }
  return { mode: 'cluster', nodes };
}

export function configFromEnv(env: NodeJS.ProcessEnv): Config {
  const secret = env.FIVES_SECRET;
  if (env.NODE_ENV === 'production' && (secret === undefined || secret === '')) {
    throw new ConfigError('FIVES_SECRET must be set in production: it signs the guest tokens that say who owns each seat');
  }
  if (secret !== undefined && secret !== '' && secret.length < 16) throw new ConfigError('FIVES_SECRET must be at least 16 characters');
  const publicUrl = env.PUBLIC_URL === undefined || env.PUBLIC_URL === '' ? undefined : env.PUBLIC_URL;
  return {
    port: int(env, 'PORT', DEFAULTS.port),
    host: env.HOST || DEFAULTS.host,
    redisUrl: env.REDIS_URL || undefined,
    redisTarget: redisTarget(env),
    redisPrefix: env.REDIS_PREFIX || DEFAULTS.redisPrefix,
    logLevel: env.LOG_LEVEL || DEFAULTS.logLevel,
    recordRetentionMs: int(env, 'RECORD_RETENTION_DAYS', DEFAULTS.recordRetentionMs / DAY) * DAY,
    redisConnectTimeoutMs: int(env, 'REDIS_CONNECT_TIMEOUT_MS', DEFAULTS.redisConnectTimeoutMs),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: int(env, 'DATABASE_POOL', DEFAULTS.databasePoolSize, 1),
    options: {
      ...(secret ? { secret } : {}),
      ...(publicUrl ? { publicUrl } : {}),
      webRoot: env.WEB_ROOT || DEFAULT_WEB_ROOT,
      botDelayMs: int(env, 'BOT_DELAY_MS', DEFAULTS.botDelayMs),
      botBudget: { ms: int(env, 'BOT_BUDGET_MS', DEFAULTS.botBudgetMs, 1) },
      botWorkers: int(env, 'BOT_WORKERS', DEFAULTS.botWorkers),
      handPauseMs: int(env, 'HAND_PAUSE_MS', DEFAULTS.handPauseMs),
      graceMs: int(env, 'AWAY_GRACE_MS', DEFAULTS.graceMs),
      mugginsWindowMs: int(env, 'MUGGINS_WINDOW_MS', DEFAULTS.mugginsWindowMs, 1000),
      queueTurnSeconds: queueTurnSeconds(int(env, 'QUEUE_TURN_SECONDS', DEFAULTS.queueTurnSeconds)),
      jobPollMs: int(env, 'JOB_POLL_MS', DEFAULTS.jobPollMs, 10),
      jobLeaseMs: int(env, 'JOB_LEASE_MS', DEFAULTS.jobLeaseMs, 100),
      limits: limits(env),
      trustedProxies: int(env, 'TRUST_PROXY', DEFAULTS.trustedProxies),
      corsOrigins: origins(env, publicUrl),
      tableTtlMs: int(env, 'TABLE_TTL_HOURS', DEFAULTS.tableTtlMs / HOUR) * HOUR,
      drainMs: int(env, 'DRAIN_SECONDS', DEFAULTS.processDrainMs / SECOND) * SECOND,
    },
  };
}
