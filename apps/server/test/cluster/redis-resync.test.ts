import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TableState } from '@fives/protocol';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { freePort } from '../support/process.ts';
import { uniquePrefix } from '../support/redis.ts';
import { startRedis, stopRedis } from '../support/redis-server.ts';
import { until } from '../support/until.ts';
import { TEST_SECRET } from '../support/server.ts';

/**
 * One node with the Socket.IO Redis adapter, on a Redis of the test's own (its connections are
 * cut and it is killed here, which the shared Redis of the other tests must never be).
 */
describe('a node losing its connections to Redis', () => {
  let dir = '';
  let port = 0;
  let redis: ChildProcess | null = null;
  let app: GameApp | null = null;
  let url = '';
  const clients: TestClient[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

  /** One command to the test's Redis, on a connection of its own. */
  const admin = async (command: string[]): Promise<void> => {
    const c = createClient({ url: `redis://127.0.0.1:${port}` });
    await c.connect();
    try {
      await c.sendCommand(command);
    } finally {
      c.destroy();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fives-resync-'));
    port = await freePort();
    redis = await startRedis(port, dir);
    const prefix = uniquePrefix();
    const redisUrl = `redis://127.0.0.1:${port}`;
    const store = await RedisTableStore.connect({ url: redisUrl, prefix });
    app = await build({ store, adapter: { url: redisUrl, prefix }, secret: TEST_SECRET, logger: false, botDelayMs: 0, handPauseMs: 0, webRoot: null, storeProbeMs: 100 });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    process.on('unhandledRejection', onUnhandled);
  }, 30_000);
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    for (const c of clients) c.close();
    await app?.close();
    if (redis !== null) await stopRedis(redis);
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  /**
   * Ada and Bob seated and a spectator watching a started table (no computer player, no turn
   * timer: nothing moves it by itself); then a change committed that nobody was told of (a
   * broadcast lost).
   */
  async function missedChange(): Promise<{ tableId: string; ada: TestClient; watcher: TestClient; version: number }> {
    const ada = await guest(url, 'Ada');
    const bob = await guest(url, 'Bob');
    const { tableId } = await createTable(url, ada.token, { players: 2 }, [{ type: 'human' }, { type: 'human' }], { turnSeconds: null });
    const a = await TestClient.connect(url, ada.token);
    const b = await TestClient.connect(url, bob.token);
    const w = await TestClient.connect(url, null);
    clients.push(a, b, w);
    await a.join(tableId);
    await b.join(tableId);
    await w.join(tableId, 'spectator');
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    const store = app!.store;
    const doc = (await store.load(tableId))!;
    // Written straight to the store: no node broadcasts it, as when a publish was lost.
    const next = { ...doc, version: doc.version + 1, updatedAt: new Date().toISOString() };
    expect((await store.commit({ next })).written).toBe(true);
    return { tableId, ada: a, watcher: w, version: next.version };
  }

  /** The state of `version` or later, once `c` has it (asked a bounded number of times). */
  const seen = async (c: TestClient, version: number): Promise<TableState> => {
    await until(`a state of version ${version}`, () => (c.state?.version ?? -1) >= version, 100);
    return c.state!;
  };

  it('the adapter subscriber reconnecting: each socket is sent its own view of the table again', async () => {
    const { ada, watcher, version } = await missedChange();
    expect(ada.state!.version).toBeLessThan(version);
    await admin(['CLIENT', 'KILL', 'TYPE', 'pubsub']);
    const [mine, theirs] = await Promise.all([seen(ada, version), seen(watcher, version)]);
    expect(mine.seat).toBe(0);
    expect(mine.view!.hand!.tiles).not.toBeNull();
    expect(theirs.seat).toBeNull();
    expect(theirs.view!.hand!.tiles).toBeNull();
  });

  it('the store reconnecting: the same', async () => {
    const { ada, watcher, version } = await missedChange();
    await admin(['CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes']);
    await Promise.all([seen(ada, version), seen(watcher, version)]);
  });

  it('a publish under way when Redis dies is caught, not an unhandled rejection', async () => {
    // Redis holds every publish unanswered; then it is killed with one under way.
    await admin(['CLIENT', 'PAUSE', '10000', 'WRITE']);
    app!.io.to('t:nobody').emit('table:presence', { tableId: 'nobody' as never, connected: [] });
    await stopRedis(redis!, 'SIGKILL');
    redis = null;
    await until('the node sees the store gone', async () => !(await app!.monitor.probe()));
    // A rejection nobody handles is reported once the promise jobs queued with it have run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });
});
