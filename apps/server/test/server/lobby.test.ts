import type { JoinResult, OpenTables, TableSummary } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient, createTable, guest } from '../support/client.ts';
import { type TestServer, startServer } from '../support/server.ts';

describe('the lobby', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  beforeEach(async () => {
    server = await startServer({ seed: 'lobby' });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server.close();
  });

  async function connect(name: string | null): Promise<TestClient> {
    const c = await TestClient.connect(server.url, name === null ? null : (await guest(server.url, name)).token);
    clients.push(c);
    return c;
  }

  it('play now: one message, a table with computer players of the chosen level, dealt at once', async () => {
    const a = await connect('Ada');
    const reply = await a.request('lobby:playNow', { rules: { preset: 'muggins', players: 4 }, level: 'easy', turnSeconds: 30 });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.data).toMatchObject({ seat: 0, host: true });
    // The state came before the ack.
    const s = a.state!;
    expect(s.tableId).toBe(reply.data.tableId);
    expect(s.table.phase).toBe('playing');
    expect(s.table.listed).toBe(false);
    expect(s.table.turnSeconds).toBe(30);
    expect(s.table.seats.map((x) => (x.kind === 'bot' ? x.level : x.kind))).toEqual(['human', 'easy', 'easy', 'easy']);
    expect(s.view?.hand?.tiles).toHaveLength(7);
    a.play();
    const later = await a.waitForState((x) => (x.view?.hand?.log.length ?? 0) >= 8);
    expect(later.table.game).toBe(1);
    const anon = await connect(null);
    const refused = await anon.request('lobby:playNow', { rules: { players: 2 } });
    expect(refused.ok ? null : refused.error.code).toBe('auth/required');
    const bad = await a.request('lobby:playNow', { rules: { players: 2, partnerships: true } });
    expect(bad.ok ? null : bad.error.code).toBe('message/invalid');
  });

  it('a table code seats a friend (any case, with a dash); once the table is full it makes a spectator', async () => {
    const ada = await guest(server.url, 'Ada');
    const created = await createTable(server.url, ada.token, { players: 2 });
    expect(created.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
    expect(created.table.code).toBe(created.code);
    const typed = `${created.code.slice(0, 3).toLowerCase()}-${created.code.slice(3)}`;
    const looked = (await (await fetch(`${server.url}/api/codes/${typed}`)).json()) as TableSummary;
    expect(looked.id).toBe(created.tableId);

    const b = await connect('Bob');
    const joined = await b.request('table:join', { code: typed });
    expect(joined.ok && joined.data).toMatchObject({ tableId: created.tableId, seat: 1 } satisfies Partial<JoinResult>);
    const c = await connect('Cy');
    const watching = await c.request('table:join', { code: created.code });
    expect(watching.ok && watching.data.seat).toBeNull();
    const insisting = await c.request('table:join', { code: created.code, as: 'player' });
    expect(insisting.ok ? null : insisting.error.code).toBe('table/full');
    const unknown = await c.request('table:join', { code: 'ZZZZZZ' });
    expect(unknown.ok ? null : unknown.error.code).toBe('table/not_found');
    expect((await fetch(`${server.url}/api/codes/ZZZZZZ`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/codes/O0O0O0`)).status).toBe(400);
  });

  it('open tables: listed waiting tables with a free seat, live, until they fill', async () => {
    const watcher = await connect(null);
    const watched = await watcher.request('lobby:watch', { on: true });
    expect(watched).toEqual({ ok: true, data: { tables: [] } });

    const ada = await guest(server.url, 'Ada');
    const shown = watcher.waitFor<OpenTables>('lobby:tables', (m) => m.tables.length === 1);
    const listed = await createTable(server.url, ada.token, { players: 3 }, undefined, { listed: true, turnSeconds: 45 });
    await createTable(server.url, ada.token, { players: 3 }); // not listed: never shown
    expect((await shown).tables).toEqual([
      {
        tableId: listed.tableId,
        code: listed.code,
        host: 'Ada',
        rules: listed.table.rules,
        seats: 3,
        taken: 1,
        turnSeconds: 45,
        createdAt: listed.table.createdAt,
      },
    ]);

    const b = await connect('Bob');
    const two = watcher.waitFor<OpenTables>('lobby:tables', (m) => m.tables[0]?.taken === 2);
    expect((await b.request('table:join', { tableId: listed.tableId, as: 'player' })).ok).toBe(true);
    await two;
    const c = await connect('Cy');
    const gone = watcher.waitFor<OpenTables>('lobby:tables', (m) => m.tables.length === 0);
    expect((await c.request('table:join', { tableId: listed.tableId, as: 'player' })).ok).toBe(true);
    await gone;
    expect(await (await fetch(`${server.url}/api/open-tables`)).json()).toEqual({ tables: [] });
    expect(await watcher.request('lobby:watch', { on: false })).toEqual({ ok: true, data: { tables: [] } });
  });
});
