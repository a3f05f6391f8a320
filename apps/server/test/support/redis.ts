import { randomBytes } from 'node:crypto';
import { RedisTableStore } from '../../src/store/redis.ts';

/** Redis for tests: the shared server on 6379 (or REDIS_URL), with a key prefix no other run uses. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function uniquePrefix(): string {
  return `fives-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
}

export async function redisStore(prefix = uniquePrefix()): Promise<RedisTableStore> {
  return RedisTableStore.connect({ url: REDIS_URL, prefix });
}
