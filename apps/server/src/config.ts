import { fileURLToPath } from 'node:url';
import type { ServerOptions } from './app.ts';
import { Operators } from './admin/operators.ts';
import { type VapidSettings, vapidSettings } from './push/keys.ts';
import { DEFAULTS } from './defaults.ts';
import type { Limits } from './guard/limits.ts';
import type { RateRule } from './guard/rates.ts';
import { type RedisTarget, parseSentinels } from './redis/connect.ts';

/**
 * The server's settings from the environment — the one place that reads it. README's settings
 * table lists every variable; the defaults are `defaults.ts`'s, here in each variable's own unit
 * (test/unit/defaults.test.ts holds the two together). Exposing it to the internet: docs/protocol.md,
 * "Limits".
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly redisUrl: string | undefined;
  /** Which Redis, if any: `REDIS_URL` (one instance), `REDIS_CLUSTER_NODES` (a cluster's seed nodes) or `REDIS_SENTINELS` + `REDIS_SENTINEL_NAME`; undefined: in memory. */
  readonly redisTarget: RedisTarget | undefined;
  readonly redisPrefix: string;
  readonly logLevel: string;
  /** How long game records are kept after their last hand, ms (0: for ever). */
  readonly recordRetentionMs: number;
  readonly redisConnectTimeoutMs: number;
  /** How long a command to Redis may wait for its reply before it is failed as a stalled Redis, ms. */
  readonly redisCommandTimeoutMs: number;
  /** Replicas a commit must reach before it counts (`WAIT`), and for how long it waits for them, ms. */
  readonly redisWait: { readonly replicas: number; readonly ms: number };
  /** PostgreSQL for the archive; unset: finished games are kept in memory (not durable). */
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  readonly options: Omit<ServerOptions, 'store' | 'archive' | 'logger'>;
}

export class ConfigError extends Error {}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
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
    reactions: rate(env, 'RATE_REACTIONS', d.reactions),
    accounts: rate(env, 'RATE_ACCOUNTS', d.accounts),
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

/**
 * `REDIS_URL` (one Redis), `REDIS_CLUSTER_NODES` (comma-separated `redis://host:port` seed nodes
 * of a Redis Cluster) or `REDIS_SENTINELS` (a Sentinel-managed Redis: the master is asked of the
 * sentinels and followed through failovers). Two at once would be two answers to one question:
 * refused, rather than one silently ignored.
 */
