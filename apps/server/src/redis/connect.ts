import { createCluster, createSentinel } from 'redis';
import { type RedisClient, STORE_COMMANDS, failFast, makeRedisClient } from './script.ts';
import { asError, watchStalls } from './stall.ts';

/** A Sentinel's address (`REDIS_SENTINELS`). */
export interface SentinelNode {
  readonly host: string;
  readonly port: number;
}

/**
 * Which Redis the server runs on — the one place that decides: a single instance
 * (`REDIS_URL`), a Redis Cluster found from one or more seed nodes (`REDIS_CLUSTER_NODES`), or
 * the master of a Sentinel-managed Redis (`REDIS_SENTINELS` + `REDIS_SENTINEL_NAME`), found
 * through the sentinels and followed when they fail it over. The store, its jobs and queues use
 * the same commands and the same key layout on each (`layout.ts`); only the connection differs.
 */
export type RedisTarget =
  | { readonly mode: 'single'; readonly url: string }
  | { readonly mode: 'cluster'; readonly nodes: readonly string[] }
  | { readonly mode: 'sentinel'; readonly name: string; readonly sentinels: readonly SentinelNode[] };

export type RedisMode = RedisTarget['mode'];

export interface RedisConnection {
  readonly mode: RedisMode;
  readonly client: RedisClient;
  /** Every master answers. */
  ping(): Promise<boolean>;
  /** Connected (again) after losing Redis, or to a node newly in charge of some slots (a failover). */
  onReady(listener: () => void): void;
  /** The keys matching a glob pattern, in batches, on every master. */
  scan(match: string): AsyncIterable<string[]>;
  /** How many replicas have every write made so far on this connection, waiting up to `ms` for `replicas` of them (WAIT). */
  waitForReplicas(replicas: number, ms: number): Promise<number>;
  /** Commands failed so far because Redis did not answer in time (`stall.ts`). */
  stalledCommands(): number;
  close(): Promise<void>;
}

export interface ConnectOptions {
  readonly connectTimeoutMs: number;
  /** How long a store command may wait for its reply before it fails as a stalled Redis (`stall.ts`). */
  readonly commandTimeoutMs: number;
  /** Told about connection errors (the clients reconnect by themselves). */
  readonly onError?: (error: Error) => void;
}

/** The target a URL or a list of seed nodes names (the store's options, tests). */
export function redisTarget(o: { readonly url?: string | undefined; readonly clusterNodes?: readonly string[] | undefined }): RedisTarget {
  if (o.clusterNodes !== undefined && o.clusterNodes.length > 0) return { mode: 'cluster', nodes: o.clusterNodes };
  if (o.url === undefined) throw new Error('no Redis to connect to: a URL or cluster nodes');
  return { mode: 'single', url: o.url };
}

export async function connectRedis(target: RedisTarget, o: ConnectOptions): Promise<RedisConnection> {
  switch (target.mode) {
    case 'single':
      return connectSingle(target.url, o);
    case 'cluster':
      return connectCluster(target.nodes, o);
    case 'sentinel':
      return connectSentinel(target, o);
  }
}

async function connectSingle(url: string, o: ConnectOptions): Promise<RedisConnection> {
  const client = makeRedisClient(url, o.connectTimeoutMs);
  client.on('error', (error: Error) => o.onError?.(error));
  await client.connect();
  let closing = false;
  const watch = watchStore(client, o, () => {
    // A half-open connection would wait for its replies for minutes (TCP's retries): connect
    // afresh. Until the new connection is ready, commands fail at once (server/busy).
    if (closing || !client.isOpen) return;
    client.destroy();
    client.connect().then(
      // Closed meanwhile: the new connection must not outlive the store.
      () => (closing && client.isOpen ? client.destroy() : undefined),
      (e: unknown) => o.onError?.(asError(e)),
    );
  });
  return {
    mode: 'single',
    client: watch.client,
    async ping() {
      return (await client.ping()) === 'PONG';
    },
    onReady(listener) {
      // Registered after the first connection: 'ready' from now on means connected again.
      client.on('ready', listener);
    },
    async *scan(match) {
      for await (const keys of client.scanIterator({ MATCH: match, COUNT: 500 })) yield keys;
    },
    waitForReplicas: (replicas, ms) => client.wait(replicas, ms),
    stalledCommands: watch.failed,
    async close() {
      closing = true;
      watch.stop();
      if (client.isOpen) await client.close();
    },
  };
}

