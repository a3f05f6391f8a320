import type { TableView } from '@fives/engine';
import type { Presence, TableState } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client.ts';
import { adaAndBob } from '../support/table.ts';
import { FakeClock } from '../support/clock.ts';
import { type TestServer, startNodes, startServer } from '../support/server.ts';

const GRACE = 20_000;

describe('disconnect takeover', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server.close();
  });

  it('a seat whose person is gone past the grace period is played by a stand-in, and is theirs again the moment they come back; the host role moves on', async () => {
    const clock = new FakeClock();
    server = await startServer({ now: clock.now, graceMs: GRACE, seed: 'takeover' });
    const { tableId, a, b, ada } = await adaAndBob(server.url, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }]);
    clients.push(a, b);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    b.play();

    // Ada (the host) drops out; the others play on until the game waits for her.
    const gone = b.waitFor<Presence>('table:presence', (p) => p.connected[0] === false);
    a.close();
    await gone;
    const adasTurn = (s: TableState): boolean => s.view?.status === 'playing' && s.view.hand?.turn === 0 && s.view.hand.awaiting === 'move';
    const waiting = await b.waitForState(adasTurn);
    await server.app.jobs.poll();
    expect((await server.app.store.load(tableId))?.version).toBe(waiting.version);

    // Not a moment before the grace period is over…
    clock.advance(GRACE - 1);
    await server.app.jobs.poll();
    expect((await server.app.store.load(tableId))?.version).toBe(waiting.version);
    // …then a stand-in takes her seat (and the host role passes to Bob) and moves for her.
    clock.advance(1);
    await server.app.jobs.poll();
    const away = await b.waitForState((s) => s.table.seats[0]?.kind === 'human' && s.table.seats[0].away);
    expect(away.table.hostSeat).toBe(1);
    const played = await b.waitForState((s) => s.version > away.version && lastBy(s) === 0);
    expect(played.table.seats[0]).toMatchObject({ kind: 'human', name: 'Ada', away: true });

    // Ada comes back: the seat is hers again at once, and the stand-in makes no more moves.
    b.stop();
    const back = await TestClient.connect(server.url, ada.token);
    clients.push(back);
    const joined = await back.join(tableId);
    expect(joined).toMatchObject({ seat: 0, host: false });
    const hers = await back.waitForState((s) => s.table.seats[0]?.kind === 'human' && !s.table.seats[0].away);
    expect((hers.view as TableView).hand!.tiles).not.toBeNull();
    b.play();
    const herTurn = await back.waitForState(adasTurn);
    await server.app.jobs.poll();
    expect((await server.app.store.load(tableId))?.version).toBe(herTurn.version);
    back.play();
    const end = await back.waitForState((s) => s.table.phase === 'over');
    expect(end.view?.winner).not.toBeNull();
    expect([...b.problems, ...back.problems]).toEqual([]);
  });

  it('a person who leaves mid-game is stood in for at once; one who leaves a finished table frees the seat', async () => {
    server = await startServer({ seed: 'leaving' });
    const { tableId, a, b, bob } = await adaAndBob(server.url, { players: 2, target: 50 });
    clients.push(a, b);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    a.play();
    expect((await b.request('table:leave', { tableId })).ok).toBe(true);
    // Bob's seat plays itself; the game reaches its end with Ada alone.
    const over = await a.waitForState((s) => s.table.phase === 'over');
    expect(over.table.seats[1]).toMatchObject({ kind: 'human', name: 'Bob', away: true });

    // Bob leaves the finished table for good: his seat is free, the table waits for players again.
    const b2 = await TestClient.connect(server.url, bob.token);
    clients.push(b2);
    expect(await b2.join(tableId)).toMatchObject({ seat: 1 });
    expect((await b2.request('table:leave', { tableId })).ok).toBe(true);
    const freed = await a.waitForState((s) => s.table.phase === 'waiting');
    expect(freed.table.seats[1]).toEqual({ seat: 1, kind: 'open' });
    expect(freed.table.scores).toBeNull();
    expect(freed.table.game).toBe(1);
    // The host fills it with a computer player and starts game 2.
    expect((await a.request('table:seat', { tableId, seat: 1, occupant: { type: 'bot', level: 'easy' } })).ok).toBe(true);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    const second = await a.waitForState((s) => s.table.game === 2);
    expect(second.table.phase).toBe('playing');
    expect((await fetch(`${server.url}/api/tables/${tableId}/games/1/record`)).status).toBe(200);
  });

  it('a host who leaves a waiting table hands the role to the next person', async () => {
    server = await startServer({ seed: 'host' });
    const { tableId, a, b } = await adaAndBob(server.url, { players: 3 });
    clients.push(a, b);
    expect((await a.request('table:leave', { tableId })).ok).toBe(true);
    const s = await b.waitForState((x) => x.table.seats[0]?.kind === 'open');
    expect(s.table.hostSeat).toBe(1);
    expect((await b.request('table:seat', { tableId, seat: 0, occupant: { type: 'bot', level: 'easy' } })).ok).toBe(true);
  });
});

function lastBy(s: TableState): number | null {
  const log = s.view?.hand?.log ?? [];
  const e = log[log.length - 1];
  return e !== undefined && 'seat' in e ? e.seat : null;
}

describe('a seat taken over by another connection', () => {
  it.each([1, 2])(
    'the old connection hears table:detached and no table:state after it (%i node(s), through the Redis adapter)',
    async (count) => {
      const cluster = await startNodes(count, { seed: 'detached', botDelayMs: 3_600_000 });
      const clients: TestClient[] = [];
      try {
        const url = cluster.nodes[0]!.url;
        const { tableId, a: first, b, ada } = await adaAndBob(url, { players: 2 });
        clients.push(first, b);
        expect((await first.request('table:start', { tableId })).ok).toBe(true);
        let old = first;
        for (let round = 0; round < 20; round++) {
          // Each connection on the next node: the old one on this node or another.
          const next = await TestClient.connect(cluster.nodes[(round + 1) % count]!.url, ada.token);
          clients.push(next);
          const detached = old.waitFor('table:detached');
          expect(await next.join(tableId)).toMatchObject({ seat: 0 });
          await detached;
          // Whatever the join sent the old connection was sent before this answer.
          expect((await old.request('lobby:watch', { on: false })).ok).toBe(true);
          const events = old.received.map((r) => r.event);
          const after = events.slice(events.lastIndexOf('table:detached') + 1);
          expect(after, `round ${round}`).not.toContain('table:state');
          old.close();
          old = next;
        }
      } finally {
        for (const c of clients) c.close();
        await cluster.close();
      }
    },
    60_000,
  );
});
