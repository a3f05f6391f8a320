import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { greedyPolicy } from '@fives/bots';
import { type GameRecord, type TableView, legalActions, replayRecord, seededRandom } from '@fives/engine';
import { type Problem, type TableState, toWireAction } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisConnection, connectRedis } from '../../src/redis/connect.ts';
import { RedisStalledError } from '../../src/redis/stall.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { TestClient } from '../support/client.ts';
import { freePort } from '../support/process.ts';
import { uniquePrefix } from '../support/redis.ts';
import { startRedis, stopRedis } from '../support/redis-server.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { adaAndBob } from '../support/table.ts';
import { until } from '../support/until.ts';

/**
 * A Redis that stops answering without closing its connections (SIGSTOP: a wedged server, a
 * half-open network path). node-redis alone would wait for its replies for ever; `stall.ts`
 * fails them after `commandTimeoutMs` and connects afresh. A Redis of the test's own: it is
 * paused here, which the shared Redis of the other tests must never be.
 */
describe('a Redis that stops answering', () => {
  let dir = '';
  let port = 0;
  let redis: ChildProcess | null = null;
  const pause = (): void => void redis!.kill('SIGSTOP');
  const wake = (): void => void redis!.kill('SIGCONT');
  beforeAll(async () => {
    port = await freePort();
    dir = await mkdtemp(path.join(tmpdir(), 'fives-stall-'));
    redis = await startRedis(port, dir);
  });
  afterAll(async () => {
    if (redis !== null) {
      wake();
      await stopRedis(redis);
    }
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  describe('one connection', () => {
    let connection: RedisConnection | null = null;
    const errors: Error[] = [];
    beforeAll(async () => {
      connection = await connectRedis(
        { mode: 'single', url: `redis://127.0.0.1:${port}` },
        { connectTimeoutMs: 5_000, commandTimeoutMs: 300, onError: (e) => void errors.push(e) },
      );
    });
    afterAll(async () => {
      await connection?.close();
    });

    it('a reply that came while the event loop was blocked past the bound is still the reply, not a stall', async () => {
      const key = `${uniquePrefix()}blocked`;
      await connection!.client.set(key, 'here');
      const reply = connection!.client.get(key);
      // Three bounds long with the loop blocked: the watchdog ticks once after it, then the reply is read.
      const until = Date.now() + 900;
      while (Date.now() < until) {
        // blocked on purpose
      }
      expect(await reply).toBe('here');
      expect(errors.filter((e) => e instanceof RedisStalledError)).toEqual([]);
    });

    it('a command waiting on a paused Redis fails as stalled; once Redis wakes, the connection made afresh answers', async () => {
      const key = `${uniquePrefix()}paused`;
      await connection!.client.set(key, 'kept');
      pause();
      try {
        await expect(connection!.client.get(key)).rejects.toBeInstanceOf(RedisStalledError);
        expect(errors.some((e) => e instanceof RedisStalledError)).toBe(true);
        expect(connection!.stalledCommands()).toBe(1);
      } finally {
        wake();
      }
      await until('the connection answers again', async () => {
        try {
          return (await connection!.client.get(key)) === 'kept';
        } catch {
          return false;
        }
      });
    });
  });

  describe('a game', () => {
    let server: TestServer | null = null;
    const clients: TestClient[] = [];
    afterAll(async () => {
      for (const c of clients) c.close();
      await server?.close();
    });

    it('a move in flight when Redis pauses is answered server/busy, and the game goes on to its end once Redis wakes', async () => {
      const store = await RedisTableStore.connect({ url: `redis://127.0.0.1:${port}`, prefix: uniquePrefix(), commandTimeoutMs: 500 });
      // The move is sent at once after the pause: it meets the paused Redis itself, well before the
      // store's probe could time out (1 s) and have the node refuse everything. The probe then
      // tells the node when the store answers again.
      server = await startServer({ store, seed: 'stall', storeProbeMs: 500 });
      const url = server.url;
      const { tableId, a, b, ada, bob } = await adaAndBob(url, { players: 2 }, [{ type: 'human' }, { type: 'human' }]);
      clients.push(a, b);
      expect((await a.request('table:start', { tableId })).ok).toBe(true);
      const toMove = (s: TableState | null): boolean => s !== null && s.view !== null && legalActions(s.view).length > 0;
      await until('someone is to move', () => toMove(a.state) || toMove(b.state));
      const mover = toMove(a.state) ? a : b;
      const s = mover.state!;
      const action = toWireAction(greedyPolicy(s.view as TableView, seededRandom('stall'))!);

      pause();
      let refused: Awaited<ReturnType<TestClient['request']>>;
      try {
        refused = await mover.request('game:action', { tableId, version: s.version, action });
      } finally {
        wake();
      }
      expect(refused.ok).toBe(false);
      expect((refused as { error: Problem }).error).toMatchObject({ code: 'server/busy', retryAfterMs: expect.any(Number) });
      // Counted where an operator looks.
      const metrics = await fetch(`${url}/metrics`);
      expect(metrics.status).toBe(200);
      const stalls = /^fives_redis_stalled_commands_total (\d+)$/m.exec(await metrics.text());
      expect(Number(stalls?.[1])).toBeGreaterThanOrEqual(1);

      // The players come back (as a reload would) and finish the game.
      for (const c of [a, b]) c.close();
      const [a2, b2] = [await TestClient.connect(url, ada.token), await TestClient.connect(url, bob.token)];
      clients.push(a2, b2);
      await until('the store answers again', async () => {
        try {
          await a2.join(tableId);
          return true;
        } catch {
          return false;
        }
      });
      await b2.join(tableId);
      a2.play();
      b2.play();
      const [endA, endB] = await Promise.all([a2.waitForState((x) => x.table.phase === 'over'), b2.waitForState((x) => x.table.phase === 'over')]);
      expect(endA.version).toBe(endB.version);
      const record = (await (await fetch(`${url}/api/tables/${tableId}/games/1/record`)).json()) as GameRecord;
      expect(replayRecord(record).output).toMatchObject({ ok: true, finished: true, winner: endA.view!.winner, scores: endA.view!.scores });
    }, 60_000);
  });
});
