import { randomUUID } from 'node:crypto';
import type { Budget } from '@fives/bots';
import type { RandomSource } from '@fives/engine';
import { ErrorCode, type TableId } from '@fives/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { httpLimits } from './guard/http.ts';
import type { Limits } from './guard/limits.ts';
import type { QueueBanRules } from './lobby/queue-bans.ts';
import { SocketGuard } from './guard/sockets.ts';
import { DEFAULTS } from './defaults.ts';
import { BotPool } from './bots/pool.ts';
import type { BotThinker } from './bots/thinker.ts';
import type { GameArchive } from './archive/archive.ts';
import { MemoryArchive } from './archive/memory.ts';
import { MemoryAccounts } from './accounts/store.ts';
import { MemorySafety, type SafetyStore } from './safety/store.ts';
import { type FollowStore, MemoryFollows } from './friends/follows.ts';
import { TournamentRunner } from './tournaments/runner.ts';
import { CorrespondenceKeeper } from './correspondence/keeper.ts';
import { correspondenceRoutes } from './correspondence/routes.ts';
import { type CorrespondenceStore, MemoryCorrespondence } from './correspondence/store.ts';
import { wakingTables } from './correspondence/waking-store.ts';
import { tournamentRoutes } from './tournaments/routes.ts';
import { TournamentService } from './tournaments/service.ts';
import { MemoryTournaments, type TournamentStore } from './tournaments/store.ts';
import { newTournamentId } from './tournaments/ids.ts';
import { NodePresence, PRESENCE_TTL_MS, presenceOf } from './friends/presence.ts';
import { friendsRoutes } from './friends/routes.ts';
import { challengeRoutes } from './friends/challenge-routes.ts';
import { safetyRoutes } from './http/safety.ts';
import { Identities } from './identity/identify.ts';
import type { AccountStore } from './accounts/store.ts';
import { readFigures, NodeHeartbeat } from './admin/figures.ts';
import { MemoryModeration, type ModerationStore } from './admin/moderation.ts';
import type { Operators } from './admin/operators.ts';
import { adminRoutes } from './admin/routes.ts';
import { DEFAULT_VAPID_SUBJECT, SiteKeys, type VapidSettings } from './push/keys.ts';
import { type Notifier, PushNotifier } from './push/notifier.ts';
import { pushRoutes } from './push/routes.ts';
import { MemoryPush, type PushStore } from './push/store.ts';
import { accountRoutes } from './http/account.ts';
import { archiveRoutes } from './http/archive.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { healthRoutes } from './http/health.ts';
import { OneLinePerRequest } from './http/logging.ts';
import { sendProblem } from './http/reply.ts';
import { requestIdFrom, security, securityHeaders, socketOriginCheck } from './http/security.ts';
import { tablesRoutes } from './http/tables.ts';
import { TokenSigner } from './identity/token.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { LobbyService } from './lobby/service.ts';
import { botMetrics } from './metrics/bot-metrics.ts';
import { metricsRoutes } from './metrics/plugin.ts';
import { serverMetrics } from './metrics/server-metrics.ts';
import { trustMetrics } from './metrics/trust-metrics.ts';
import { createRuntime } from './runtime.ts';
import { attachRedisAdapter } from './sockets/adapter.ts';
import { type RedisTarget, redisTarget } from './redis/connect.ts';
import { tableGone } from './sockets/gone.ts';
import { SocketBroadcast } from './sockets/broadcast.ts';
import { OpenTablesFeed, lobbyEvents } from './sockets/lobby.ts';
import { playerRoom } from './sockets/rooms.ts';
import { type GameServer, attachSockets, createSocketServer } from './sockets/plugin.ts';
import { StateResync } from './sockets/resync.ts';
import { isStoreUnavailable } from './store/availability.ts';
import { MemoryTableStore } from './store/memory.ts';
import { StoreMonitor } from './store/monitor.ts';
import { type SharedCounters, sharedBeside } from './store/shared.ts';
import { tagStoreErrors } from './store/tagged.ts';
import type { TableStore } from './store/store.ts';
import { type SeedSource, cryptoRandom, cryptoSeeds, seedsFrom } from './tables/dealer.ts';
import { TableExpiry } from './tables/expiry.ts';
import { problem } from './tables/problems.ts';
import type { TableService } from './tables/service.ts';
import { webPlugin } from './web/plugin.ts';

