import type { RandomSource } from '@fives/engine';
import { ErrorCode } from '@fives/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type JobRunner, type TurnScheduler, TimerScheduler } from './bots/scheduler.ts';
import { healthRoutes } from './http/health.ts';
import { OneLinePerRequest } from './http/logging.ts';
import { sendProblem } from './http/reply.ts';
import { tablesRoutes } from './http/tables.ts';
import { TokenSigner } from './identity/token.ts';
import { type GameServer, attachSockets, broadcast } from './sockets/plugin.ts';
import { MemoryTableStore } from './store/memory.ts';
import type { TableStore } from './store/store.ts';
import { cryptoRandom } from './tables/dealer.ts';
import { problem } from './tables/problems.ts';
import { TableService } from './tables/service.ts';
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
  /** Shuffles and random leaders; default: crypto.randomInt. */
  readonly random?: RandomSource;
  readonly now?: () => Date;
  /** The origin invite links use; default: the request's. */
  readonly publicUrl?: string;
  /** The built web client; null: serve the "not built" page. */
  readonly webRoot?: string | null;
  /** How the table's automatic steps are timed; default: this process's timers. */
  readonly scheduler?: (run: JobRunner) => TurnScheduler;
}

export type GameApp = FastifyInstance & { readonly io: GameServer; readonly service: TableService; readonly store: TableStore };

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
  const service = new TableService({
    store,
    random: options.random ?? cryptoRandom,
    now: options.now ?? (() => new Date()),
    botDelayMs: options.botDelayMs ?? 900,
    handPauseMs: options.handPauseMs ?? 2500,
    log: app.log,
    onChange: (doc) => {
      if (io !== null) broadcast(io, doc);
    },
  });
  const run: JobRunner = (tableId, version) => service.runStep(tableId, version);
  const scheduler =
    options.scheduler?.(run) ?? new TimerScheduler(run, (error, tableId) => app.log.error({ err: error, tableId }, 'an automatic step failed'));
  service.useScheduler(scheduler);

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
  await app.register(tablesRoutes, { service, signer, publicUrl: options.publicUrl });
  await app.register(webPlugin, { root: options.webRoot ?? null });

  const sockets = attachSockets(app, { service, signer });
  io = sockets;
  app.addHook('onReady', async () => {
    const resumed = await service.resumeAll();
    if (resumed > 0) app.log.info({ tables: resumed }, 'resumed the tables under way');
  });
  app.addHook('onClose', async () => {
    scheduler.close();
    await store.close();
  });
  const extras = { io: sockets, service, store };
  return Object.assign(app as FastifyInstance, extras);
}

/** Starts listening; resolves to the address (e.g. http://127.0.0.1:3000). */
export async function listen(app: FastifyInstance, port: number, host = '0.0.0.0'): Promise<string> {
  return app.listen({ port, host });
}
