import { availableParallelism } from 'node:os';
import { TABLE_TIMING } from '@fives/table';
import type { Limits } from './guard/limits.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The rate limits and the idle connection limit (`guard/limits.ts` says what each one is).
 * Every rule is "at most `limit` per `windowMs`"; 0 switches it off.
 */
const LIMITS: Limits = {
  connectionMessages: { limit: 100, windowMs: 5 * SECOND },
  addressMessages: { limit: 3_000, windowMs: MINUTE },
  addressConnections: { limit: 120, windowMs: MINUTE },
  tables: { limit: 30, windowMs: 10 * MINUTE },
  queueJoins: { limit: 60, windowMs: 10 * MINUTE },
  guests: { limit: 30, windowMs: 10 * MINUTE },
  codeLookups: { limit: 30, windowMs: 10 * MINUTE },
  // A few at a time, as people react at a table; a flurry would drown the game.
  reactions: { limit: 5, windowMs: 30 * SECOND },
  accounts: { limit: 30, windowMs: 10 * MINUTE },
  // Each browser tab holds one socket, and a school or a carrier-grade NAT puts many people behind
  // one address: 200 lets a class of 30 play with a couple of tabs each three times over (issue 30).
  addressSockets: 200,
  idleMs: 2 * MINUTE,
  floodDisconnect: 200,
};

/**
 * Every default of the server, in one place: `build()` (app.ts) falls back to these for an
 * option not given, `config.ts` for a variable not set (in the variable's own unit: seconds,
 * hours, days), the Redis store for its connection, and README's settings table states them
 * (test/unit/defaults.test.ts holds the table to what config.ts reads).
 */
export const DEFAULTS = {
  port: 3000,
  host: '0.0.0.0',
  redisPrefix: 'fives:',
  logLevel: 'info',
  /** How long a starting server keeps trying to reach Redis before it gives up. */
  redisConnectTimeoutMs: 5 * SECOND,
  /** How long a command to Redis may wait for its reply before it is failed (server/busy) as a stalled Redis (`redis/stall.ts`). */
  redisCommandTimeoutMs: 5 * SECOND,
  /** How long a commit waits for its replicas (REDIS_WAIT_REPLICAS) before it is refused as not confirmed. */
  redisWaitMs: 250,
  /** PostgreSQL connections per node, for the archive (DATABASE_URL). */
  databasePoolSize: 10,
  /** How long a game's record is kept after its last hand in Redis (0: for ever). */
  recordRetentionMs: 30 * DAY,
  /** A computer player's pause before it moves. */
  botDelayMs: TABLE_TIMING.botDelayMs,
  /**
   * How long the searching levels think per move (hard takes a third of it): a third of the
   * library's 150 ms, at which the expert still plays far stronger than any other level
   * (docs/bots.md). They think in worker threads (`botWorkers`), off the event loop, so the
   * budget costs the node CPU, not the other tables' latency.
   */
  botBudgetMs: 50,
  /** The worker threads the searching levels think in: the cores less one (the event loop's), at least one. 0: none on this node. */
  botWorkers: Math.max(1, availableParallelism() - 1),
  /** A decision's deadline on its thread beyond its clock budget (a thread past it is hung: replaced, and the move thought again). */
  botThinkMarginMs: 5 * SECOND,
  /** How often a thinker looks for the moves nodes without threads hand it through Redis. */
  thinkPollMs: 100,
  /** The pause between the end of a hand and the next deal. */
  handPauseMs: TABLE_TIMING.handPauseMs,
  /** How long a person may be gone before a computer player takes their seat. */
  graceMs: TABLE_TIMING.graceMs,
  /** How long opponents may call Muggins on a missed count. */
  mugginsWindowMs: TABLE_TIMING.mugginsWindowMs,
  /** The turn time of tables made from the random-opponent queues (null: none). */
  queueTurnSeconds: 30,
  /**
   * Queue bans for leaving rated games (`lobby/queue-bans.ts`): counted over a day; the second
   * leave in it bars the queues for 10 minutes, the third 30, the fourth 90, and so on up to a day.
   */
  queueBans: { windowMs: DAY, after: 2, firstMs: 10 * MINUTE },
  /** How often a node looks for due jobs set by other nodes. */
  jobPollMs: SECOND,
  /** How long a claimed job is the node's before another may run it again. */
  jobLeaseMs: 5 * SECOND,
  /** Proxies in front that append to X-Forwarded-For (0: the peer is the client). */
  trustedProxies: 0,
  /** An abandoned table's life after its last change (0: for ever). */
  tableTtlMs: DAY,
  /** How often each node looks for abandoned tables. */
  expirySweepMs: 10 * MINUTE,
  /** How often a node looks for a tournament step that is due (a start, a pairing, a table to deal, the end). */
  tournamentPollMs: 1000,
  /** A correspondence table nobody changed for this long leaves Redis; PostgreSQL keeps it until it is opened or its clock runs out. */
  correspondenceSleepMs: 10 * MINUTE,
  /** How often a node looks for correspondence tables to put to sleep, and sleeping ones whose turn clock ran out. */
  correspondencePollMs: 5 * SECOND,
  /** How often the store is pinged for readiness and metrics. */
  storeProbeMs: 2 * SECOND,
  /**
   * How long a closing server waits for its clients to move to another node: none for a server
   * built in a test or embedded, which closes at once; `processDrainMs` for the process.
   */
  drainMs: 0,
  /** The same for the server as a process (DRAIN_SECONDS), which a load balancer stands in front of. */
  processDrainMs: 10 * SECOND,
  /** How long a signed token verifies (TOKEN_TTL_DAYS): a client unseen for longer starts again as a new guest. */
  tokenTtlMs: 365 * DAY,
  /** A token older than this is re-issued when its client asks (`POST /api/tokens/refresh`, on every page load). */
  tokenRotateMs: 7 * DAY,
  /** How long a passkey challenge may be answered (single-use, kept server-side). */
  challengeTtlMs: 5 * MINUTE,
  /** How long a push service keeps a note for a browser that is off, seconds: a challenge or a turn a day old is still worth knowing. */
  pushTtlSeconds: 24 * 60 * 60,
  limits: LIMITS,
} as const;