/** Signs tokens when no secret is given: fine on a laptop, never in production (see `config.ts`). */
export const DEVELOPMENT_SECRET = 'fives-development-secret-do-not-use-in-production';

/** What the server takes; an option not given falls back to `DEFAULTS` (defaults.ts). */
export interface ServerOptions {
  /** Where tables live; default: in memory (not durable). */
  readonly store?: TableStore;
  /** The rate counters, open sockets and passkey challenges the nodes share; default: beside `store` (on its Redis connection, or in memory). */
  readonly shared?: SharedCounters;
  /** Where finished games are kept for good; default: in memory (not durable). */
  readonly archive?: GameArchive;
  /** Accounts (names kept with a passkey); default: in memory (not durable), or with a PostgreSQL archive its `accountStore()`. */
  readonly accounts?: AccountStore;
  /** Reports and blocks; default: in memory (not durable), or with a PostgreSQL archive its `safetyStore()`. */
  readonly safety?: SafetyStore;
  /** Bans, operators' names for players, the site's notice and the operators' log; default: in memory (not durable), or with a PostgreSQL archive its `moderationStore()`. */
  readonly moderation?: ModerationStore;
  /** Who follows whom; default: in memory (not durable), or with a PostgreSQL archive its `followStore()`. */
  readonly follows?: FollowStore;
  /** Where tournaments are kept; default: in memory (not durable), or with a PostgreSQL archive its `tournamentStore()`. */
  readonly tournaments?: TournamentStore;
  /** How often this node looks for a tournament step that is due, ms. */
  readonly tournamentPollMs?: number;
  /** Where correspondence tables are kept between moves; default: in memory (not durable), or with a PostgreSQL archive its `correspondenceStore()`. */
  readonly correspondence?: CorrespondenceStore;
  /** A correspondence table nobody changed for this long leaves the tables store, ms (default `DEFAULTS.correspondenceSleepMs`). */
  readonly correspondenceSleepMs?: number;
  /** How often this node puts correspondence tables to sleep and wakes those whose clock ran out, ms. */
  readonly correspondencePollMs?: number;
  /** How long a node's presence entry lives after its last refresh, ms (default `PRESENCE_TTL_MS`): its people show offline within this of its death. */
  readonly presenceTtlMs?: number;
  /** Web Push subscriptions and the site's VAPID keys; default: in memory (not durable), or with a PostgreSQL archive its `pushStore()`. */
  readonly push?: PushStore;
  /** The site's VAPID keys and subject (`VAPID_*`); default: a pair made at first start and kept in `push`. */
  readonly vapid?: VapidSettings;
  /** Notifications to plain http: endpoints too: a test's own push service; never in production. */
  readonly pushInsecureEndpoints?: boolean;
  /** The operators of the console (`ADMIN_TOKEN`); default null: no console, `/admin` is 404. */
  readonly operators?: Operators | null;
  /** Signs guest tokens (HMAC-SHA256); comma-separated, the first signs and every one verifies (rotation); default: a fixed development secret, with a loud warning. */
  readonly secret?: string;
  /** How long a token verifies after it is signed, ms (default `DEFAULTS.tokenTtlMs`). */
  readonly tokenTtlMs?: number;
  /** A token older than this is re-issued when its client asks, ms (default `DEFAULTS.tokenRotateMs`). */
  readonly tokenRotateMs?: number;
  /** A pino logger, or false for none; default: pino at info. */
  readonly logger?: FastifyBaseLogger | false;
  /** The pause before a computer player moves, in ms (0 in tests). */
  readonly botDelayMs?: number;
  /** The pause between the end of a hand and the next deal, in ms. */
  readonly handPauseMs?: number;
  /** How long a person may be gone before a computer player takes their seat, in ms. */
  readonly graceMs?: number;
  /** How long opponents may call Muggins on a missed count, in ms. */
  readonly mugginsWindowMs?: number;
  /** The turn time of tables made from the random-opponent queues, in seconds; null for none. */
  readonly queueTurnSeconds?: number | null;
  /** Who may not join a queue for leaving rated games, and for how long (default `DEFAULTS.queueBans`). */
  readonly queueBans?: QueueBanRules;
  /** How often this node looks for due jobs set by other nodes, in ms. */
  readonly jobPollMs?: number;
  /**
   * How long a claimed job is this node's before another may run it again, in ms:
   * how long a table waits when the node running its step dies. Jobs are idempotent, so a short
   * lease costs at most a step looked at twice.
   */
  readonly jobLeaseMs?: number;
  /** The computer players' random choices; default: crypto.randomInt. */
  readonly random?: RandomSource;
  /**
   * How long the searching levels (hard, expert) think per move: `{ ms }` (default
   * `DEFAULTS.botBudgetMs`), or `{ samples }` for tests that must play the same every run.
   */
  readonly botBudget?: Budget;
  /**
   * Each hand's secret seed, from which `dealFromSeed` makes the deal (docs/fairness.md).
   * Default: 128 bits from crypto.randomBytes — or, when `random` is given (a seeded test
   * server), seeds drawn from it, so that such a server deals the same games every run.
   */
  readonly seeds?: SeedSource;
  /** The clock of every deadline and delay (tests move a fake one on instead of sleeping). */
  readonly now?: () => Date;
  /**
   * Worker threads the searching levels think in (default `DEFAULTS.botWorkers`: the cores less
   * one, at least one); 0: none — this node hands those moves to the thinkers through Redis (a
   * worker process, `role: 'worker'`, or another node with threads).
   */
  readonly botWorkers?: number;
  /** A decision's deadline on its thread beyond its clock budget, ms (a thread past it is hung and replaced). */
  readonly botThinkMarginMs?: number;
  /** The threads' module (default: the server's own, `bots/worker.ts`); tests give one that fails on purpose. */
  readonly botWorkerEntry?: { readonly file: URL; readonly execArgv: readonly string[] };
  /** Given to every bot thread (a test's shared counters). */
  readonly botWorkerData?: unknown;
  /** How often a thinker looks for moves handed to it through Redis, ms. */
  readonly thinkPollMs?: number;
  /**
   * `node` (default): a socket node — the API, the web client, the sockets and every job.
   * `worker` (`fives worker`): no API or web client, only /healthz and /metrics; it thinks
   * computer players' moves taken from Redis (and runs the tables' other jobs like any node).
   */
  readonly role?: 'node' | 'worker';
  /** The origin invite links use; default: the request's. */
  readonly publicUrl?: string;
  /** The built web client; null: serve the "not built" page. */
  readonly webRoot?: string | null;
  /** Rate limits and the idle connection limit (`guard/limits.ts`); each one given replaces its default (`DEFAULTS.limits`). */
  readonly limits?: Partial<Limits>;
  /** How many proxies in front append to X-Forwarded-For (0: the peer is the client). */
  readonly trustedProxies?: number;
  /** Other origins whose pages may call the API and open sockets (default: the server's own only). */
  readonly corsOrigins?: readonly string[];
  /** An abandoned table (no change for this long) is removed, ms (0: never). */
  readonly tableTtlMs?: number;
  /** How often each node looks for abandoned tables, ms. */
  readonly expirySweepMs?: number;
  /** How often the store is pinged for readiness and metrics, ms. */
  readonly storeProbeMs?: number;
  /**
   * On close, how long this node waits for its clients to move to another node before it closes
   * the connections left, ms (default 0; the process: DRAIN_SECONDS). Work under way always finishes.
   */
  readonly drainMs?: number;
  /** Share broadcasts with the other nodes through Redis (the Socket.IO Redis adapter); default: this node alone. */
  readonly adapter?: { readonly url?: string; readonly target?: RedisTarget; readonly prefix: string };
}

