import { type TableView, view } from '@fives/engine';
import type { Detached, Presence } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';

describe('reconnection', () => {
  let server: TestServer;
  const open: TestClient[] = [];
  beforeEach(async () => {
    server = await startServer({ seed: 'reconnect' });
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await server.close();
  });

  it('a refresh mid-hand comes back to the same seat and the current state; presence follows', async () => {
    const table = await startedTable(server.url, { players: 3 }, 2);
    const [a, b] = table.clients as [TestClient, TestClient];
    open.push(a, b);
    a.play();
    b.play();
    const mid = await a.waitForState((s) => (s.view?.hand?.log.length ?? 0) >= 6 && s.view?.status === 'playing');
    b.stop();
    a.stop();
    const before = b.state!;

    const gone = a.waitFor<Presence>('table:presence', (p) => p.connected[1] === false);
    b.close();
    expect((await gone).connected).toEqual([true, false, true]);

    const again = await TestClient.connect(server.url, table.tokens[1]!);
    open.push(again);
    const back = a.waitFor<Presence>('table:presence', (p) => p.connected.every(Boolean));
    const joined = await again.join(table.tableId);
    expect(joined.seat).toBe(1);
    await back;
    const now = await server.app.store.load(table.tableId);
    const state = await again.waitForState((s) => s.version === now!.version);
    expect(state.seat).toBe(1);
    // Exactly what the engine says seat 1 may see now (and, if nothing moved meanwhile, what it saw before the refresh).
    expect(state.view).toEqual(JSON.parse(JSON.stringify(view(now!.state!, 1))));
    if (state.version === before.version) expect(state.view).toEqual(before.view);
    expect((state.view as TableView).hand!.tiles).not.toBeNull();
    expect(mid.version).toBeLessThanOrEqual(state.version);

    // The game goes on to its end with the new connection.
    a.play();
    again.play();
    const end = await again.waitForState((s) => s.table.phase === 'over');
    expect(end.view?.winner).not.toBeNull();
    expect([...a.problems, ...again.problems]).toEqual([]);
  });

  it('a second connection of the same player takes the seat over; the first is told and can no longer act', async () => {
    const table = await startedTable(server.url, { players: 2 }, 2);
    const [a, b] = table.clients as [TestClient, TestClient];
    open.push(a, b);
    const told = a.waitFor<Detached>('table:detached');
    const tab2 = await TestClient.connect(server.url, table.tokens[0]!);
    open.push(tab2);
    expect((await tab2.join(table.tableId)).seat).toBe(0);
    expect(await told).toEqual({ tableId: table.tableId, reason: 'takeover' });

    const s = tab2.state!;
    const reply = await a.request('game:action', { tableId: table.tableId, version: s.version, action: { type: 'pass' } });
    expect(reply.ok ? null : reply.error.code).toBe('table/not_seated');
    const versionBefore = s.version;
    // The old tab hears nothing more; the new one plays on.
    const oldCount = a.states().length;
    tab2.play();
    b.play();
    await tab2.waitForState((x) => x.version >= versionBefore + 3);
    expect(a.states().length).toBe(oldCount);
  });
});
