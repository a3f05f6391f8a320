import { createCluster } from 'redis';
import { type RedisClient, failFast, makeRedisClient } from './script.ts';

/**
 * Which Redis the server runs on — the one place that decides: a single instance
 * (`REDIS_URL`) or a Redis Cluster found from one or more seed nodes (`REDIS_CLUSTER_NODES`).
 * The store, its jobs and queues use the same commands and the same key layout on either
 * (`layout.ts`); only the connection differs.
 */
export type RedisTarget = { readonly mode: 'single'; readonly url: string } | { readonly mode: 'cluster'; readonly nodes: readonly string[] };

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
  close(): Promise<void>;
}

export interface ConnectOptions {
  readonly connectTimeoutMs: number;
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
  }
}

async function connectSingle(url: string, o: ConnectOptions): Promise<RedisConnection> {
  const client = makeRedisClient(url, o.connectTimeoutMs);
  client.on('error', (error: Error) => o.onError?.(error));
  await client.connect();
  return {
    mode: 'single',
    client,
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
    async close() {
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
  return {
    mode: 'cluster',
    client: cluster,
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
    async close() {
      if (cluster.isOpen) await cluster.close();
    },
  };
}