/** What the game server adds to Fastify: each one a decoration of the instance `build()` returns. */
export interface GameFeatures {
  readonly io: GameServer;
  readonly service: TableService;
  readonly lobby: LobbyService;
  readonly store: TableStore;
  readonly archive: GameArchive;
  readonly accounts: AccountStore;
  readonly safety: SafetyStore;
  /** This node's job runner (`poll()` runs what is due now). */
  readonly jobs: JobRunner;
  /** This node's runner of the moves handed over for a thinker, when it has bot threads (else null). */
  readonly thinkJobs: JobRunner | null;
  /** Rate limits and idle connections (`sweepIdle()` closes the idle ones now). */
  readonly guard: SocketGuard;
  /** Whether the store answers (`probe()` looks now). */
  readonly monitor: StoreMonitor;
  /** Abandoned tables (`sweep()` removes them now). */
  readonly expiry: TableExpiry;
  /** This node's figures for the operator's console (`beat()` writes them now). */
  readonly heartbeat: NodeHeartbeat;
  /** Tells a person something while they are away, on the browsers they asked (Web Push). */
  readonly notifier: Notifier;
  readonly follows: FollowStore;
  /** Tournaments: what people do to them (create, join, withdraw) and their results. */
  readonly tournaments: TournamentService;
  /** The tournaments' own steps (`runDue()` runs what is due now). */
  readonly tournamentRunner: TournamentRunner;
  /** Correspondence tables between Redis and PostgreSQL (`runDue()` puts to sleep and wakes what is due now). */
  readonly correspondence: CorrespondenceKeeper;
  /** This node's part of the presence board (`refresh()` writes it now, `stop()` plays dead). */
  readonly presence: NodePresence;
}

