import { createAdapter } from '@socket.io/redis-adapter';
import pino from 'pino';
import { createClient } from 'redis';
import { build, listen } from '../../src/app.ts';
import { configFromEnv } from '../../src/config.ts';
import { RedisTableStore } from '../../src/store/redis.ts';

/**
 * A server node as its own process for the multi-process tests: what `src/main.ts` runs, with
 * the Socket.IO Redis adapter a several-node deployment adds (its channel under REDIS_PREFIX),
 * so that a message for a socket on another node reaches it. Prints "Server listening" once up.
 */
const config = configFromEnv(process.env);
const url = config.redisUrl ?? 'redis://127.0.0.1:6379';
const store = await RedisTableStore.connect({ url, prefix: config.redisPrefix });
const app = await build({ ...config.options, store, logger: pino({ level: config.logLevel }) });
const pub = createClient({ url });
const sub = pub.duplicate();
await Promise.all([pub.connect(), sub.connect()]);
app.io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}io` }));
await listen(app, config.port, config.host);
