import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GameRecord, replayRecord } from '@fives/engine';
import type { Health, SeatSpec } from '@fives/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../../src/metrics/registry.ts';
import type { TestClient } from '../support/client.ts';
import { adaAndBob } from '../support/table.ts';
import { freePort, killed, spawnNode } from '../support/process.ts';
import { startRedis, stopRedis } from '../support/redis-server.ts';
import { until } from '../support/until.ts';

type Node = Awaited<ReturnType<typeof spawnNode>>;

interface Table {
  readonly id: string;
  /** One player on each node. */
  readonly players: readonly [TestClient, TestClient];
}

const TABLES = 3;

/**
 * Two server processes on one Redis of the test's own (AOF), and tables whose people sit on
 * both nodes, playing while Redis is killed (-9) and later stopped (SIGTERM), each time started
 * again. No node may die of it (before: an unhandled rejection from a publish under way), and no
 * table may freeze: a state broadcast lost with the connection (or made before the other node's
 * subscriber was back) is sent again by each node to its own sockets when it reconnects. The
 * players never reconnect here, so only that resend can bring them a state they missed.
 */
describe('Redis killed and stopped under two nodes', () => {
  let dir = '';
  let redis: ChildProcess | null = null;
  let nodes: Node[] = [];
  const clients: TestClient[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const n of nodes) await killed(n.child);
    if (redis !== null) await stopRedis(redis);
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('both nodes survive, and every table across the two nodes finishes after two outages', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fives-redis-nodes-'));
    const port = await freePort();
    redis = await startRedis(port, dir);
    // A short lease: a bot's move claimed as Redis went runs again soon after it is back.
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, JOB_LEASE_MS: '1000', JOB_POLL_MS: '200' };
    nodes = await Promise.all([spawnNode('fives:', env), spawnNode('fives:', env)]);
    const [n0, n1] = nodes as [Node, Node];

    const tables: Table[] = [];
    for (let i = 0; i < TABLES; i++) {
      // The table made on either node; its two people one on each.
      const [home, away] = i % 2 === 0 ? [n0, n1] : [n1, n0];
      // No turn timer: nothing but a state reaching its player moves such a table on.
      // A long game (to 400), so that each table is still being played at the second outage.
      const seats: SeatSpec[] = [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }];
      const { tableId, a, b } = await adaAndBob(home.url, { players: 3, target: 400 }, seats, { turnSeconds: null }, away.url);
      clients.push(a, b);
      expect((await a.request('table:start', { tableId })).ok).toBe(true);
      tables.push({ id: tableId, players: [a, b] });
    }
    const version = (t: Table): number => Math.min(...t.players.map((c) => c.state?.version ?? -1));
    const playing = (t: Table): boolean => t.players.every((c) => c.state?.table.phase === 'playing');
    const over = (t: Table): boolean => t.players.every((c) => c.state?.table.phase === 'over');
    const storeUp = async (n: Node): Promise<boolean> => ((await (await fetch(`${n.url}/healthz`)).json()) as Health).store.up;

    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      // Moves in flight (and broadcasts being published) when Redis goes.
      const before = tables.map(version);
      for (const c of clients) c.play();
      // (A game that ended at the first outage is done; the others play on into the second.)
      await until('every table has moved on', () => tables.every((t, i) => (version(t) >= before[i]! + 3 && playing(t)) || over(t)));
      await stopRedis(redis, signal);
      await until('both nodes see the store gone', async () => !(await storeUp(n0)) && !(await storeUp(n1)));
      const during = tables.map(version);
      redis = await startRedis(port, dir);
      await until('both nodes see the store back', async () => (await storeUp(n0)) && (await storeUp(n1)));
      // Every table goes on: both of its players, one on each node, see it move past the outage.
      await until(`every table moves on after the ${signal}`, () => tables.every((t, i) => version(t) > during[i]! + 1 || over(t)), 300);
      for (const c of clients) c.stop();
    }

    for (const c of clients) c.play();
    await until('every game is over for both of its players', () => tables.every(over), 2400);
    for (const n of nodes) expect(n.child.exitCode).toBeNull();
    for (const c of clients) expect(c.socket.connected).toBe(true);
    for (const t of tables) {
      const [a, b] = t.players;
      expect(a.state!.version).toBe(b.state!.version);
      const record = (await (await fetch(`${n1.url}/api/tables/${t.id}/games/1/record`)).json()) as GameRecord;
      expect(replayRecord(record).output).toMatchObject({ ok: true, finished: true, winner: a.state!.view!.winner });
    }
    // And nothing went unhandled on the way (each would be a bug the safety net only hides).
    for (const n of nodes) {
      const metrics = parseMetrics(await (await fetch(`${n.url}/metrics`)).text());
      expect(metrics.get('fives_unhandled_rejections_total')).toBe(0);
    }
  }, 240_000);
});