async function connectCluster(nodes: readonly string[], o: ConnectOptions): Promise<RedisConnection> {
  const { options, connected } = failFast(o.connectTimeoutMs);
  // Seed nodes only find the cluster; the connections to every node it has are made from `defaults`, credentials included.
  const seed = new URL(nodes[0] as string);
  const cluster = createCluster({
    rootNodes: nodes.map((url) => ({ url })),
    commandOptions: options.commandOptions,
    defaults: {
      ...options,
      ...(seed.username === '' ? {} : { username: decodeURIComponent(seed.username) }),
      ...(seed.password === '' ? {} : { password: decodeURIComponent(seed.password) }),
    },
  });
  cluster.on('error', (error: Error) => o.onError?.(error));
  cluster.on('node-error', (error: Error) => o.onError?.(error));
  await cluster.connect();
  connected();
  const masters = async () => Promise.all(cluster.masters.map((m) => cluster.nodeClient(m)));
  // A master that stops answering is failed over by the cluster; meanwhile its commands fail here.
  const watch = watchStore(cluster, o);
  return {
    mode: 'cluster',
    client: watch.client,
    async ping() {
      const answers = await Promise.all((await masters()).map((c) => c.ping()));
      return answers.every((a) => a === 'PONG');
    },
    onReady(listener) {
      cluster.on('node-ready', listener);
    },
    async *scan(match) {
      for (const client of await masters()) {
        for await (const keys of client.scanIterator({ MATCH: match, COUNT: 500 })) yield keys;
      }
    },
    waitForReplicas() {
      // A table's writes go to the master of its slot, not to one connection WAIT could speak for.
      return Promise.reject(new Error('REDIS_WAIT_REPLICAS is not supported on a Redis Cluster'));
    },
    stalledCommands: watch.failed,
    async close() {
      watch.stop();
      if (cluster.isOpen) await cluster.close();
    },
  };
}

/**
 * node-redis's Sentinel client: it asks the sentinels for the master, keeps one connection to it
 * (scripts, MULTI and commands), and moves to the new master when a sentinel announces
 * `+switch-master` (or a command meets READONLY / a dropped connection), subscriptions included.
 * It offers the same commands as a single client, so the store, jobs and queues take it as one
 * (the one cast of this kind is here).
 */
async function connectSentinel(target: Extract<RedisTarget, { mode: 'sentinel' }>, o: ConnectOptions): Promise<RedisConnection> {
  const sentinel = makeSentinelClient(target, o.connectTimeoutMs);
  sentinel.on('error', (error: Error) => o.onError?.(error));
  await sentinel.connect();
  // A master that stops answering is failed over by the sentinels; meanwhile its commands fail here.
  const watch = watchStore(sentinel as unknown as RedisClient, o);
  return {
    mode: 'sentinel',
    client: watch.client,
    async ping() {
      return (await sentinel.ping()) === 'PONG';
    },
    onReady(listener) {
      sentinel.on('ready', listener);
    },
    async *scan(match) {
      for await (const keys of sentinel.scanIterator({ MATCH: match, COUNT: 500 })) yield keys;
    },
    waitForReplicas: (replicas, ms) => sentinel.wait(replicas, ms),
    stalledCommands: watch.failed,
    async close() {
      watch.stop();
      if (sentinel.isOpen) await sentinel.close();
    },
  };
}

/** The store's commands on `client`, watched for a Redis that stops answering: each stall is told to `onError`, then `reset` runs. */
function watchStore<T extends object>(client: T, o: ConnectOptions, reset?: () => void) {
  return watchStalls(client, STORE_COMMANDS, {
    timeoutMs: o.commandTimeoutMs,
    onStall: (error) => {
      o.onError?.(error);
      reset?.();
    },
  });
}

/** A Sentinel client for `target`, not yet connected, without node-redis's timer per command (`stall.ts`). */
export function makeSentinelClient(target: Extract<RedisTarget, { mode: 'sentinel' }>, connectTimeoutMs: number) {
  const started = Date.now();
  let connected = false;
  const sentinel = createSentinel({
    name: target.name,
    sentinelRootNodes: target.sentinels.map((s) => ({ host: s.host, port: s.port })),
    // One connection to the master, as in single mode: commands pipeline on it.
    masterPoolSize: 1,
    commandOptions: { timeout: 0 },
    nodeClientOptions: {
      // A command while the master is away fails (server/busy) rather than waiting in a queue.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: Math.min(connectTimeoutMs, 10_000),
        reconnectStrategy: (retries: number, cause: Error) => {
          if (!connected && Date.now() - started >= connectTimeoutMs) return cause;
          // Short: a master that failed is replaced within seconds, and a restarted one comes back as fast.
          return Math.min(50 * 2 ** Math.min(retries, 4), 800);
        },
      },
    },
    sentinelClientOptions: { socket: { connectTimeout: Math.min(connectTimeoutMs, 10_000) } },
  });
  sentinel.on('ready', () => {
    connected = true;
  });
  return sentinel;
}

/** What the startup log says of the store's Redis (`/healthz` says the mode alone). */
export function redisDescription(target: RedisTarget): string {
  switch (target.mode) {
    case 'single':
      return 'single';
    case 'cluster':
      return `cluster from ${target.nodes.length} seed node${target.nodes.length === 1 ? '' : 's'}`;
    case 'sentinel':
      return `sentinel ${target.name} via ${target.sentinels.length} sentinel${target.sentinels.length === 1 ? '' : 's'}`;
  }
}

/** Where it is, for an operator's message (never a password). */
export function redisWhere(target: RedisTarget): string {
  switch (target.mode) {
    case 'single':
      return redactUrl(target.url);
    case 'cluster':
      return target.nodes.map(redactUrl).join(', ');
    case 'sentinel':
      return `master ${target.name} through ${target.sentinels.map((s) => `${s.host}:${s.port}`).join(', ')}`;
  }
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
