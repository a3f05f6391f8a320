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

/**
 * Deletes every key under `prefix` through a connection of its own. For after a server has
 * closed: closing it disconnects its sockets and stops its thinkers, which still write (a
 * seat-away job, a heartbeat), so keys deleted before the close would be written again and left.
 */
export async function deleteKeys(prefix: string): Promise<void> {
  const cleaner = await redisStore(prefix);
  try {
    await cleaner.deleteAll();
  } finally {
    await cleaner.close();
  }
}
