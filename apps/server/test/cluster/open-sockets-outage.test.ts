import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Health, SeatSpec } from '@fives/protocol';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../../src/metrics/registry.ts';
import { TestClient } from '../support/client.ts';
import { freePort, killed, spawnNode } from '../support/process.ts';
import { startRedis, stopRedis } from '../support/redis-server.ts';
import { adaAndBob } from '../support/table.ts';
import { until } from '../support/until.ts';

type Node = Awaited<ReturnType<typeof spawnNode>>;

interface Player {
  readonly client: TestClient;
  /** The node it connects to. */
  readonly url: string;
  readonly token: string;
  readonly tableId: string;
}

/** Nine tables, two people each: 18 sockets from 127.0.0.1, more than a third of the cap of 50. */
const TABLES = 9;
const CAP = 50;

/**
 * The open sockets an address holds, as counted in Redis, against the sockets actually open,
 * through two Redis outages (SIGKILL, then SIGTERM, each started again) and a node's death.
 * Multi-process because what is tested is what a process leaves behind: a Redis killed under the
 * nodes, and a node killed outright (SIGKILL: no close handler runs, its heartbeat just stops).
 *
 * Every person's connection drops while Redis is away and comes back once it is back, as a
 * class's would through a network blip. Before: a socket that closed while Redis was away was
 * never counted out there (the count was only rewritten by the next heartbeat, 20 s on, and not at
 * all for an address the node then held no socket of), so each outage left every dropped socket
 * counted twice; after two, 18 people made 54 and the last to come back were refused
 * `connection/too_many` — which nothing retried: their tables froze.
 */
describe('open sockets counted through Redis outages and a node death', () => {
  let dir = '';
  let redis: ChildProcess | null = null;
  let nodes: Node[] = [];
  const players: Player[] = [];
  let probe: { readonly isOpen: boolean; close(): Promise<unknown> } | null = null;
  afterAll(async () => {
    for (const p of players) p.client.close();
    for (const n of nodes) await killed(n.child);
    if (probe?.isOpen === true) await probe.close();
    if (redis !== null) await stopRedis(redis);
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('gives back the count of every socket closed while Redis was away, and forgets a dead node’s, so nobody is turned away', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fives-open-sockets-'));
    const port = await freePort();
    redis = await startRedis(port, dir);
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, SOCKETS_PER_ADDRESS: String(CAP), JOB_LEASE_MS: '1000', JOB_POLL_MS: '200' };
    nodes = await Promise.all([spawnNode('fives:', env), spawnNode('fives:', env)]);
    const [n0, n1] = nodes as [Node, Node];
    const redisClient = createClient({ url: `redis://127.0.0.1:${port}` });
    redisClient.on('error', () => {});
    probe = redisClient;

    /** What the nodes count for 127.0.0.1 (each node's count while it is alive, as the handshake sums them). */
    const counted = async (): Promise<number> => {
      if (!redisClient.isOpen) await redisClient.connect();
      const fields = await redisClient.hGetAll('fives:so:127.0.0.1');
      return Object.entries(fields)
        .filter(([node]) => !node.endsWith('@') && Number(fields[`${node}@`]) >= Date.now())
        .reduce((sum, [, n]) => sum + Number(n), 0);
    };
    const open = (): number => players.filter((p) => p.client.socket.connected).length;
    const metric = async (n: Node, name: string): Promise<number> => parseMetrics(await (await fetch(`${n.url}/metrics`)).text()).get(name) ?? -1;
    const storeUp = async (n: Node): Promise<boolean> => ((await (await fetch(`${n.url}/healthz`)).json()) as Health).store.up;

    await Promise.all(
      Array.from({ length: TABLES }, async (_, i) => {
        const [home, away] = i % 2 === 0 ? [n0, n1] : [n1, n0];
        // A computer player in the last seat: its moves go on through the outages as jobs.
        const seats: SeatSpec[] = [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }];
        const { tableId, a, b, ada, bob } = await adaAndBob(home.url, { players: 3, target: 400 }, seats, { turnSeconds: null }, away.url);
        players.push({ client: a, url: home.url, token: ada.token, tableId }, { client: b, url: away.url, token: bob.token, tableId });
        expect((await a.request('table:start', { tableId })).ok).toBe(true);
      }),
    );
    await until('every socket counted', async () => (await counted()) === players.length);

    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      await stopRedis(redis, signal);
      await until('both nodes see the store gone', async () => !(await storeUp(n0)) && !(await storeUp(n1)));
      for (const p of players) p.client.socket.disconnect();
      await until('both nodes saw every socket go', async () => (await metric(n0, 'fives_connections')) === 0 && (await metric(n1, 'fives_connections')) === 0);
      redis = await startRedis(port, dir);
      await until('both nodes see the store back', async () => (await storeUp(n0)) && (await storeUp(n1)));
      // Everyone comes back, on the node they were on, and finds their table again.
      await Promise.all(players.map((p) => reconnect(p)));
    }
    // Every table goes on: both of its people play, and its computer player with them.
    const version = (tableId: string): number => Math.min(...players.filter((p) => p.tableId === tableId).map((p) => p.client.state?.version ?? -1));
    const tableIds = [...new Set(players.map((p) => p.tableId))];
    const before = tableIds.map(version);
    for (const p of players) p.client.play();
    await until('every table moves on', () => tableIds.every((id, i) => version(id) > before[i]! + 3), 400);
    await until('every socket counted once', async () => (await counted()) === open());
    expect(open()).toBe(players.length);

    // A node dies: its people come back on the other one; its counts must stop counting.
    await killed(n1.child);
    nodes = [n0];
    const moved = players.filter((p) => p.url === n1.url);
    await until('the dead node’s people are gone', () => moved.every((p) => !p.client.socket.connected));
    for (const p of moved) {
      p.client.close();
      const client = await TestClient.connect(n0.url, p.token);
      await client.join(p.tableId);
      players[players.indexOf(p)] = { ...p, url: n0.url, client };
    }
    expect(open()).toBe(players.length);
    await until('the dead node’s counts stop counting', async () => (await counted()) === open(), 600);
  }, 180_000);
});

/** Connects the player's socket again and joins their table; a refused handshake fails the test. */
async function reconnect(p: Player): Promise<void> {
  const socket = p.client.socket;
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e: Error & { data?: { code?: string } }) => reject(new Error(`refused: ${e.data?.code ?? e.message}`)));
  });
  socket.connect();
  await connected;
  await p.client.join(p.tableId);
}
