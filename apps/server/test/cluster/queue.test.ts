import type { PlayerId, QueueMatched, QueueStatus, Rating, TableId } from '@fives/protocol';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, guest } from '../support/client.ts';
import { FakeClock } from '../support/clock.ts';
import { killed, spawnNode } from '../support/process.ts';
import { deleteKeys, uniquePrefix } from '../support/redis.ts';
import { type TestServer, startNodes, startServer } from '../support/server.ts';
import { queueRoom } from '../../src/sockets/rooms.ts';
import { MemoryArchive } from '../../src/archive/memory.ts';

describe('random opponents', () => {
  const clients: TestClient[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const f of cleanups.splice(0).reverse()) await f();
  });

  it('two players queued on two server processes are seated at one table and play it to the end', async () => {
    const prefix = uniquePrefix();
    const children: ChildProcess[] = [];
    cleanups.push(async () => {
      for (const c of children) await killed(c);
      await deleteKeys(prefix);
    });
    const [one, two] = await Promise.all([spawnNode(prefix), spawnNode(prefix)]);
    children.push(one.child, two.child);
    const ada = await guest(one.url, 'Ada');
    const bob = await guest(two.url, 'Bob');
    const a = await TestClient.connect(one.url, ada.token);
    const b = await TestClient.connect(two.url, bob.token);
    clients.push(a, b);

    const matchedA = a.waitFor<QueueMatched>('queue:matched');
    const matchedB = b.waitFor<QueueMatched>('queue:matched');
    const first = await a.request('queue:join', { rules: { preset: 'allFives', players: 2 }, waitSeconds: 600 });
    expect(first.ok && first.data.waiting).toBe(1);
    // The same game asked for differently is the same queue.
    const second = await b.request('queue:join', { rules: { players: 2 }, waitSeconds: 600 });
    expect(second.ok).toBe(true);
    const [ma, mb] = await Promise.all([matchedA, matchedB]);
    expect(ma.tableId).toBe(mb.tableId);
    expect(ma.queue).toBe(first.ok ? first.data.queue : null);
    expect([ma.seat, mb.seat]).toEqual([0, 1]);

    expect(await a.join(ma.tableId)).toMatchObject({ seat: 0, host: true });
    expect(await b.join(mb.tableId)).toMatchObject({ seat: 1, host: false });
    const start = a.state!;
    expect(start.table.phase).toBe('playing');
    expect(start.table.seats.map((s) => s.kind)).toEqual(['human', 'human']);
    expect(start.table.turnSeconds).toBe(30);
    a.play();
    b.play();
    const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect(endA.version).toBe(endB.version);
    expect([...a.problems, ...b.problems]).toEqual([]);
    // Bounds two process starts on a shared CPU; nothing here is timed.
  }, 60_000);

  it('when the first wait is over, everyone waiting sits down and computer players fill the table', async () => {
    const clock = new FakeClock();
    const server = await startServer({ now: clock.now, seed: 'fill' });
    cleanups.push(() => server.close());
    const [a, b] = await connect(server, 'Ada', 'Bob');
    const rules = { preset: 'allFives', players: 4 } as const;
    const ack = await a.request('queue:join', { rules, waitSeconds: 20, level: 'easy' });
    if (!ack.ok) throw new Error(ack.error.message);
    expect(ack.data).toMatchObject({ waiting: 1, botsAt: { remainingMs: 20_000 } });
    const counted = a.waitFor<QueueStatus>('queue:status', (s) => s.waiting === 2);
    await b.request('queue:join', { rules });
    expect((await counted).botsAt?.remainingMs).toBe(20_000);

    clock.advance(19_999);
    await server.app.jobs.poll();
    expect((await server.app.store.matchmaking.count(ack.data.queue)).waiting).toBe(2);

    const matchedA = a.waitFor<QueueMatched>('queue:matched');
    const matchedB = b.waitFor<QueueMatched>('queue:matched');
    clock.advance(1);
    await server.app.jobs.poll();
    const [ma, mb] = await Promise.all([matchedA, matchedB]);
    expect(ma.tableId).toBe(mb.tableId);
    await a.join(ma.tableId);
    const seats = a.state!.table.seats;
    expect(seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot', 'bot']);
    expect(seats[2]).toMatchObject({ level: 'easy' });
    expect((await server.app.store.matchmaking.count(ack.data.queue)).waiting).toBe(0);
    // Waiting for a table while seated at one is refused.
    const again = await a.request('queue:join', { rules });
    expect(again.ok ? null : again.error.code).toBe('queue/already_playing');
  });

  it('matches by the ratings read when people join: far apart only once the range has widened, close ones at once', async () => {
    const clock = new FakeClock();
    // The archive's ratings as a finished history would leave them (the rating rule has its own tests).
    const known = new Map<PlayerId, Rating>();
    const archive = new (class extends MemoryArchive {
      override async ratings(ids: readonly PlayerId[]): Promise<Map<PlayerId, Rating>> {
        return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id) as Rating] as const] : [])));
      }
    })();
    const server = await startServer({ now: clock.now, seed: 'rated-queue', archive });
    cleanups.push(() => server.close());
    const people = await Promise.all(['Ada', 'Cat', 'Bob'].map((name) => guest(server.url, name)));
    for (const [i, rating] of [1500, 1900, 1560].entries()) known.set(people[i]!.player.id, { rating, rd: 60, volatility: 0.06, games: 30 });
    const [a, c, b] = await Promise.all(people.map((p) => TestClient.connect(server.url, p.token)));
    clients.push(a!, c!, b!);
    const rules = { preset: 'allFives', players: 2 } as const;
    const ack = await a!.request('queue:join', { rules, waitSeconds: 600 });
    if (!ack.ok) throw new Error(ack.error.message);
    expect((await c!.request('queue:join', { rules, waitSeconds: 600 })).ok).toBe(true);
    // 400 apart: 100 + 20 a second reaches it after 15 s.
    clock.advance(14_999);
    await server.app.jobs.poll();
    expect((await server.app.store.matchmaking.count(ack.data.queue)).waiting).toBe(2);
    const matchedA = a!.waitFor<QueueMatched>('queue:matched');
    const matchedC = c!.waitFor<QueueMatched>('queue:matched');
    clock.advance(1);
    await server.app.jobs.poll();
    const [ma, mc] = await Promise.all([matchedA, matchedC]);
    expect(ma.tableId).toBe(mc.tableId);
    expect((await server.app.store.matchmaking.count(ack.data.queue)).waiting).toBe(0);
    // Bob (1560) and a newcomer close to him are seated at once.
    const dan = await guest(server.url, 'Dan');
    known.set(dan.player.id, { rating: 1620, rd: 60, volatility: 0.06, games: 30 });
    const d = await TestClient.connect(server.url, dan.token);
    clients.push(d);
    const matchedB = b!.waitFor<QueueMatched>('queue:matched');
    const matchedD = d.waitFor<QueueMatched>('queue:matched');
    await b!.request('queue:join', { rules, waitSeconds: 600 });
    await d.request('queue:join', { rules, waitSeconds: 600 });
    // Which of them gets which seat is the deal's; that they sit together, at once, is the rule.
    const [mb, md] = await Promise.all([matchedB, matchedD]);
    expect(md.tableId).toBe(mb.tableId);
    expect([mb.seat, md.seat].toSorted()).toEqual([0, 1]);
  });

  it('leaving is instant, the others see the count, and a lost connection leaves too', async () => {
    const server = await startServer({ seed: 'leave' });
    cleanups.push(() => server.close());
    const [a, b, c] = (await connect(server, 'Ada', 'Bob', 'Cy')) as [TestClient, TestClient, TestClient];
    const rules = { players: 3 } as const;
    const ack = await a.request('queue:join', { rules });
    if (!ack.ok) throw new Error(ack.error.message);
    await b.request('queue:join', { rules });
    const one = a.waitFor<QueueStatus>('queue:status', (s) => s.waiting === 1);
    const left = await b.request('queue:leave', {});
    expect(left).toEqual({ ok: true, data: { left: true } });
    expect((await one).waiting).toBe(1);
    expect(await b.request('queue:leave', {})).toEqual({ ok: true, data: { left: false } });

    // Ada's connection drops: she waits no more, so Bob and Cy are two, not a table of three.
    a.close();
    await until(async () => (await server.app.store.matchmaking.count(ack.data.queue)).waiting === 0);
    await b.request('queue:join', { rules });
    const two = await c.request('queue:join', { rules });
    expect(two.ok && two.data.waiting).toBe(2);
  });

  it('leaving a queue and joining it again at once keeps the connection in its room, through the Redis adapter', async () => {
    const cluster = await startNodes(2, { seed: 'rejoin' });
    cleanups.push(() => cluster.close());
    const [node] = cluster.nodes;
    const ada = await guest(node!.url, 'Ada');
    const a = await TestClient.connect(node!.url, ada.token);
    clients.push(a);
    const rules = { preset: 'allFives' as const, players: 3 as const };
    const joined = await a.request('queue:join', { rules, waitSeconds: 600 });
    if (!joined.ok) throw new Error(joined.error.message);
    // Sent back to back, as a player who clicks "leave" then "join" again does.
    const [left, again] = await Promise.all([a.request('queue:leave', {}), a.request('queue:join', { rules, waitSeconds: 600 })]);
    expect([left.ok, again.ok]).toEqual([true, true]);
    // A request to the other node, answered: every message this node published before it (the
    // leave's request to every node, this one too) has come back from Redis and been handled.
    await node!.app.io.fetchSockets();
    const inRoom = await node!.app.io.local.in(queueRoom(joined.data.queue)).fetchSockets();
    // Not in the room: its status would not reach it, and a lost connection would not leave the queue (a ghost seated).
    expect(inRoom.map((s) => s.id)).toEqual([a.socket.id]);
  });

  it('many people joining at the same moment, on two nodes and from two tabs each, are each seated once', async () => {
    const { nodes, close } = await startNodes(2, { seed: 'crowd' });
    cleanups.push(close);
    const people = 16;
    const tabs: { client: TestClient; person: number }[] = [];
    for (let i = 0; i < people; i++) {
      const g = await guest(nodes[0]!.url, `P${i}`);
      for (const node of nodes) {
        const client = await TestClient.connect(node.url, g.token);
        clients.push(client);
        tabs.push({ client, person: i });
      }
    }
    const rules = { preset: 'allFives', players: 3 } as const;
    const replies = await Promise.all(tabs.map((t) => t.client.request('queue:join', { rules, waitSeconds: 600 })));
    for (const r of replies) if (!r.ok) expect(r.error.code).toBe('queue/already_playing');
    // 16 people, tables of 3: five tables, one person still waiting.
    const queue = replies.find((r) => r.ok)!;
    if (!queue.ok) throw new Error('no queue');
    await until(async () => (await nodes[0]!.app.store.matchmaking.count(queue.data.queue)).waiting === 1);
    const seatedAt = new Map<number, TableId>();
    const tables = new Map<TableId, number[]>();
    await until(async () => {
      for (const t of tabs) {
        const m = t.client.received.find((r) => r.event === 'queue:matched')?.payload as QueueMatched | undefined;
        if (m !== undefined) seatedAt.set(t.person, m.tableId);
      }
      return seatedAt.size === people - 1;
    });
    for (const [person, table] of seatedAt) tables.set(table, [...(tables.get(table) ?? []), person]);
    expect(tables.size).toBe(5);
    for (const [id, seated] of tables) {
      const doc = await nodes[1]!.app.store.load(id);
      const names = doc!.seats.flatMap((s) => (s.kind === 'human' ? [s.name] : []));
      expect(names).toHaveLength(3);
      expect(new Set(names).size).toBe(3);
      expect(names.sort()).toEqual(seated.map((p) => `P${p}`).sort());
    }
    // Every tab of a person heard the same single table.
    for (const t of tabs) {
      const heard = t.client.received.filter((r) => r.event === 'queue:matched').map((r) => (r.payload as QueueMatched).tableId);
      expect(new Set(heard).size).toBeLessThanOrEqual(1);
      if (heard.length > 0) expect(heard[0]).toBe(seatedAt.get(t.person));
    }
  });
});

async function connect(server: TestServer, ...names: [string, string, ...string[]]): Promise<[TestClient, TestClient, ...TestClient[]]> {
  const out: TestClient[] = [];
  for (const name of names) out.push(await TestClient.connect(server.url, (await guest(server.url, name)).token));
  return out as [TestClient, TestClient, ...TestClient[]];
}

/** Polls a condition about the server (never about time) until it holds; the test's timeout bounds it. */
async function until(test: () => Promise<boolean>): Promise<void> {
  while (!(await test())) await new Promise((resolve) => setTimeout(resolve, 10));
}
