import pino from 'pino';
import { build, listen } from './app.ts';
import { ConfigError, configFromEnv } from './config.ts';
import { MemoryTableStore } from './store/memory.ts';
import { RedisTableStore } from './store/redis.ts';
import type { TableStore } from './store/store.ts';

/**
 * `pnpm start`: the server as a process. Run with tsx (TypeScript straight from the source, as
 * every package here is consumed): no build step, no second copy of the code to drift.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`fives server: ${error.message}\n`);
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  let store: TableStore;
  if (config.redisUrl === undefined) {
    store = new MemoryTableStore();
  } else {
    try {
      store = await RedisTableStore.connect({
        url: config.redisUrl,
        prefix: config.redisPrefix,
        onError: (error) => log.error({ err: error }, 'redis connection error'),
      });
    } catch (error) {
      log.fatal({ err: error }, `cannot reach Redis at ${config.redisUrl}`);
      process.exit(1);
    }
    log.info({ prefix: config.redisPrefix }, 'tables are kept in Redis (durable)');
  }
  const app = await build({ ...config.options, store, logger: log });
  await listen(app, config.port, config.host);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
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
}

void main();
