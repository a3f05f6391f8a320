import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type GameRecord, replayRecord } from '@fives/engine';
import type { TableState } from '@fives/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHARD_TAGS, tableKeys } from '../../src/redis/layout.ts';
import { keySlot } from '../../src/redis/slots.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { killed, spawnNode } from '../support/process.ts';
import { type TestCluster, startCluster } from '../support/redis-cluster.ts';
import { uniquePrefix } from '../support/redis.ts';

type Node = Awaited<ReturnType<typeof spawnNode>>;

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The load test wants the rate limits off (`fives loadtest --help`). */
const NO_LIMITS = { RATE_GUESTS: '0', RATE_TABLES: '0', RATE_ADDRESS_CONNECTIONS: '0', RATE_ADDRESS_MESSAGES: '0', RATE_CONNECTION_MESSAGES: '0', SOCKETS_PER_ADDRESS: '0' };

const midHand = (s: TableState): boolean => s.view !== null && s.view.status === 'playing' && s.view.hand!.log.length >= 4;

/**
 * A game on a Redis Cluster (issue 17) whose two people sit on two server processes, while the
 * cluster's masters fail over under it: every master handing over to its replica
 * (`CLUSTER FAILOVER`), then one master killed (`kill -9`) and its replica taking over. The
 * moves racing a failover are refused with `server/busy` and sent again (the test client does
 * as the protocol says); the game finishes, both people see it end at the same version, and
 * its record replays. Ports 7110–7115.
 */
describe('a game on a Redis Cluster whose masters fail over', () => {
  const prefix = uniquePrefix();
  let cluster: TestCluster;
  let nodes: Node[] = [];
  const clients: TestClient[] = [];
  beforeAll(async () => {
    cluster = await startCluster(7110);
    const env = { REDIS_URL: '', REDIS_CLUSTER_NODES: cluster.urls.join(','), JOB_POLL_MS: '200', JOB_LEASE_MS: '2000', ...NO_LIMITS };
    nodes = await Promise.all([spawnNode(prefix, env), spawnNode(prefix, env)]);
  }, 90_000);
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    for (const n of nodes) await killed(n.child);
    await cluster?.stop();
  });

  async function game(during: (tableId: string) => Promise<void>): Promise<void> {
    const [n0, n1] = nodes as [Node, Node];
    const health = (await (await fetch(`${n0.url}/healthz`)).json()) as { store: { mode?: string } };
    expect(health.store.mode).toBe('cluster');
    const ada = await guest(n0.url, 'Ada');
    const bob = await guest(n1.url, 'Bob');
    const { tableId } = await createTable(n0.url, ada.token, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }]);
    const a = await TestClient.connect(n0.url, ada.token);
    const b = await TestClient.connect(n1.url, bob.token);
    clients.push(a, b);
    await a.join(tableId);
    await b.join(tableId);
    const started = await a.request('table:start', { tableId });
    if (!started.ok) throw new Error(started.error.message);
    a.play();
    b.play();
    await a.waitForState(midHand);
    // Bob holds his next turn while the masters fail over, so the game cannot end before the
    // failover does (a fast game once finished during a slow one); Ada's and the computer's
    // moves up to Bob's turn race it.
    b.stop();
    await during(tableId);
    // The failover came mid-game: the game goes on after it.
    expect(a.state?.table.phase).toBe('playing');
    b.play();
    const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect(endA.version).toBe(endB.version);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    const record = (await (await fetch(`${n1.url}/api/tables/${tableId}/games/1/record`)).json()) as GameRecord;
    expect(replayRecord(record).output).toMatchObject({ ok: true, finished: true, winner: endA.view!.winner, scores: endA.view!.scores });
    // What the store holds is what the people saw last.
    const store = await RedisTableStore.connect({ target: { mode: 'cluster', nodes: cluster.urls }, prefix });
    expect((await store.load(tableId as never))?.version).toBe(endA.version);
    await store.close();
  }

  it('a short load over both nodes spreads the tables over every master, with 0 errors', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/cli/src/main.ts',
        'loadtest',
        '--url',
        nodes.map((n) => n.url).join(','),
        '--tables',
        '24',
        '--ramp',
        '24',
        '--duration',
        '3',
        '--players',
        '2',
        '--humans',
        '1',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { tables: number; moves: number; errors: number };
    expect(result).toMatchObject({ tables: 24, errors: 0 });
    expect(result.moves).toBeGreaterThan(50);
    // Each master holds keys, and some of them in the shards it owns (a table's keys are in its shard's slot).
    const shardKeysOn = new Map<number, number>();
    for (const tag of SHARD_TAGS) {
      const master = await cluster.masterOf(tag);
      const n = Number((await cluster.cli(master, 'cluster', 'countkeysinslot', String(keySlot(tag)))).trim());
      shardKeysOn.set(master, (shardKeysOn.get(master) ?? 0) + n);
    }
    const masters = await cluster.masters();
    expect(masters).toHaveLength(3);
    for (const m of masters) {
      expect(Number((await cluster.cli(m, 'dbsize')).trim())).toBeGreaterThan(0);
      expect(shardKeysOn.get(m)).toBeGreaterThan(0);
    }
  }, 60_000);

  it('finishes while every master hands over to its replica (CLUSTER FAILOVER)', async () => {
    await game(async () => {
      await cluster.failOverAll();
      expect(new Set(await cluster.masters()).size).toBe(3);
    });
  }, 120_000);

  it('finishes when the master holding the table is killed (kill -9) and its replica takes over', async () => {
    await game(async (tableId) => {
      const master = await cluster.masterOf(tableKeys(prefix, tableId).table);
      await cluster.killMaster(master);
      expect(await cluster.masters()).not.toContain(master);
    });
  }, 120_000);
});
