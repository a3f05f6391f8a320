import { type GameRecord, replayRecord } from '@fives/engine';
import type { TableState } from '@fives/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Balancer } from '../support/balancer.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { killed, spawnNode } from '../support/process.ts';
import { deleteKeys, uniquePrefix } from '../support/redis.ts';

type Node = Awaited<ReturnType<typeof spawnNode>>;

/** Every public event of a game in the order a client took them in (stale states, as the protocol says, ignored). */
function eventsSeen(states: TableState[]): string[] {
  const seen: string[] = [];
  let version = -1;
  let at = { game: -1, hand: -1, events: 0 };
  for (const s of states) {
    if (s.version <= version) continue;
    version = s.version;
    const hand = s.view?.hand;
    if (s.view === null || s.view === undefined || hand === null || hand === undefined) continue;
    const key = { game: s.table.game, hand: s.view.handScores.length };
    if (key.game !== at.game || key.hand !== at.hand) at = { ...key, events: 0 };
    for (const e of hand.log.slice(at.events)) seen.push(`${key.game}.${key.hand} ${JSON.stringify(e)}`);
    at.events = hand.log.length;
  }
  return seen;
}

const midHand = (s: TableState): boolean => {
  const v = s.view;
  return v !== null && v.status === 'playing' && v.hand!.log.length >= 6;
};

async function replaysTo(url: string, tableId: string, end: TableState): Promise<void> {
  const record = (await (await fetch(`${url}/api/tables/${tableId}/games/1/record`)).json()) as GameRecord;
  expect(replayRecord(record).output).toMatchObject({ ok: true, finished: true, winner: end.view!.winner, scores: end.view!.scores });
}

/** Ada and Bob at a three-seat table (a bot in the third seat) made on `url`; not started. */
async function table(url: string): Promise<{ tableId: string; ada: string; bob: string }> {
  const ada = await guest(url, 'Ada');
  const bob = await guest(url, 'Bob');
  const { tableId } = await createTable(url, ada.token, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }]);
  return { tableId, ada: ada.token, bob: bob.token };
}

/**
 * Several server processes (what production runs, `src/main.ts`, with the Socket.IO Redis
 * adapter) sharing one Redis: a table's players on different nodes, a node killed, a node
 * drained on SIGTERM, behind a balancer that routes as HAProxy does (deploy/haproxy.cfg).
 */
