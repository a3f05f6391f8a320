import { fileURLToPath } from 'node:url';
import type { ServerOptions } from './app.ts';

/**
 * The server's settings from the environment — the one place that reads it:
 *
 *   PORT (3000)  HOST (0.0.0.0)  REDIS_URL (unset: in-memory, not durable)  REDIS_PREFIX (fives:)
 *   FIVES_SECRET (required when NODE_ENV=production)  PUBLIC_URL (invite links' origin)
 *   WEB_ROOT (apps/web/dist)  BOT_DELAY_MS (900)  HAND_PAUSE_MS (2500)  LOG_LEVEL (info)
 *   AWAY_GRACE_MS (20000)  MUGGINS_WINDOW_MS (10000)  QUEUE_TURN_SECONDS (30; 0: none)  JOB_POLL_MS (1000)
 *   JOB_LEASE_MS (5000)
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly redisUrl: string | undefined;
  readonly redisPrefix: string;
  readonly logLevel: string;
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
    options: {
      ...(secret ? { secret } : {}),
      ...(publicUrl ? { publicUrl } : {}),
      webRoot: env.WEB_ROOT || DEFAULT_WEB_ROOT,
      botDelayMs: int(env, 'BOT_DELAY_MS', 900),
      handPauseMs: int(env, 'HAND_PAUSE_MS', 2500),
      graceMs: int(env, 'AWAY_GRACE_MS', 20_000),
      mugginsWindowMs: int(env, 'MUGGINS_WINDOW_MS', 10_000, 1000),
      queueTurnSeconds: queueTurnSeconds(int(env, 'QUEUE_TURN_SECONDS', 30)),
      jobPollMs: int(env, 'JOB_POLL_MS', 1000, 10),
      jobLeaseMs: int(env, 'JOB_LEASE_MS', 5000, 100),
    },
  };
}
