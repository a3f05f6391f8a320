import { build, listen } from './app.ts';
import { browserAddress } from './web/browser-address.ts';
import type { GameArchive } from './archive/archive.ts';
import { MemoryArchive } from './archive/memory.ts';
import { PostgresArchive } from './archive/postgres.ts';
import { ConfigError, configFromEnv } from './config.ts';
import { redactUrl, redisDescription, redisWhere } from './redis/connect.ts';
import { serverLogger } from './log.ts';
import { surviveUnhandledRejections } from './process-faults.ts';
import { MemoryTableStore } from './store/memory.ts';
import { RedisTableStore, StoredLayoutError } from './store/redis.ts';
import type { TableStore } from './store/store.ts';

/**
 * `pnpm start`: the server as a process. Run with tsx (TypeScript straight from the source, as
 * every package here is consumed): no build step, no second copy of the code to drift.
 * `pnpm start:worker` (`main.ts worker`, `node main.mjs worker` in the image): the same server
 * as a worker — it thinks computer players' moves taken from Redis and serves no clients.
 */
async function main(): Promise<void> {
  const role: 'node' | 'worker' = process.argv[2] === 'worker' ? 'worker' : 'node';
  let config;
  try {
    config = configFromEnv(process.env);
    if (config.redisTarget === undefined && (role === 'worker' || config.options.botWorkers === 0)) {
      throw new ConfigError(
        role === 'worker'
          ? 'a worker takes its moves from Redis: set REDIS_URL or REDIS_SENTINELS (the one the socket nodes use)'
          : "BOT_WORKERS=0 hands computer players' moves to worker processes through Redis: set REDIS_URL (or REDIS_SENTINELS), or give this node threads",
      );
    }
    if (role === 'worker' && config.options.botWorkers === 0) throw new ConfigError('a worker thinks: BOT_WORKERS must be at least 1 for it');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`fives server: ${error.message}\n`);
    process.exit(1);
  }
  const log = serverLogger(config.logLevel);
  surviveUnhandledRejections(log);
  let store: TableStore;
  const target = config.redisTarget;
  if (target === undefined) {
    store = new MemoryTableStore();
  } else {
    // Until the first connection, a failure is said once, below; after it, at most every half minute.
    let quietUntil = Number.POSITIVE_INFINITY;
    try {
      store = await RedisTableStore.connect({
        target,
        prefix: config.redisPrefix,
        recordRetentionMs: config.recordRetentionMs,
        connectTimeoutMs: config.redisConnectTimeoutMs,
        commandTimeoutMs: config.redisCommandTimeoutMs,
        waitReplicas: config.redisWait.replicas,
        waitMs: config.redisWait.ms,
        // The client retries every second or two while Redis is away: one line per half minute is enough.
        onError: (error) => {
          if (Date.now() < quietUntil) return;
          quietUntil = Date.now() + 30_000;
          log.error({ err: error }, 'redis connection error (retrying)');
        },
      });
      quietUntil = 0;
    } catch (error) {
      // One line an operator reads at a glance, not a stack trace.
      if (error instanceof StoredLayoutError) {
        // Redis answered: what it holds is the problem, and the message says what to do.
        process.stderr.write(`fives server: ${error.message}\n`);
        process.exit(1);
      }
      const reason = error instanceof Error ? error.message : String(error);
      const setting = { single: 'REDIS_URL', cluster: 'REDIS_CLUSTER_NODES', sentinel: 'REDIS_SENTINELS (and REDIS_SENTINEL_NAME)' }[target.mode];
      process.stderr.write(`fives server: cannot reach Redis at ${redisWhere(target)} (${reason}); is it running, and is ${setting} right?\n`);
      process.exit(1);
    }
    log.info(
      { prefix: config.redisPrefix, mode: target.mode, waitReplicas: config.redisWait.replicas },
      `tables are kept in ${target.mode === 'cluster' ? 'a Redis Cluster' : 'Redis'} (durable), ${redisDescription(target)}${config.redisWait.replicas > 0 ? `, each change confirmed on ${config.redisWait.replicas} replica(s)` : ''}`,
    );
  }
  let archive: GameArchive;
  if (config.databaseUrl === undefined) {
    archive = new MemoryArchive();
  } else {
    try {
      archive = await PostgresArchive.connect({
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        log: (message, error) => (error === undefined ? log.info(message) : log.error({ err: error }, message)),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(`fives server: cannot open the archive at ${redactUrl(config.databaseUrl)} (${reason}); is PostgreSQL running, and is DATABASE_URL right?\n`);
      process.exit(1);
    }
    log.info('finished games are archived in PostgreSQL (durable)');
  }
  // Several nodes share one Redis: the adapter carries each table's broadcasts to its players on every node.
  const adapter = target === undefined ? {} : { adapter: { target, prefix: config.redisPrefix } };
  // Accounts live beside the archive: in PostgreSQL with it, else in memory.
  const accounts = archive instanceof PostgresArchive ? archive.accountStore() : undefined;
  const safety = archive instanceof PostgresArchive ? archive.safetyStore() : undefined;
  const moderation = archive instanceof PostgresArchive ? archive.moderationStore() : undefined;
  const push = archive instanceof PostgresArchive ? archive.pushStore() : undefined;
  const follows = archive instanceof PostgresArchive ? archive.followStore() : undefined;
  const tournaments = archive instanceof PostgresArchive ? archive.tournamentStore() : undefined;
  const correspondence = archive instanceof PostgresArchive ? archive.correspondenceStore() : undefined;
  const app = await build({
    ...config.options,
    ...adapter,
    store,
    archive,
    ...(accounts === undefined ? {} : { accounts }),
    ...(safety === undefined ? {} : { safety }),
    ...(moderation === undefined ? {} : { moderation }),
    ...(push === undefined ? {} : { push }),
    ...(follows === undefined ? {} : { follows }),
    ...(tournaments === undefined ? {} : { tournaments }),
    ...(correspondence === undefined ? {} : { correspondence }),
    logger: log,
    role,
  });
  // Ctrl-C or an orchestrator's stop, from the moment the server can say it listens: a clean
  // stop exits 0, so `pnpm start` ends without "Command failed".
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    // Draining first (app.ts, preClose): not ready, clients told to move, work under way finished.
    log.info({ signal }, 'stopping');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const listening = await listen(app, config.port, config.host);
  if (role === 'worker') log.info({ threads: config.options.botWorkers }, "worker: thinking computer players' moves taken from Redis");
  else {
    // The address a person opens: a host name, where passkeys work (Fastify's own lines print 127.0.0.1).
    const url = browserAddress(listening, config.options.publicUrl);
    log.info({ url }, `open ${url} in a browser`);
  }
}

void main();