describe('several server nodes', () => {
  const prefix = uniquePrefix();
  let nodes: Node[] = [];
  const clients: TestClient[] = [];
  const balancers: Balancer[] = [];
  beforeAll(async () => {
    nodes = await Promise.all([spawnNode(prefix), spawnNode(prefix), spawnNode(prefix)]);
  }, 60_000);
  afterEach(() => {
    // Gone with their test: a client left connected would sit out a draining node's grace period.
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    for (const b of balancers) await b.close();
    for (const n of nodes) await killed(n.child);
    await deleteKeys(prefix);
  });

  it('players of one table on different nodes see every event, in the same order', async () => {
    const [n0, n1] = nodes as [Node, Node];
    const t = await table(n0.url);
    const a = await TestClient.connect(n0.url, t.ada);
    const b = await TestClient.connect(n1.url, t.bob);
    clients.push(a, b);
    await a.join(t.tableId);
    await b.join(t.tableId);
    const started = await a.request('table:start', { tableId: t.tableId });
    if (!started.ok) throw new Error(started.error.message);
    a.play();
    b.play();
    const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect(endA.version).toBe(endB.version);

    // Every change reached both nodes' players: each version from the start to the end.
    const versions = (c: TestClient): number[] => [...new Set(c.states().map((s) => s.version))].filter((v) => v >= started.data.version).sort((x, y) => x - y);
    const all = Array.from({ length: endA.version - started.data.version + 1 }, (_, i) => started.data.version + i);
    expect(versions(a)).toEqual(all);
    expect(versions(b)).toEqual(all);
    // And the game's events came in one order for both.
    const seenA = eventsSeen(a.states());
    expect(seenA.length).toBeGreaterThan(20);
    expect(eventsSeen(b.states())).toEqual(seenA);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    await replaysTo(n1.url, t.tableId, endA);
  }, 90_000);

  it('spectators on other nodes, joining mid-game or from the start, get every state; one who left gets none', async () => {
    const [n0, n1, n2] = nodes as [Node, Node, Node];
    const t = await table(n0.url);
    const a = await TestClient.connect(n0.url, t.ada);
    const b = await TestClient.connect(n0.url, t.bob);
    // A table that nobody watches skips the spectators' room; these come before and during the game.
    const early = await TestClient.connect(n1.url, null);
    const late = await TestClient.connect(n2.url, null);
    const gone = await TestClient.connect(n2.url, null);
    clients.push(a, b, early, late, gone);
    await a.join(t.tableId);
    await b.join(t.tableId);
    expect((await early.join(t.tableId, 'spectator')).seat).toBeNull();
    expect((await gone.join(t.tableId, 'spectator')).seat).toBeNull();
    const started = await a.request('table:start', { tableId: t.tableId });
    if (!started.ok) throw new Error(started.error.message);
    a.play();
    b.play();
    await a.waitForState(midHand);
    const left = await gone.request('table:leave', { tableId: t.tableId });
    expect(left.ok).toBe(true);
    const leftAt = Math.max(...gone.states().map((s) => s.version));
    expect((await late.join(t.tableId, 'spectator')).seat).toBeNull();
    const end = await a.waitForState((s) => s.table.phase === 'over');
    await Promise.all([early, late].map((c) => c.waitForState((s) => s.version === end.version)));

    const versions = (c: TestClient): number[] => [...new Set(c.states().map((s) => s.version))].sort((x, y) => x - y);
    const from = (v: number): number[] => Array.from({ length: end.version - v + 1 }, (_, i) => v + i);
    expect(versions(early).filter((v) => v >= started.data.version)).toEqual(from(started.data.version));
    const firstLate = versions(late)[0]!;
    expect(firstLate).toBeGreaterThan(started.data.version);
    expect(versions(late)).toEqual(from(firstLate));
    expect(Math.max(...gone.states().map((s) => s.version))).toBe(leftAt);
    for (const c of [early, late]) expect(c.states().every((s) => s.seat === null)).toBe(true);
  }, 90_000);

  /**
   * Ada and Bob through a balancer in front of `first` and `second` (Ada on `first`, Bob on
   * `second`), reconnecting to their table by themselves, playing a game made on `second`.
   */
  async function playingBehind(first: Node, second: Node): Promise<{ lb: Balancer; t: Awaited<ReturnType<typeof table>>; a: TestClient; b: TestClient }> {
    const lb = await Balancer.start([first, second]);
    balancers.push(lb);
    const t = await table(second.url);
    const a = await TestClient.connect(lb.url, t.ada, { reconnection: true });
    const b = await TestClient.connect(lb.url, t.bob, { reconnection: true });
    clients.push(a, b);
    expect(lb.routed).toEqual([1, 1]);
    await a.join(t.tableId);
    await b.join(t.tableId);
    a.rejoin = t.tableId;
    b.rejoin = t.tableId;
    expect((await a.request('table:start', { tableId: t.tableId })).ok).toBe(true);
    a.play();
    b.play();
    return { lb, t, a, b };
  }

  it('a node killed mid-game: its players reconnect to another and the game finishes, nothing lost', async () => {
    const [n0, n1] = nodes as [Node, Node];
    // Round robin: Ada on the node about to die, Bob on the other.
    const { lb, t, a, b } = await playingBehind(n0, n1);
    const stalled = await a.waitForState(midHand);

    await killed(n0.child);
    const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect(a.reconnections).toBeGreaterThan(0);
    expect(lb.routed[1]).toBeGreaterThan(1);
    expect(endA.version).toBe(endB.version);
    expect(endA.version).toBeGreaterThan(stalled.version);
    await replaysTo(n1.url, t.tableId, endA);
    // A lease of the dead node's to sit out (JOB_LEASE_MS) and reconnections on a shared CPU; nothing here is timed.
  }, 90_000);

  it('SIGTERM drains a node: its clients are told, move to another node, and nothing in flight is lost', async () => {
    const [, n1, n2] = nodes as [Node, Node, Node];
    const { lb, t, a, b } = await playingBehind(n1, n2);
    await a.waitForState(midHand);

    const exited = new Promise<number | null>((resolve) => n1.child.once('exit', (code) => resolve(code)));
    n1.child.kill('SIGTERM');
    // A clean stop: every message and job under way finished before the store closed.
    expect(await exited).toBe(0);
    expect(a.drained).toBe(1);
    expect(a.received.some((r) => r.event === 'server:draining')).toBe(true);
    expect(b.drained).toBe(0);

    const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect(lb.routed[1]).toBeGreaterThan(1);
    expect(endA.version).toBe(endB.version);
    expect(eventsSeen(a.states())).toEqual(eventsSeen(b.states()).slice(-eventsSeen(a.states()).length));
    expect(a.problems).toEqual([]);
    await replaysTo(n2.url, t.tableId, endA);
  }, 90_000);
});
