import { type RandomSource, seededRandom } from '@fives/engine';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { type GameApp, type ServerOptions, build } from '../../src/app.ts';
import type { TableStore } from '../../src/store/store.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { REDIS_URL, deleteKeys, redisStore, uniquePrefix } from './redis.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdef';

export interface TestServer {
  readonly app: GameApp;
  readonly url: string;
  close(): Promise<void>;
}

export type TestServerOptions = Pick<
  ServerOptions,
  | 'now'
  | 'graceMs'
  | 'mugginsWindowMs'
  | 'queueTurnSeconds'
  | 'queueBans'
  | 'botDelayMs'
  | 'limits'
  | 'trustedProxies'
  | 'corsOrigins'
  | 'storeProbeMs'
  | 'logger'
  | 'publicUrl'
  | 'drainMs'
  | 'botWorkers'
  | 'botWorkerEntry'
  | 'botWorkerData'
  | 'botThinkMarginMs'
  | 'thinkPollMs'
  | 'jobPollMs'
  | 'jobLeaseMs'
  | 'role'
  | 'archive'
  | 'safety'
  | 'follows'
  | 'presenceTtlMs'
  | 'operators'
  | 'moderation'
  | 'push'
  | 'vapid'
  | 'pushInsecureEndpoints'
> & {
  store?: TableStore;
  random?: RandomSource;
  seed?: string;
  /** Called with the app before it listens (a test's own hooks). */
  beforeListen?: (app: GameApp) => void;
};

/** A real server on a free port against Redis (a fresh key prefix), bots without a pause. */
export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const store = options.store ?? (await redisStore());
  const app = await buildTestApp(store, options);
  options.beforeListen?.(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: address,
    async close() {
      const prefix = app.store instanceof RedisTableStore ? app.store.prefix : null;
      // The app first, its keys after (deleteKeys says why).
      await app.close();
      if (prefix !== null) await deleteKeys(prefix);
    },
  };
}

function buildTestApp(store: TableStore, options: TestServerOptions): Promise<GameApp> {
  return build({
    store,
    secret: TEST_SECRET,
    logger: options.logger ?? false,
    botDelayMs: options.botDelayMs ?? 0,
    handPauseMs: 0,
    random: options.random ?? seededRandom(options.seed ?? 'server-tests'),
    // A sample budget, not a clock: the searching levels play the same every run, and fast.
    botBudget: { samples: 16 },
    webRoot: null,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
    ...(options.mugginsWindowMs === undefined ? {} : { mugginsWindowMs: options.mugginsWindowMs }),
    ...(options.queueTurnSeconds === undefined ? {} : { queueTurnSeconds: options.queueTurnSeconds }),
    ...(options.queueBans === undefined ? {} : { queueBans: options.queueBans }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.trustedProxies === undefined ? {} : { trustedProxies: options.trustedProxies }),
    ...(options.corsOrigins === undefined ? {} : { corsOrigins: options.corsOrigins }),
    ...(options.storeProbeMs === undefined ? {} : { storeProbeMs: options.storeProbeMs }),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
    // One thread: the machine has few cores, and a test that wants more says so.
    botWorkers: options.botWorkers ?? 1,
    ...(options.botWorkerEntry === undefined ? {} : { botWorkerEntry: options.botWorkerEntry }),
    ...(options.botWorkerData === undefined ? {} : { botWorkerData: options.botWorkerData }),
    ...(options.botThinkMarginMs === undefined ? {} : { botThinkMarginMs: options.botThinkMarginMs }),
    ...(options.thinkPollMs === undefined ? {} : { thinkPollMs: options.thinkPollMs }),
    ...(options.jobPollMs === undefined ? {} : { jobPollMs: options.jobPollMs }),
    ...(options.jobLeaseMs === undefined ? {} : { jobLeaseMs: options.jobLeaseMs }),
    ...(options.role === undefined ? {} : { role: options.role }),
    ...(options.archive === undefined ? {} : { archive: options.archive }),
    ...(options.safety === undefined ? {} : { safety: options.safety }),
    ...(options.follows === undefined ? {} : { follows: options.follows }),
    ...(options.presenceTtlMs === undefined ? {} : { presenceTtlMs: options.presenceTtlMs }),
    ...(options.operators === undefined ? {} : { operators: options.operators }),
    ...(options.moderation === undefined ? {} : { moderation: options.moderation }),
    ...(options.push === undefined ? {} : { push: options.push }),
    ...(options.vapid === undefined ? {} : { vapid: options.vapid }),
    ...(options.pushInsecureEndpoints === undefined ? {} : { pushInsecureEndpoints: options.pushInsecureEndpoints }),
  });
}

/**
 * One more node on a prefix other nodes share (a worker process's stand-in in tests, say), with
 * the Socket.IO Redis adapter; `clients` collects its adapter's connections, to be closed after
 * the node (subscribers first).
 */
export async function startNodeOn(prefix: string, options: TestServerOptions, clients: { readonly isOpen: boolean; close(): Promise<void> }[]): Promise<TestServer> {
  const store = await redisStore(prefix);
  const app = await buildTestApp(store, options);
  const pub = createClient({ url: REDIS_URL });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  // Subscribers first: a closing node must stop hearing the others' requests before it loses
  // the connection it would answer them on.
  clients.unshift(sub);
  clients.push(pub);
  app.io.adapter(createAdapter(pub, sub, { key: `${prefix}io` }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
}

/**
 * Server nodes sharing one Redis prefix, each with its own connections, Socket.IO server, job
 * runner and memory — every way two processes differ but the process itself — and the Socket.IO
 * Redis adapter between them (on a channel of the prefix's own), as a deployment runs them.
 */
export async function startNodes(count: number, options: TestServerOptions = {}): Promise<{ nodes: TestServer[]; prefix: string; close: () => Promise<void> }> {
  const prefix = uniquePrefix();
  const nodes: TestServer[] = [];
  const clients: { readonly isOpen: boolean; close(): Promise<void> }[] = [];
  for (let i = 0; i < count; i++) nodes.push(await startNodeOn(prefix, { ...options, seed: `${options.seed ?? 'nodes'}-${i}` }, clients));
  return {
    nodes,
    prefix,
    async close() {
      const cleaner = await redisStore(prefix);
      for (const n of nodes) await n.close();
      for (const c of clients) if (c.isOpen) await c.close();
      await cleaner.deleteAll();
      await cleaner.close();
    },
  };
}
