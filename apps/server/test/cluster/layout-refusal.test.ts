import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Health } from '@fives/protocol';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unshardedKeys } from '../../src/redis/layout.ts';
import { RedisTableStore, StoredLayoutError } from '../../src/store/redis.ts';
import { spawnNode } from '../support/process.ts';
import { REDIS_URL, uniquePrefix } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** This file's ports (within 7620–7640). */
const REFUSED_PORT = 7637;
const FRESH_PORT = 7638;

/**
 * A Redis written by a server of an older layout (before the shards: its global `touched`,
 * `jobs` and `seated` keys; before the queues were spread: matchmaking's one `{mm}` shard) is refused at start: the tables under it would be invisible to this server. The process
 * says so in one line that names what to do, with no stack trace, and stops; a prefix that holds
 * nothing starts as usual. (docs/performance.md, "Redis Cluster", "Old data".)
 */
describe('a Redis in the layout before shards', () => {
  const redis = createClient({ url: REDIS_URL });
  const old = uniquePrefix();
  const written: string[] = [];

  beforeAll(async () => {
    await redis.connect();
  });
  afterAll(async () => {
    if (written.length > 0) await redis.del(written);
    await redis.quit();
  });

  it('any one of the old global keys makes the store refuse to connect, saying what to do', async () => {
    for (const i of unshardedKeys(old).keys()) {
      // Each key alone, under a prefix of its own.
      const prefix = uniquePrefix();
      const oldKey = unshardedKeys(prefix)[i] ?? '';
      written.push(oldKey);
      await redis.zAdd(oldKey, { score: 1, value: 'abcdef1234' });
      const refused = await RedisTableStore.connect({ url: REDIS_URL, prefix }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, oldKey).toBeInstanceOf(StoredLayoutError);
      expect((refused as Error).message, oldKey).toContain('REDIS_PREFIX');
    }
  });

  it('the server refuses to start on it: one line naming what to do, no stack trace, exit 1; a fresh prefix starts', async () => {
    const [touched = ''] = unshardedKeys(old);
    written.push(touched);
    await redis.zAdd(touched, { score: 1, value: 'abcdef1234' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, PORT: String(REFUSED_PORT), HOST: '127.0.0.1', REDIS_URL, REDIS_PREFIX: old, FIVES_SECRET: TEST_SECRET, WEB_ROOT: '/nonexistent', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(out).not.toContain('Server listening');
    const lines = err.trim().split('\n');
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    expect(line).toMatch(/^fives server: Redis holds tables or queues in an older layout \(before shards, or before the queues were spread\) under prefix /);
    expect(line).toContain(JSON.stringify(old));
    // What to do: finish the games on the old server, or another prefix.
    expect(line).toContain('let their games finish on the old server');
    expect(line).toContain('another REDIS_PREFIX');
    // Not taken for an outage, and no stack trace.
    expect(line).not.toContain('cannot reach');
    expect(err).not.toMatch(/^\s+at /m);

    const fresh = await spawnNode(uniquePrefix(), { WEB_ROOT: '/nonexistent' }, 'apps/server/src/main.ts', { port: FRESH_PORT, detached: true });
    try {
      const health = (await (await fetch(`${fresh.url}/healthz`)).json()) as Health;
      expect(health).toMatchObject({ ok: true, store: { kind: 'redis', mode: 'single', up: true } });
    } finally {
      // Its process group (spawned detached), and its bot threads with it.
      const exited = new Promise((resolve) => fresh.child.once('exit', resolve));
      if (fresh.child.exitCode === null && fresh.child.signalCode === null) process.kill(-(fresh.child.pid as number), 'SIGKILL');
      await exited;
    }
    // Two server processes started from the sources (tsx): slow on a loaded machine.
  }, 120_000);
});