export type GameApp = FastifyInstance & GameFeatures;

/**
 * Decorates the root instance with each feature (Fastify refuses a name it already has, where
 * Object.assign would silently replace it). Its decorations are every child context's too.
 */
function decorateFeatures(app: FastifyInstance, features: GameFeatures): GameApp {
  for (const name of Object.keys(features) as (keyof GameFeatures)[]) app.decorate<GameFeatures[keyof GameFeatures]>(name, features[name]);
  // decorate()'s return type does not carry what it added; the loop above added every feature.
  return app as GameApp;
}

/**
 * The whole server, not yet listening: Fastify with its plugins (health, tables API, web
 * client) and Socket.IO attached. Everything it touches comes in through `options`, so tests
 * build it against a throwaway Redis prefix, a zero bot delay and a seeded shuffle.
 */
export async function build(options: ServerOptions = {}): Promise<GameApp> {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  const drainMs = options.drainMs ?? DEFAULTS.drainMs;
  const trustedProxies = options.trustedProxies ?? DEFAULTS.trustedProxies;
  const app: FastifyInstance = Fastify({
    // What Node's HTTP parser refuses (431, a bad chunk) is answered as every error is.
    clientErrorHandler: answerClientErrors({ headers: securityHeaders(https), log: () => app.log, refused: (code) => trust.errors.inc(code) }),
    ...(options.logger === false ? { logger: false } : options.logger ? { loggerInstance: options.logger } : { logger: true }),
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    // Hooks run under this timeout too, and closing waits up to drainMs for clients to move.
    pluginTimeout: 10_000 + drainMs,
    // While draining, requests are still answered by the routes (Fastify would send a bare 503
    // of its own): /readyz says {ready: false, draining: true} with the security headers, and
    // work a client sent before the balancer took the node out is done, not refused.
    return503OnClosing: false,
    // Every log line of a request carries its id: a proxy's X-Request-Id, or a fresh one.
    genReqId: (request) => requestIdFrom(request.headers['x-request-id'], randomUUID),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Its failures to reach Redis come out tagged (StoreUnavailableError): only those mark it down.
  const now = options.now ?? (() => new Date());
  const tables = tagStoreErrors<TableStore>(options.store ?? new MemoryTableStore());
  // In memory, challenges run out on the app's clock (Redis's keys on Redis's own).
  const shared = tagStoreErrors<SharedCounters>(options.shared ?? sharedBeside(tables, () => now().getTime()));
  if (!tables.durable) app.log.warn('tables are kept in memory: NOT durable, lost when this process stops (set REDIS_URL)');
  // PostgreSQL's failures to connect come out as the store's do: `server/busy`, not a bug.
  const archive = tagStoreErrors<GameArchive>(options.archive ?? new MemoryArchive());
  if (!archive.durable) app.log.warn('finished games are archived in memory: NOT durable, lost when this process stops (set DATABASE_URL)');
  const accounts = tagStoreErrors<AccountStore>(options.accounts ?? new MemoryAccounts());
  const safety = tagStoreErrors<SafetyStore>(options.safety ?? new MemorySafety());
  const moderation = tagStoreErrors<ModerationStore>(options.moderation ?? new MemoryModeration());
  const push = tagStoreErrors<PushStore>(options.push ?? new MemoryPush());
  const follows = tagStoreErrors<FollowStore>(options.follows ?? new MemoryFollows());
  const tournamentStore = tagStoreErrors<TournamentStore>(options.tournaments ?? new MemoryTournaments());
  if (tournamentStore.kind === 'memory') app.log.warn('tournaments are kept in memory: NOT durable, lost when this process stops (set DATABASE_URL)');
  const tournaments = new TournamentService({
    store: tournamentStore,
    now: () => now().getTime(),
    newId: newTournamentId,
    log: (event, message) => app.log.info(event, message),
  });
  const vapid = options.vapid ?? { keys: null, subject: DEFAULT_VAPID_SUBJECT };
  if (push.kind === 'memory' && vapid.keys === null) {
    app.log.warn(
      'notification keys are made in memory: NOT durable, every browser must subscribe again after a restart (set DATABASE_URL, or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)',
    );
  }
  const siteKeys = new SiteKeys(vapid, push);
  const notifier = new PushNotifier({ store: push, keys: siteKeys, subject: vapid.subject, ttlSeconds: DEFAULTS.pushTtlSeconds, log: app.log });
  const kept = tagStoreErrors<CorrespondenceStore>(options.correspondence ?? new MemoryCorrespondence());
  if (kept.kind === 'memory' && tables.durable) app.log.warn('correspondence tables are kept in memory between moves: NOT durable (set DATABASE_URL)');
  const correspondence = new CorrespondenceKeeper({
    tables,
    kept,
    timing: {
      botDelayMs: options.botDelayMs ?? DEFAULTS.botDelayMs,
      handPauseMs: options.handPauseMs ?? DEFAULTS.handPauseMs,
      graceMs: options.graceMs ?? DEFAULTS.graceMs,
    },
    notify: (player, note) => notifier.notify(player, note),
    now: () => now().getTime(),
    sleepAfterMs: options.correspondenceSleepMs ?? DEFAULTS.correspondenceSleepMs,
    pollMs: options.correspondencePollMs ?? DEFAULTS.correspondencePollMs,
    log: (event, message) => app.log.info(event, message),
    failed: (error) => {
      if (!isStoreUnavailable(error)) app.log.error({ err: error }, 'looking after correspondence tables failed; tried again at the next poll');
    },
  });
  // Every feature reads tables through this: a correspondence table asleep in PostgreSQL comes back when it is read.
  const store = wakingTables(tables, correspondence);
  if (options.secret === undefined) {
    app.log.warn('FIVES_SECRET is not set: guest tokens are signed with a fixed development secret; anyone can forge them');
  }

  const signer = new TokenSigner(
    options.secret ?? DEVELOPMENT_SECRET,
    { ttlMs: options.tokenTtlMs ?? DEFAULTS.tokenTtlMs, rotateAfterMs: options.tokenRotateMs ?? DEFAULTS.tokenRotateMs },
    () => now().getTime(),
  );
  const limits: Limits = { ...DEFAULTS.limits, ...options.limits };
  const identities = new Identities(signer, accounts, moderation, now, (error) =>
    app.log.warn({ err: error }, 'the account store is not answering: tokens are checked by their signature alone'),
  );
  const origins = options.corsOrigins ?? [];
  const metrics = serverMetrics();
  const monitor = new StoreMonitor(store, {
    probeMs: options.storeProbeMs ?? DEFAULTS.storeProbeMs,
    timeoutMs: 1000,
    log: app.log,
    onPing: (seconds, ok) => {
      if (ok) trust.storeSeconds.observe(seconds);
    },
    onProbe: async (up) => {
      if (up) trust.tables.set(await store.countTables());
    },
  });
  const trust = trustMetrics(metrics.registry, { connections: () => io.engine.clientsCount, storeUp: () => monitor.up, storeStalls: () => store.stalledCommands?.() ?? 0 });
  let draining = false;
  const role = options.role ?? 'node';
  const botWorkers = options.botWorkers ?? DEFAULTS.botWorkers;
  if (!Number.isInteger(botWorkers) || botWorkers < 0) throw new Error(`botWorkers must be a whole number ≥ 0, not ${botWorkers}`);
  if (role === 'worker' && botWorkers === 0) throw new Error('a worker thinks: it needs at least one bot thread (BOT_WORKERS ≥ 1)');
  const botBudget = options.botBudget ?? { ms: DEFAULTS.botBudgetMs };
  let thinker: BotThinker | null = null;
  const bots = botMetrics(metrics.registry, {
    queueDepth: () => thinker?.waiting() ?? 0,
    waiting: () => store.thinking.waiting(now().getTime()),
    thinkers: () => store.thinking.alive(now().getTime()),
  });
  thinker =
    botWorkers === 0
      ? null
      : new BotPool({
          threads: botWorkers,
          deadlineMs: (botBudget.ms ?? 0) + (options.botThinkMarginMs ?? DEFAULTS.botThinkMarginMs),
          thought: (ms) => bots.observe(ms),
          failed: (error) => app.log.error({ err: error }, 'a bot worker thread failed between decisions; it is replaced'),
          ...(options.botWorkerEntry === undefined ? {} : { entry: options.botWorkerEntry }),
          ...(options.botWorkerData === undefined ? {} : { workerData: options.botWorkerData }),
        });
  if (thinker === null)
    app.log.info('BOT_WORKERS=0: this node thinks nowhere; the searching computer players move when a worker process (or a node with threads) takes their moves from Redis');
  // Socket.IO first, then the broadcast port around it, then the services that are handed the port.
  const io = createSocketServer(app, { allowRequest: socketOriginCheck(origins), ...(origins.length > 0 ? { cors: { origin: [...origins], methods: ['GET', 'POST'] } } : {}) });
  const openTables = new OpenTablesFeed(io, store, app.log);
  const broadcast = new SocketBroadcast(io, {
    openTables,
    now: () => now().getTime(),
    sent: (_doc, cause) => {
      if (cause.kind === 'action') metrics.moves.inc();
    },
  });
  const { service, lobby, jobs, thinking } = createRuntime({
    store,
    archive,
    archived: (game) => tournaments.gameArchived(game),
    leftGame: (tableId, player) => tournaments.leftGame(tableId, player),
    correspondence,
    accounts,
    safety,
    log: app.log,
    random: options.random ?? cryptoRandom,
    botBudget,
    thinker,
    bots,
    thinkPollMs: options.thinkPollMs ?? DEFAULTS.thinkPollMs,
    seeds: options.seeds ?? (options.random === undefined ? cryptoSeeds : seedsFrom(options.random)),
    now,
    botDelayMs: options.botDelayMs ?? DEFAULTS.botDelayMs,
    handPauseMs: options.handPauseMs ?? DEFAULTS.handPauseMs,
    graceMs: options.graceMs ?? DEFAULTS.graceMs,
    mugginsWindowMs: options.mugginsWindowMs ?? DEFAULTS.mugginsWindowMs,
    // null is an answer (no turn clock), so only an absent option takes the default.
    queueTurnSeconds: options.queueTurnSeconds === undefined ? DEFAULTS.queueTurnSeconds : options.queueTurnSeconds,
    queueBans: options.queueBans ?? DEFAULTS.queueBans,
    jobPollMs: options.jobPollMs ?? DEFAULTS.jobPollMs,
    jobLeaseMs: options.jobLeaseMs ?? DEFAULTS.jobLeaseMs,
    broadcast,
    presence: broadcast,
    lobbyEvents: lobbyEvents(io),
  });

  /** Takes a table away, as its last person leaving would: gone for whoever watches, gone from the open tables. */
  const removeTable = async (id: TableId, why: string): Promise<boolean> => {
    const removed = await store.removeTable(id, now().getTime());
    // Closed for good: a correspondence table kept in PostgreSQL is not brought back.
    await correspondence.forget([id]);
    if (removed) {
      tableGone(io, id, why);
      openTables.changed();
    }
    return removed;
  };
  const tournamentRunner = new TournamentRunner({
    service: tournaments,
    store: tournamentStore,
    tables: {
      // A tournament game: rated, unlisted, on the queues' turn clock, and only its own people seated.
      open: async (people, rulesInput) => {
        const made = await service.createStarted({ people, level: 'medium', rulesInput, settings: { turnSeconds: DEFAULTS.queueTurnSeconds, listed: false, rated: true } });
        return made.ok ? { ok: true, value: made.value.id } : made;
      },
      close: async (id) => {
        await removeTable(id, 'the tournament game was given another table');
      },
    },
    dealt: (player, message) => io.to(playerRoom(player)).emit('tournament:dealt', message),
    notify: (player, note) => notifier.notify(player, note),
    now: () => now().getTime(),
    log: (event, message) => app.log.info(event, message),
    pollMs: options.tournamentPollMs ?? DEFAULTS.tournamentPollMs,
    failed: (error) => {
      if (!isStoreUnavailable(error)) app.log.error({ err: error }, 'a tournament step failed; it runs again when its lease is over');
    },
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (isStoreUnavailable(error)) {
      monitor.failed();
      reply.header('retry-after', '2');
      return sendProblem(reply, problem(ErrorCode.busy, 'the server cannot reach its store just now; try again in a moment', { retryAfterMs: 2000 }));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, problem(ErrorCode.internal, 'the server failed to handle this request'));
    }
    // Fastify's own 4xx: a body that is not JSON, too large, a wrong content type — or cut short
    // or malformed (its socket's ECONNRESET): the client's doing, never a sign of the store's.
    request.log.debug({ err: error, status }, 'a request that could not be read');
    return reply.code(status).send({ error: problem(ErrorCode.invalidMessage, error.message) });
  });

  await app.register(security, { origins, https });
  await app.register(httpLimits, { rates: shared.rates, limits, now: () => now().getTime(), trustedHops: trustedProxies });
  app.addHook('onSend', async (_request, reply, payload) => {
    // Errors by code, over HTTP too: every error answer is a Problem.
    if (reply.statusCode >= 400 && typeof payload === 'string' && payload.startsWith('{"error"')) {
      try {
        trust.errors.inc((JSON.parse(payload) as { error: { code: string } }).error.code);
      } catch {
        // Not a Problem after all: nothing to count.
      }
    }
    return payload;
  });
  await app.register(healthRoutes, { store, archive, monitor, draining: () => draining });
  await app.register(metricsRoutes, { registry: metrics.registry });
  // A worker serves nobody: a load balancer never sends it clients (docker-compose.yml).
  if (role === 'node') {
    await app.register(tablesRoutes, { service, store, lobby, signer, identities, accounts, publicUrl: options.publicUrl, now });
    await app.register(archiveRoutes, { archive, accounts });
    await app.register(safetyRoutes, { safety, identities, store, archive, accounts, now });
    await app.register(friendsRoutes, {
      follows,
      identities,
      presence: (ids) => presenceOf(shared.presence, store.matchmaking, ids),
      store,
      archive,
      accounts,
      now,
    });
    await app.register(tournamentRoutes, { tournaments, identities, accounts });
    await app.register(correspondenceRoutes, { kept, identities });
    await app.register(challengeRoutes, {
      box: shared.friendChallenges,
      identities,
      safety,
      follows,
      archive,
      accounts,
      notifier,
      tell: (player, ...message) => {
        const room = io.to(playerRoom(player));
        if (message[0] === 'challenge:received') room.emit(...message);
        else room.emit(...message);
      },
      // A private table, unrated and unlisted, on the challenge's turn time (days: a correspondence game); any seats beyond the two get computer players.
      startTable: (people, challenge) =>
        // A challenge kept from before it carried a turn time has none.
        service.createStarted({ people, level: 'medium', rulesInput: challenge.rules, settings: { turnSeconds: challenge.turnSeconds ?? null, listed: false, rated: false } }),
      now,
    });
    await app.register(accountRoutes, {
      accounts,
      archive,
      safety,
      push,
      follows,
      challenges: shared.challenges,
      signer,
      identities,
      now,
      publicUrl: options.publicUrl,
      challengeTtlMs: DEFAULTS.challengeTtlMs,
    });
    await app.register(adminRoutes, {
      operators: options.operators ?? null,
      moderation,
      safety,
      accounts,
      archive,
      now,
      ports: {
        closeTable: (id) => removeTable(id, "the site's operator closed it"),
        disconnect: (player) => io.in(playerRoom(player)).disconnectSockets(true),
        figures: () => readFigures(shared.roster, store, now().getTime()),
      },
    });
    // The kinds of note something here sends, offered to the browsers: a correspondence turn
    // (correspondence/keeper.ts), a friend's challenge, a tournament's start.
    await app.register(pushRoutes, {
      store: push,
      keys: siteKeys,
      identities,
      now,
      sent: ['turn', 'challenge', 'tournament'],
      insecureEndpoints: options.pushInsecureEndpoints ?? false,
    });
    await app.register(webPlugin, { root: options.webRoot ?? null });
  }

  const { drain } = attachSockets(app, io, {
    service,
    store,
    lobby,
    identities,
    now,
    reactions: { rates: shared.rates, rule: limits.reactions, safety },
    observe: (event, ms, refused) => {
      if (event === 'game:action') trust.moveSeconds.observe(ms / 1000);
      if (refused !== null) trust.errors.inc(refused.code);
    },
    storeFailed: () => monitor.failed(),
  });
  // Back from a Redis outage: the states this node's sockets may have missed, sent again.
  const resync = new StateResync(io, {
    load: (id) => store.load(id),
    reachHere: (id) => store.reachHere(id),
    now: () => now().getTime(),
    log: app.log.child({ component: 'resync' }),
  });
  const resend = (): void => {
    resync.resend().catch((error: unknown) => app.log.error({ err: error }, 'sending the states again failed'));
  };
  store.onReconnect?.(resend);
  const adapter =
    options.adapter === undefined
      ? null
      : await attachRedisAdapter(io, options.adapter.target ?? redisTarget({ url: options.adapter.url }), options.adapter.prefix, {
          reconnected: resend,
          publishFailed: (error) => app.log.debug({ err: error }, 'a broadcast was lost with the connection to Redis (its state is sent again on reconnection)'),
        });
  const guard = new SocketGuard(io, {
    rates: shared.rates,
    sockets: shared.sockets,
    limits,
    now: () => now().getTime(),
    trustedHops: trustedProxies,
    storeUp: () => monitor.up,
    log: app.log.child({ component: 'guard' }),
    onRefused: (code) => trust.errors.inc(code),
  });
  const expiry = new TableExpiry(store, {
    ttlMs: options.tableTtlMs ?? DEFAULTS.tableTtlMs,
    sweepMs: options.expirySweepMs ?? DEFAULTS.expirySweepMs,
    now: () => now().getTime(),
    log: app.log,
    onExpired: (ids) => {
      trust.expired.inc(ids.length);
      correspondence.forget(ids).catch((error: unknown) => app.log.warn({ err: error }, 'expired correspondence tables could not be forgotten'));
      for (const id of ids) tableGone(io, id);
      openTables.changed();
    },
  });
  // This node's figures for the operator's console, every few seconds, in the store the nodes share.
  const heartbeat = new NodeHeartbeat(
    shared.roster,
    () => ({ role, sockets: io.engine.clientsCount, botThreads: botWorkers }),
    () => now().getTime(),
    (error) => app.log.debug({ err: error }, "this node's heartbeat for the console was not written"),
  );
  // Who has a socket here, for their friends' lists on every node (friends/presence.ts).
  const presence = new NodePresence(shared.presence, heartbeat.node, options.presenceTtlMs ?? PRESENCE_TTL_MS, (error) =>
    app.log.debug({ err: error }, "this node's presence was not written (written whole again at its next refresh)"),
  );
  io.on('connection', (socket) => {
    const player = socket.data.player;
    if (player === null) return;
    presence.connected(player.id);
    socket.on('disconnect', () => presence.disconnected(player.id));
  });
  app.addHook('onReady', async () => {
    heartbeat.start();
    presence.start();
    const resumed = await service.resumeAll();
    if (resumed > 0) app.log.info({ tables: resumed }, 'checked the next step of every table under way');
    jobs.start();
    thinking?.start();
    monitor.start();
    guard.start();
    expiry.start();
    if (role === 'node') {
      tournamentRunner.start();
      correspondence.start();
    }
    void monitor.probe();
  });
  app.addHook('preClose', async () => {
    // Not ready from now on: a load balancer stops sending new clients here.
    draining = true;
    app.log.info('draining: clients are told to move to another node');
    await drain(drainMs);
    // No new jobs; the ones under way (a bot's move) commit and are broadcast before the store goes.
    jobs.close();
    thinking?.close();
    await Promise.all([jobs.idle(), thinking?.jobs.idle()]);
  });
  app.addHook('onClose', async () => {
    await tournamentRunner.close();
    await correspondence.close();
    service.close();
    monitor.close();
    guard.close();
    expiry.close();
    jobs.close();
    thinking?.close();
    openTables.close();
    await heartbeat.close();
    await presence.close();
    await thinker?.close();
    await adapter?.close();
    await store.close();
    await archive.close();
  });
  return decorateFeatures(app, {
    io,
    service,
    lobby,
    store,
    archive,
    accounts,
    safety,
    jobs,
    thinkJobs: thinking?.jobs ?? null,
    guard,
    monitor,
    expiry,
    heartbeat,
    notifier,
    follows,
    tournaments,
    tournamentRunner,
    correspondence,
    presence,
  });
}

/** Starts listening; resolves to the address (e.g. http://127.0.0.1:3000). */
export async function listen(app: FastifyInstance, port: number, host = '0.0.0.0'): Promise<string> {
  return app.listen({ port, host });
}