function redisTarget(env: NodeJS.ProcessEnv): RedisTarget | undefined {
  const url = env.REDIS_URL || undefined;
  const nodes = (env.REDIS_CLUSTER_NODES ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const sentinels = env.REDIS_SENTINELS || undefined;
  const name = env.REDIS_SENTINEL_NAME || undefined;
  if ([url !== undefined, nodes.length > 0, sentinels !== undefined].filter(Boolean).length > 1) {
    throw new ConfigError('set one of REDIS_URL (one Redis), REDIS_CLUSTER_NODES (a Redis Cluster) or REDIS_SENTINELS (a Sentinel-managed one), not two');
  }
  if (sentinels === undefined && name !== undefined) throw new ConfigError('REDIS_SENTINEL_NAME is set but REDIS_SENTINELS is not: list the sentinels (host:port,…)');
  if (nodes.length > 0) {
    for (const n of nodes) {
      if (!isRedisUrl(n)) throw new ConfigError(`REDIS_CLUSTER_NODES must be redis://host:port seed nodes, comma-separated, not ${JSON.stringify(n)}`);
    }
    return { mode: 'cluster', nodes };
  }
  if (sentinels === undefined) return url === undefined ? undefined : { mode: 'single', url };
  if (name === undefined) throw new ConfigError('REDIS_SENTINELS needs REDIS_SENTINEL_NAME: the name the sentinels monitor the master under');
  let found;
  try {
    found = parseSentinels(sentinels);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  if (found.length === 0) throw new ConfigError('REDIS_SENTINELS lists no sentinel');
  return { mode: 'sentinel', name, sentinels: found };
}

export function configFromEnv(env: NodeJS.ProcessEnv): Config {
  const secret = env.FIVES_SECRET;
  if (env.NODE_ENV === 'production' && (secret === undefined || secret === '')) {
    throw new ConfigError('FIVES_SECRET must be set in production: it signs the guest tokens that say who owns each seat');
  }
  if (secret !== undefined && secret !== '' && secret.split(',').some((s) => s.trim().length < 16)) {
    throw new ConfigError('FIVES_SECRET must be at least 16 characters (each of them, when it lists previous secrets after a comma)');
  }
  const redis = redisTarget(env);
  const waitReplicas = int(env, 'REDIS_WAIT_REPLICAS', 0);
  if (waitReplicas > 0 && redis?.mode === 'cluster') {
    throw new ConfigError("REDIS_WAIT_REPLICAS is for one Redis or a Sentinel-managed one: on a Redis Cluster a table's writes go to the master of its slot");
  }
  let operators: Operators | null = null;
  if (env.ADMIN_TOKEN !== undefined && env.ADMIN_TOKEN !== '') {
    try {
      operators = Operators.parse(env.ADMIN_TOKEN);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  const publicUrl = env.PUBLIC_URL === undefined || env.PUBLIC_URL === '' ? undefined : env.PUBLIC_URL;
  let vapid: VapidSettings;
  try {
    vapid = vapidSettings(env, publicUrl);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    port: int(env, 'PORT', DEFAULTS.port),
    host: env.HOST || DEFAULTS.host,
    redisUrl: env.REDIS_URL || undefined,
    redisTarget: redis,
    redisPrefix: env.REDIS_PREFIX || DEFAULTS.redisPrefix,
    logLevel: env.LOG_LEVEL || DEFAULTS.logLevel,
    recordRetentionMs: int(env, 'RECORD_RETENTION_DAYS', DEFAULTS.recordRetentionMs / DAY) * DAY,
    redisConnectTimeoutMs: int(env, 'REDIS_CONNECT_TIMEOUT_MS', DEFAULTS.redisConnectTimeoutMs),
    redisCommandTimeoutMs: int(env, 'REDIS_COMMAND_TIMEOUT_MS', DEFAULTS.redisCommandTimeoutMs, 1),
    // Off by default: measured, WAIT costs a replication round trip per commit and holds up the
    // commands behind it on the connection (docs/performance.md, "Failover").
    redisWait: { replicas: waitReplicas, ms: int(env, 'REDIS_WAIT_MS', DEFAULTS.redisWaitMs, 1) },
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: int(env, 'DATABASE_POOL', DEFAULTS.databasePoolSize, 1),
    options: {
      ...(secret ? { secret } : {}),
      ...(publicUrl ? { publicUrl } : {}),
      ...(operators === null ? {} : { operators }),
      vapid,
      webRoot: env.WEB_ROOT || DEFAULT_WEB_ROOT,
      botDelayMs: int(env, 'BOT_DELAY_MS', DEFAULTS.botDelayMs),
      botBudget: { ms: int(env, 'BOT_BUDGET_MS', DEFAULTS.botBudgetMs, 1) },
      botWorkers: int(env, 'BOT_WORKERS', DEFAULTS.botWorkers),
      handPauseMs: int(env, 'HAND_PAUSE_MS', DEFAULTS.handPauseMs),
      graceMs: int(env, 'AWAY_GRACE_MS', DEFAULTS.graceMs),
      mugginsWindowMs: int(env, 'MUGGINS_WINDOW_MS', DEFAULTS.mugginsWindowMs, 1000),
      queueTurnSeconds: queueTurnSeconds(int(env, 'QUEUE_TURN_SECONDS', DEFAULTS.queueTurnSeconds)),
      queueBans: {
        windowMs: int(env, 'LEAVE_BAN_WINDOW_HOURS', DEFAULTS.queueBans.windowMs / HOUR, 1) * HOUR,
        after: int(env, 'LEAVE_BAN_AFTER', DEFAULTS.queueBans.after),
        firstMs: int(env, 'LEAVE_BAN_MINUTES', DEFAULTS.queueBans.firstMs / MINUTE, 1) * MINUTE,
      },
      jobPollMs: int(env, 'JOB_POLL_MS', DEFAULTS.jobPollMs, 10),
      jobLeaseMs: int(env, 'JOB_LEASE_MS', DEFAULTS.jobLeaseMs, 100),
      limits: limits(env),
      trustedProxies: int(env, 'TRUST_PROXY', DEFAULTS.trustedProxies),
      corsOrigins: origins(env, publicUrl),
      tableTtlMs: int(env, 'TABLE_TTL_HOURS', DEFAULTS.tableTtlMs / HOUR) * HOUR,
      tokenTtlMs: int(env, 'TOKEN_TTL_DAYS', DEFAULTS.tokenTtlMs / DAY, 1) * DAY,
      drainMs: int(env, 'DRAIN_SECONDS', DEFAULTS.processDrainMs / SECOND) * SECOND,
    },
  };
}
