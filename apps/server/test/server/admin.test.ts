import { AdminFiguresSchema, AdminReportsSchema, type Problem, type TableId } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryModeration } from '../../src/admin/moderation.ts';
import { Operators } from '../../src/admin/operators.ts';
import { MemoryArchive } from '../../src/archive/memory.ts';
import { type Player, newPlayerId } from '../../src/identity/token.ts';
import { TestClient, guest } from '../support/client.ts';
import { botPlayedGame, manualClock } from '../support/finish-game.ts';
import { startNodes } from '../support/server.ts';

type Nodes = Awaited<ReturnType<typeof startNodes>>;

const ADA_TOKEN = 'ada-operator-token-0123456789';
const BOB_TOKEN = 'bob-operator-token-9876543210';

/**
 * The operator's console over two nodes sharing Redis: the API answers on either node, a ban
 * reaches the player's sockets on the other, and the figures count both nodes.
 */
describe("the operator's console", () => {
  let nodes: Nodes | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await nodes?.close();
    nodes = null;
  });

  async function site(operators: Operators | null = Operators.parse(`ada:${ADA_TOKEN},bob:${BOB_TOKEN}`)) {
    const clock = manualClock(Date.UTC(2026, 11, 4, 12));
    const archive = new MemoryArchive(() => clock.now().getTime());
    // One archive and one moderation store for both nodes, as one PostgreSQL would be.
    nodes = await startNodes(2, { seed: 'admin', operators, archive, moderation: new MemoryModeration(), now: clock.now, graceMs: 24 * 3600_000 });
    const [n0, n1] = nodes.nodes as [NonNullable<Nodes['nodes'][0]>, NonNullable<Nodes['nodes'][1]>];
    const as = (token: string | null) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      n0.app.inject({ method, url, ...(token === null ? {} : { headers: { authorization: `Bearer ${token}` } }), ...(payload === undefined ? {} : { payload }) });
    return { clock, n0, n1, ada: as(ADA_TOKEN), bob: as(BOB_TOKEN), nobody: as(null), wrong: as('not-an-operator-token-at-all') };
  }

  it('is off without ADMIN_TOKEN: /admin and /api/admin are 404, the notice is none', async () => {
    const { n0 } = await site(null);
    for (const url of ['/admin', '/admin/anything', '/api/admin/figures']) {
      const res = await n0.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'http/not_found' } });
    }
    expect((await n0.app.inject({ method: 'GET', url: '/api/notice' })).json()).toEqual({ notice: null });
  });

  it("refuses a request without an operator's token, changing nothing; reads the live figures of both nodes", async () => {
    const { ada, nobody, wrong, n1 } = await site();
    for (const send of [nobody, wrong]) {
      const res = await send('PUT', '/api/admin/notice', { text: 'hello' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'admin/unauthorized' } });
    }
    expect((await ada('GET', '/api/notice')).json()).toEqual({ notice: null });
    expect((await ada('GET', '/api/admin/log')).json()).toEqual({ actions: [] });

    // Sockets on the second node, each counted there and read through the first.
    const people = await Promise.all(['Cy', 'Di'].map(async (name) => TestClient.connect(n1.url, (await guest(n1.url, name)).token)));
    clients.push(...people);
    await Promise.all(nodes!.nodes.map((n) => n.app.heartbeat.beat()));
    const figures = AdminFiguresSchema.parse((await ada('GET', '/api/admin/figures')).json());
    expect(figures.nodes).toHaveLength(2);
    expect(figures.sockets).toBe(2);
    expect(figures.nodes.map((n) => n.role)).toEqual(['node', 'node']);
    expect(figures.queues).toEqual([]);
  });

  it('bans a player at once on every node, says why and until when, and lifts it; the log says who', async () => {
    const { clock, n0, n1, ada, bob } = await site();
    const made = await guest(n1.url, 'Eve');
    const eve: Player = { id: made.player.id, name: 'Eve' };
    await botPlayedGame(n0.app, clock, eve, true);
    const socket = await TestClient.connect(n1.url, made.token);
    clients.push(socket);
    const gone = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    const week = new Date(clock.now().getTime() + 7 * 86_400_000).toISOString();

    const res = await ada('POST', '/api/admin/bans', { player: eve.id, reason: 'offensive name', days: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ban: { player: eve.id, reason: 'offensive name', by: 'ada', until: week } });
    expect(await gone).toBe('io server disconnect');

    // Her token, on either node, over HTTP and the socket.
    const again = await n1.app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Eve', token: made.token } });
    expect(again.statusCode).toBe(403);
    expect(again.json<{ error: Problem }>().error).toMatchObject({
      code: 'auth/banned',
      message: expect.stringContaining(`until ${week}: offensive name`) as string,
    });
    await expect(TestClient.connect(n0.url, made.token)).rejects.toMatchObject({ data: { code: 'auth/banned' } });
    expect((await bob('GET', '/api/admin/bans')).json()).toMatchObject({ bans: [{ player: eve.id, by: 'ada' }] });

    // A week on, the ban is over by itself.
    clock.advance(7 * 86_400_000 + 1);
    expect((await n1.app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Eve', token: made.token } })).statusCode).toBe(200);
    clock.advance(-1);
    expect((await bob('DELETE', `/api/admin/bans/${eve.id}`)).json()).toEqual({ unbanned: eve.id });
    expect((await bob('DELETE', `/api/admin/bans/${eve.id}`)).json()).toMatchObject({ error: { code: 'player/not_found' } });
    const log = (await ada('GET', '/api/admin/log')).json<{ actions: { operator: string; action: string; target: string }[] }>();
    expect(log.actions.map((a) => [a.operator, a.action, a.target])).toEqual([
      ['bob', 'unban', eve.id],
      ['ada', 'ban', eve.id],
    ]);
  });

  it('refuses bad input with typed errors and logs nothing', async () => {
    const { ada } = await site();
    const cases: [string, string, object | undefined, number, string][] = [
      ['POST', '/api/admin/bans', { player: newPlayerId(), reason: 'spam' }, 404, 'player/not_found'],
      ['POST', '/api/admin/bans', { player: 'not-a-player', reason: 'spam' }, 400, 'message/invalid'],
      ['POST', '/api/admin/bans', { player: newPlayerId(), reason: '   ' }, 400, 'message/invalid'],
      ['POST', '/api/admin/bans', { player: newPlayerId(), reason: 'x'.repeat(201) }, 400, 'message/invalid'],
      ['POST', '/api/admin/bans', { player: newPlayerId(), reason: 'spam', days: 0 }, 400, 'message/invalid'],
      ['POST', `/api/admin/players/${newPlayerId()}/name`, { name: 'Zed' }, 404, 'player/not_found'],
      ['POST', '/api/admin/tables/zzzzzzzzzz/close', undefined, 404, 'table/not_found'],
      ['PUT', '/api/admin/notice', { text: 'x'.repeat(501) }, 400, 'message/invalid'],
      ['PUT', '/api/admin/notice', { text: 'hi', extra: 1 }, 400, 'message/invalid'],
      ['GET', '/api/admin/log?limit=0', undefined, 400, 'message/invalid'],
      ['GET', '/api/admin/reports?limit=501', undefined, 400, 'message/invalid'],
      ['POST', '/api/admin/reports/r_0000000000000000/resolve', { outcome: 'dismissed' }, 404, 'report/not_found'],
      ['POST', '/api/admin/reports/not-a-report/resolve', { outcome: 'dismissed' }, 400, 'message/invalid'],
      ['POST', '/api/admin/reports/r_0000000000000000/resolve', { outcome: 'shrugged' }, 400, 'message/invalid'],
      ['POST', '/api/admin/reports/r_0000000000000000/resolve', { outcome: 'actioned', note: 'x'.repeat(201) }, 400, 'message/invalid'],
    ];
    for (const [method, url, payload, status, code] of cases) {
      const res = await ada(method as 'GET', url, payload);
      expect([url, res.statusCode, res.json<{ error?: Problem }>().error?.code ?? res.body]).toEqual([url, status, code]);
    }
    expect((await ada('GET', '/api/admin/log')).json()).toEqual({ actions: [] });
    expect((await ada('GET', '/api/notice')).json()).toEqual({ notice: null });
  });

  it('lists open reports with the names and the game they point at, and closes one once, logged', async () => {
    const { clock, n0, ada, bob, nobody } = await site();
    const [rude, kind] = await Promise.all([guest(n0.url, 'Rude'), guest(n0.url, 'Kind')]);
    const gameId = `${await botPlayedGame(n0.app, clock, { id: rude.player.id, name: 'Rude' }, true)}-1`;
    const file = (payload: object) => n0.app.inject({ method: 'POST', url: '/api/reports', headers: { authorization: `Bearer ${kind.token}` }, payload });
    expect((await file({ playerId: rude.player.id, reason: 'offensive_name', note: 'that name' })).statusCode).toBe(201);
    expect((await file({ playerId: rude.player.id, reason: 'cheating', gameId })).statusCode).toBe(201);
    expect((await nobody('GET', '/api/admin/reports')).statusCode).toBe(401);

    const listed = AdminReportsSchema.parse((await ada('GET', '/api/admin/reports')).json()).reports;
    expect(listed.map((r) => [r.reason, r.reportedName, r.gameId, r.status])).toEqual([
      ['offensive_name', 'Rude', null, 'open'],
      ['cheating', 'Rude', gameId, 'open'],
    ]);
    const [named, cheat] = listed as [(typeof listed)[0], (typeof listed)[0]];
    expect(named).toMatchObject({ reporter: kind.player.id, note: 'that name' });

    const resolved = await bob('POST', `/api/admin/reports/${named.id}/resolve`, { outcome: 'actioned', note: ' renamed them ' });
    expect(resolved.json()).toMatchObject({ report: { id: named.id, status: 'closed', reportedName: 'Rude' } });
    const again = await ada('POST', `/api/admin/reports/${named.id}/resolve`, { outcome: 'dismissed' });
    expect([again.statusCode, again.json<{ error: Problem }>().error.code]).toEqual([404, 'report/not_found']);
    expect(AdminReportsSchema.parse((await ada('GET', '/api/admin/reports')).json()).reports.map((r) => r.id)).toEqual([cheat.id]);
    const log = (await ada('GET', '/api/admin/log')).json<{ actions: { operator: string; action: string; target: string; detail: object }[] }>();
    expect(log.actions).toEqual([
      expect.objectContaining({ operator: 'bob', action: 'resolveReport', target: named.id, detail: { outcome: 'actioned', note: 'renamed them', reported: rude.player.id } }),
    ]);
  });

  it('renames a player: their page, the leaderboard and their next token say the new name', async () => {
    const { clock, n0, n1, ada } = await site();
    const made = await guest(n0.url, 'Rude');
    await botPlayedGame(n0.app, clock, { id: made.player.id, name: 'Rude' }, true);
    const res = await ada('POST', `/api/admin/players/${made.player.id}/name`, { name: 'Player 7' });
    expect(res.json()).toEqual({ player: made.player.id, name: 'Player 7' });
    expect((await n1.app.inject({ method: 'GET', url: `/api/players/${made.player.id}` })).json()).toMatchObject({ name: 'Player 7' });
    // Their token still says "Rude": the server plays them under the operator's name.
    const back = await n1.app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Rude', token: made.token } });
    expect(back.json(), back.body).toMatchObject({ player: { id: made.player.id, name: 'Player 7' } });
    const log = (await ada('GET', '/api/admin/log')).json<{ actions: { detail: object }[] }>();
    expect(log.actions[0]?.detail).toEqual({ from: 'Rude', to: 'Player 7' });
  });

  it('closes a table: its people are told, it is gone on every node; the notice is set and cleared', async () => {
    const { n0, n1, ada } = await site();
    const made = await guest(n0.url, 'Fay');
    const client = await TestClient.connect(n1.url, made.token);
    clients.push(client);
    const created = await n0.app.inject({
      method: 'POST',
      url: '/api/tables',
      headers: { authorization: `Bearer ${made.token}` },
      payload: { rules: { preset: 'allFives', players: 2 } },
    });
    const tableId = created.json<{ tableId: TableId }>().tableId;
    await client.join(tableId);
    const told = client.waitFor<Problem>('refused', (p) => p.code === 'table/not_found');
    expect((await ada('POST', `/api/admin/tables/${tableId}/close`)).json()).toEqual({ closed: tableId });
    expect((await told).message).toContain("the site's operator closed it");
    expect((await n1.app.inject({ method: 'GET', url: `/api/tables/${tableId}` })).statusCode).toBe(404);

    expect((await ada('PUT', '/api/admin/notice', { text: '  Maintenance at 22:00 UTC  ' })).statusCode).toBe(200);
    expect((await n1.app.inject({ method: 'GET', url: '/api/notice' })).json()).toEqual({ notice: { text: 'Maintenance at 22:00 UTC', at: '2026-12-04T12:00:00.000Z' } });
    expect((await ada('DELETE', '/api/admin/notice')).json()).toEqual({ notice: null });
    const log = (await ada('GET', '/api/admin/log')).json<{ actions: { action: string; detail: object }[] }>();
    expect(log.actions.map((a) => [a.action, a.detail])).toEqual([
      ['notice', { text: null }],
      ['notice', { text: 'Maintenance at 22:00 UTC' }],
      ['closeTable', {}],
    ]);
  });
});
