import type { RandomSource } from '@fives/engine';
import { ErrorCode } from '@fives/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { healthRoutes } from './http/health.ts';
import { OneLinePerRequest } from './http/logging.ts';
import { sendProblem } from './http/reply.ts';
import { tablesRoutes } from './http/tables.ts';
import { TokenSigner } from './identity/token.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { LobbyService } from './lobby/service.ts';
import { createRuntime } from './runtime.ts';
import { type GameServer, attachSockets } from './sockets/plugin.ts';
import { MemoryTableStore } from './store/memory.ts';
import type { TableStore } from './store/store.ts';
import { type SeedSource, cryptoRandom, cryptoSeeds, seedsFrom } from './tables/dealer.ts';
import { problem } from './tables/problems.ts';
import type { TableService } from './tables/service.ts';
import { webPlugin } from './web/plugin.ts';

/** Signs tokens when no secret is given: fine on a laptop, never in production (see `config.ts`). */
export const DEVELOPMENT_SECRET = 'fives-development-secret-do-not-use-in-production';

export interface ServerOptions {
  /** Where tables live; default: in memory (not durable). */
  readonly store?: TableStore;
  /** Signs guest tokens (HMAC-SHA256); default: a fixed development secret, with a loud warning. */
  readonly secret?: string;
  /** A pino logger, or false for none; default: pino at info. */
  readonly logger?: FastifyBaseLogger | false;
  /** The pause before a computer player moves, in ms (0 in tests). */
  readonly botDelayMs?: number;
  /** The pause between the end of a hand and the next deal, in ms. */
  readonly handPauseMs?: number;
  /** How long a person may be gone before a computer player takes their seat, in ms (default 20 s). */
  readonly graceMs?: number;
  /** How long opponents may call Muggins on a missed count, in ms (default 10 s). */
  readonly mugginsWindowMs?: number;
  /** The turn time of tables made from the random-opponent queues, in seconds; null for none (default 30). */
  readonly queueTurnSeconds?: number | null;
  /** How often this node looks for due jobs set by other nodes, in ms (default 1 s). */
  readonly jobPollMs?: number;
  /**
   * How long a claimed job is this node's before another may run it again, in ms (default 5 s):
   * how long a table waits when the node running its step dies. Jobs are idempotent, so a short
   * lease costs at most a step looked at twice.
   */
  readonly jobLeaseMs?: number;
  /** The computer players' random choices; default: crypto.randomInt. */
  readonly random?: RandomSource;
  /**
   * Each hand's secret seed, from which `dealFromSeed` makes the deal (docs/fairness.md).
   * Default: 128 bits from crypto.randomBytes — or, when `random` is given (a seeded test
   * server), seeds drawn from it, so that such a server deals the same games every run.
   */
  readonly seeds?: SeedSource;
  /** The clock of every deadline and delay (tests move a fake one on instead of sleeping). */
  readonly now?: () => Date;
  /** The origin invite links use; default: the request's. */
  readonly publicUrl?: string;
  /** The built web client; null: serve the "not built" page. */
  readonly webRoot?: string | null;
}

export type GameApp = FastifyInstance & {
  readonly io: GameServer;
  readonly service: TableService;
  readonly lobby: LobbyService;
  readonly store: TableStore;
  /** This node's job runner (`poll()` runs what is due now). */
  readonly jobs: JobRunner;
};

/**
 * The whole server, not yet listening: Fastify with its plugins (health, tables API, web
 * client) and Socket.IO attached. Everything it touches comes in through `options`, so tests
 * build it against a throwaway Redis prefix, a zero bot delay and a seeded shuffle.
 */
export async function build(options: ServerOptions = {}): Promise<GameApp> {
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : options.logger ? { loggerInstance: options.logger } : { logger: true }),
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
  });
  const store = options.store ?? new MemoryTableStore();
  if (!store.durable) app.log.warn('tables are kept in memory: NOT durable, lost when this process stops (set REDIS_URL)');
  if (options.secret === undefined) {
    app.log.warn('FIVES_SECRET is not set: guest tokens are signed with a fixed development secret; anyone can forge them');
  }
  const signer = new TokenSigner(options.secret ?? DEVELOPMENT_SECRET);

  let io: GameServer | null = null;
  const now = options.now ?? (() => new Date());
  const { service, lobby, jobs, openTables } = createRuntime({
    store,
    log: app.log,
    random: options.random ?? cryptoRandom,
    seeds: options.seeds ?? (options.random === undefined ? cryptoSeeds : seedsFrom(options.random)),
    now,
    botDelayMs: options.botDelayMs ?? 900,
    handPauseMs: options.handPauseMs ?? 2500,
    graceMs: options.graceMs ?? 20_000,
    mugginsWindowMs: options.mugginsWindowMs ?? 10_000,
    queueTurnSeconds: options.queueTurnSeconds === undefined ? 30 : options.queueTurnSeconds,
    jobPollMs: options.jobPollMs ?? 1000,
    jobLeaseMs: options.jobLeaseMs ?? 5000,
    io: () => io,
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, problem(ErrorCode.internal, 'the server failed to handle this request'));
    }
    // Fastify's own 4xx: a body that is not JSON, too large, a wrong content type.
    return reply.code(status).send({ error: problem(ErrorCode.invalidMessage, error.message) });
  });

  await app.register(healthRoutes, { store });
  await app.register(tablesRoutes, { service, lobby, signer, publicUrl: options.publicUrl, now });
  await app.register(webPlugin, { root: options.webRoot ?? null });

  const sockets = attachSockets(app, { service, lobby, signer, now });
  io = sockets;
  app.addHook('onReady', async () => {
    const resumed = await service.resumeAll();
    if (resumed > 0) app.log.info({ tables: resumed }, 'checked the next step of every table under way');
    jobs.start();
  });
  app.addHook('onClose', async () => {
    jobs.close();
    openTables.close();
    await store.close();
  });
  const extras = { io: sockets, service, lobby, store, jobs };
  return Object.assign(app as FastifyInstance, extras);
}

/** Starts listening; resolves to the address (e.g. http://127.0.0.1:3000). */
export async function listen(app: FastifyInstance, port: number, host = '0.0.0.0'): Promise<string> {
  return app.listen({ port, host });
}
