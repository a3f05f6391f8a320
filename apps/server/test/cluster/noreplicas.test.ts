import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../../src/store/availability.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { tagStoreErrors } from '../../src/store/tagged.ts';
import { requireRedisServer, startRedisNode } from '../support/sentinel.ts';

/** This task's ports (7200–7299). */
const PORT = 7291;

/**
 * A master configured as docs/protocol.md ("Failover") advises, `min-replicas-to-write 1`, with
 * its replica gone (cut off in a failover): it refuses writes. The store says so as it says an
 * outage — retryable, `server/busy` — and the change is not written (a script refused at its
 * first write leaves nothing behind).
 */
describe('a master without the replica it needs to take writes', () => {
  let dir = '';
  const redis = new Map<number, ChildProcess>();
  afterAll(async () => {
    for (const child of redis.values()) child.kill('SIGKILL');
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('is the store unavailable for now (server/busy), not a bug, and nothing is written', async () => {
    requireRedisServer();
    dir = await mkdtemp(path.join(tmpdir(), 'fives-noreplicas-'));
    await startRedisNode(PORT, dir, redis);
    const raw = await RedisTableStore.connect({ url: `redis://127.0.0.1:${PORT}`, prefix: 'noreplicas:' });
    const store = tagStoreErrors(raw);
    try {
      const error: unknown = await store.jobs.put('t:x', 1, Date.now()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, 'the write is refused').not.toBeNull();
      expect(isStoreUnavailable(error)).toBe(true);
      expect((await raw.jobs.dueAt('t:x')) ?? null).toBeNull();
    } finally {
      await raw.close();
    }
  });
});
