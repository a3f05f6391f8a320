import { createClient, createSentinel } from 'redis';
import { type RedisClient, makeRedisClient } from './script.ts';

/** A Sentinel's address (`REDIS_SENTINELS`). */
export interface SentinelNode {
  readonly host: string;
  readonly port: number;
}

/**
 * Where the store is: one Redis at a URL (`REDIS_URL`), or the master of a Sentinel-managed
 * Redis (`REDIS_SENTINELS` + `REDIS_SENTINEL_NAME`), found through the sentinels and followed
 * when they fail it over.
 */
export type RedisTarget = { readonly kind: 'single'; readonly url: string } | { readonly kind: 'sentinel'; readonly name: string; readonly sentinels: readonly SentinelNode[] };

/** What `/healthz` and the startup log say of the store's Redis. */
export function redisMode(target: RedisTarget): string {
  switch (target.kind) {
    case 'single':
      return 'single';
    case 'sentinel':
      return `sentinel ${target.name} via ${target.sentinels.length} sentinel${target.sentinels.length === 1 ? '' : 's'}`;
  }
}

/** Where it is, for an operator's message (never a password). */
export function redisWhere(target: RedisTarget): string {
  switch (target.kind) {
    case 'single':
      return redactUrl(target.url);
    case 'sentinel':
      return `master ${target.name} through ${target.sentinels.map((s) => `${s.host}:${s.port}`).join(', ')}`;
  }
}

export interface ClientOptions {
  /** How long a first connection may take before it fails, ms (`REDIS_CONNECT_TIMEOUT_MS`). */
  readonly connectTimeoutMs: number;
  /** The adapter's clients: no per-command timeout (see `sockets/adapter.ts`). */
  readonly noCommandTimeout?: boolean;
}

/**
 * The store's client for `target`, not yet connected. In sentinel mode it is node-redis's
 * Sentinel client: it asks the sentinels for the master, keeps one connection to it (scripts,
 * MULTI and commands), and moves to the new master when a sentinel announces `+switch-master`
 * (or a command meets READONLY / a dropped connection), subscriptions included (its pub/sub
 * connection follows the master too). It offers the same commands as a single client, so the
 * store, jobs and queues take it as one (the one cast of this kind is here).
 */
export function makeClient(target: RedisTarget, o: ClientOptions): RedisClient {
  switch (target.kind) {
    case 'single': {
      // The adapter's (as it always was): reconnecting for ever, its commands queued meanwhile.
      if (o.noCommandTimeout === true) return createClient({ url: target.url, commandOptions: { timeout: 0 } });
      return makeRedisClient(target.url, o.connectTimeoutMs);
    }
    case 'sentinel':
      return makeSentinelClient(target, o) as unknown as RedisClient;
  }
}

function makeSentinelClient(target: Extract<RedisTarget, { kind: 'sentinel' }>, o: ClientOptions) {
  const started = Date.now();
  let connected = false;
  const sentinel = createSentinel({
    name: target.name,
    sentinelRootNodes: target.sentinels.map((s) => ({ host: s.host, port: s.port })),
    // One connection to the master, as in single mode: commands pipeline on it.
    masterPoolSize: 1,
    ...(o.noCommandTimeout === true ? { commandOptions: { timeout: 0 } } : {}),
    nodeClientOptions: {
      // A command while the master is away fails (server/busy) rather than waiting in a queue.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: Math.min(o.connectTimeoutMs, 10_000),
        reconnectStrategy: (retries: number, cause: Error) => {
          if (!connected && Date.now() - started >= o.connectTimeoutMs) return cause;
          // Short: a master that failed is replaced within seconds, and a restarted one comes back as fast.
          return Math.min(50 * 2 ** Math.min(retries, 4), 800);
        },
      },
    },
    sentinelClientOptions: { socket: { connectTimeout: Math.min(o.connectTimeoutMs, 10_000) } },
  });
  sentinel.on('ready', () => {
    connected = true;
  });
  return sentinel;
}

/** `host:port,host:port` (REDIS_SENTINELS) as nodes; throws a message for a bad entry. */
export function parseSentinels(text: string): SentinelNode[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((entry) => {
      const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry);
      const port = m === null ? NaN : Number(m[2]);
      if (m === null || port < 1 || port > 65535) throw new Error(`REDIS_SENTINELS must be host:port,host:port,…, not ${JSON.stringify(entry)}`);
      return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
    });
}

/** The URL without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}
