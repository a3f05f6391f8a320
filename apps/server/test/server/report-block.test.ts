import { type Blocks, type GuestResponse, type PlayerId, type Problem, type QueueMatched, type Report, REPORT_NOTE_MAX, gameIdOf } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { archivedGame, playedRecords } from '../support/archive-games.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { type TestServer, startServer } from '../support/server.ts';

// Report and block (docs/protocol.md), on a real server against Redis and PostgreSQL: bad input
// refused with a typed error and nothing stored; a block honoured by the queue, by a private
// table's invite, and by the reactions.
let db: TestDatabase;
let server: TestServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  db = await testDatabase();
  const archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
  // Every request here comes from one address: the per-address account limit is raised (limits.test.ts tests it).
  server = await startServer({ seed: 'report-block', archive, safety: archive.safetyStore(), limits: { accounts: { limit: 1000, windowMs: 60_000 } } });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await server.close();
  await db.drop();
});

const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
const records = playedRecords({ preset: 'allFives', players: 2, target: 31 }, 1, 'report-block');
let tables = 0;

/** Two people who played an archived game together: each is known to the other from it. */
async function playedTogether(a: GuestResponse, b: GuestResponse): Promise<string> {
  tables++;
  const game = archivedGame(records[0]!, {
    tableId: `rb${tables}x${process.pid}`,
    game: 1,
    seats: [
      { playerId: a.player.id, name: a.player.name },
      { playerId: b.player.id, name: b.player.name },
    ],
    startedAt: new Date(Date.UTC(2026, 11, 1, 12)).toISOString(),
    finishedAt: new Date(Date.UTC(2026, 11, 1, 12, 10)).toISOString(),
  });
  await server.app.archive.write(game);
  return game.id;
}

async function connect(g: GuestResponse): Promise<TestClient> {
  const c = await TestClient.connect(server.url, g.token);
  clients.push(c);
  return c;
}

async function block(by: GuestResponse, whom: PlayerId, body: object = {}) {
  return server.app.inject({ method: 'PUT', url: `/api/blocks/${whom}`, headers: bearer(by.token), payload: body });
}

const codeOf = (res: { json: () => unknown }): string => (res.json() as { error: Problem }).error.code;

describe('report and block', () => {
  it('files a report about a game, and refuses bad ones with a typed error, storing nothing', async () => {
    const [ada, bob] = await Promise.all([guest(server.url, 'Ada'), guest(server.url, 'Bob')]);
    const gameId = await playedTogether(ada, bob);
    const before = (await server.app.safety.openReports(1000)).length;
    const report = (payload: object, token = ada.token) => server.app.inject({ method: 'POST', url: '/api/reports', headers: bearer(token), payload });

    const refused: [object, number, string, string | null][] = [
      [{ playerId: bob.player.id, reason: 'ugly_shirt' }, 400, 'message/invalid', 'reason'],
      [{ playerId: bob.player.id, reason: 'other', note: 'x'.repeat(REPORT_NOTE_MAX + 1) }, 400, 'message/invalid', 'note'],
      [{ playerId: bob.player.id, reason: 'other', extra: true }, 400, 'message/invalid', null],
      [{ playerId: 'not-an-id', reason: 'other' }, 400, 'message/invalid', 'playerId'],
      [{ playerId: ada.player.id, reason: 'offensive_name' }, 400, 'report/self', null],
      [{ playerId: 'p_nobody0000000000', reason: 'offensive_name' }, 404, 'player/not_found', null],
      // A game Bob did not sit in (or none at all) is not one to report him about.
      [{ playerId: bob.player.id, reason: 'cheating', gameId: 'nosuchtable1-1' }, 404, 'game/not_found', null],
    ];
    for (const [payload, status, code, path] of refused) {
      const res = await report(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(codeOf(res), JSON.stringify(payload)).toBe(code);
      if (path !== null) expect(res.json<{ error: Problem }>().error.issues?.map((i) => i.path)).toContain(path);
    }
    expect((await server.app.inject({ method: 'POST', url: '/api/reports', payload: { playerId: bob.player.id, reason: 'other' } })).statusCode).toBe(401);
    expect(await server.app.safety.openReports(1000)).toHaveLength(before);

    // A good one: stored open, pointing at the game, for an operator's console to list.
    const filed = await report({ playerId: bob.player.id, reason: 'abusive_reactions', note: '  kept sending "bad luck"  ', gameId });
    expect(filed.statusCode, filed.body).toBe(201);
    const stored = filed.json<{ report: Report }>().report;
    expect(stored).toMatchObject({ reporter: ada.player.id, reported: bob.player.id, reason: 'abusive_reactions', note: 'kept sending "bad luck"', gameId, status: 'open' });
    expect(await server.app.safety.openReports(1000)).toContainEqual(stored);
    // A name report from a player page needs no game; a full note fits.
    expect((await report({ playerId: bob.player.id, reason: 'offensive_name', note: 'x'.repeat(REPORT_NOTE_MAX) })).statusCode).toBe(201);
  });

  it('knows a newcomer from the game under way at their table, and reports and blocks them from there', async () => {
    const [host, newcomer] = await Promise.all([guest(server.url, 'Host'), guest(server.url, 'Newcomer')]);
    const made = await createTable(server.url, host.token, { preset: 'allFives', players: 2 });
    const joiner = await connect(newcomer);
    await joiner.join(made.tableId, 'player');
    // Nothing archived of the newcomer yet: unknown without the table, known with it.
    expect(codeOf(await block(host, newcomer.player.id))).toBe('player/not_found');
    const blocked = await block(host, newcomer.player.id, { tableId: made.tableId });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json<Blocks>().blocks).toEqual([{ playerId: newcomer.player.id, name: 'Newcomer', since: expect.any(String) }]);
    const hosting = await connect(host);
    await hosting.join(made.tableId);
    const start = await hosting.request('table:start', { tableId: made.tableId });
    expect(start.ok, JSON.stringify(start)).toBe(true);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(host.token),
      payload: { playerId: newcomer.player.id, reason: 'stalling', gameId: gameIdOf(made.tableId, 1) },
    });
    expect(res.statusCode, res.body).toBe(201);
    // A seat's panel names the person by their seat: the table's view carries no player ids.
    const bySeat = await server.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(host.token),
      payload: { seat: 1, reason: 'offensive_name', gameId: gameIdOf(made.tableId, 1) },
    });
    expect(bySeat.statusCode, bySeat.body).toBe(201);
    expect(bySeat.json<{ report: Report }>().report).toMatchObject({ reported: newcomer.player.id, gameId: gameIdOf(made.tableId, 1) });
    const seatBlock = (payload: object, token = newcomer.token) => server.app.inject({ method: 'POST', url: '/api/blocks', headers: bearer(token), payload });
    expect((await seatBlock({ tableId: made.tableId, seat: 0 })).json<Blocks>().blocks).toEqual([{ playerId: host.player.id, name: 'Host', since: expect.any(String) }]);
    for (const [payload, status, code] of [
      [{ tableId: made.tableId, seat: 1 }, 400, 'block/self'],
      [{ tableId: made.tableId, seat: 3 }, 404, 'player/not_found'],
      [{ tableId: made.tableId, seat: 4 }, 400, 'message/invalid'],
      [{ tableId: made.tableId }, 400, 'message/invalid'],
    ] as const) {
      const refused = await seatBlock(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(codeOf(refused), JSON.stringify(payload)).toBe(code);
    }
    for (const payload of [
      { seat: 1, reason: 'other' },
      { seat: 1, playerId: newcomer.player.id, reason: 'other', gameId: gameIdOf(made.tableId, 1) },
    ]) {
      expect(codeOf(await server.app.inject({ method: 'POST', url: '/api/reports', headers: bearer(host.token), payload })), JSON.stringify(payload)).toBe('message/invalid');
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/blocks', headers: bearer(newcomer.token) })).json<Blocks>().blocks).toHaveLength(1);
  });

  it('refuses blocking yourself, an unknown player or no token, and changes nothing; unblocks', async () => {
    const [ada, bob] = await Promise.all([guest(server.url, 'Ada'), guest(server.url, 'Bob')]);
    await playedTogether(ada, bob);
    for (const [whom, status, code] of [
      [ada.player.id, 400, 'block/self'],
      ['p_nobody0000000000', 404, 'player/not_found'],
      ['not-an-id', 400, 'message/invalid'],
    ] as const) {
      const res = await block(ada, whom as PlayerId);
      expect(res.statusCode, whom).toBe(status);
      expect(codeOf(res), whom).toBe(code);
    }
    expect(codeOf(await block(ada, bob.player.id, { tableId: 'Not A Table' }))).toBe('message/invalid');
    expect((await server.app.inject({ method: 'PUT', url: `/api/blocks/${bob.player.id}`, payload: {} })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/blocks', headers: bearer(ada.token) })).json()).toEqual({ blocks: [] });

    expect((await block(ada, bob.player.id)).json<Blocks>().blocks.map((b) => b.name)).toEqual(['Bob']);
    // Again: still one block.
    expect((await block(ada, bob.player.id)).json<Blocks>().blocks).toHaveLength(1);
    const unblocked = await server.app.inject({ method: 'DELETE', url: `/api/blocks/${bob.player.id}`, headers: bearer(ada.token) });
    expect(unblocked.json()).toEqual({ blocks: [] });
  });

  it('never matches a blocked person with the one who blocked them in the queue', async () => {
    const [ada, bob, cat] = await Promise.all([guest(server.url, 'Ada'), guest(server.url, 'Bob'), guest(server.url, 'Cat')]);
    await playedTogether(ada, bob);
    expect((await block(ada, bob.player.id)).statusCode).toBe(200);
    const [a, b, c] = await Promise.all([connect(ada), connect(bob), connect(cat)]);
    // A rules set of their own: no other test's tickets in this queue.
    const rules = { preset: 'block', players: 2, target: 41 } as const;
    const matchedA = a.waitFor<QueueMatched>('queue:matched');
    const matchedC = c.waitFor<QueueMatched>('queue:matched');
    expect((await a.request('queue:join', { rules, waitSeconds: 600 })).ok).toBe(true);
    // Bob (blocked by Ada) arrives: two newcomers ("?") would meet at once; they wait on.
    const second = await b.request('queue:join', { rules, waitSeconds: 600 });
    expect(second.ok && second.data.waiting).toBe(2);
    expect(b.received.some((r) => r.event === 'queue:matched')).toBe(false);
    // Cat arrives: she meets Ada, the first to have come; Bob waits on, alone.
    const third = await c.request('queue:join', { rules, waitSeconds: 600 });
    expect(third.ok && third.data.waiting).toBe(1);
    const [ma, mc] = await Promise.all([matchedA, matchedC]);
    expect(ma.tableId).toBe(mc.tableId);
    expect(b.received.some((r) => r.event === 'queue:matched')).toBe(false);
    expect(await server.app.lobby.queueOf(bob.player.id)).not.toBeNull();
    await b.request('queue:leave', {});
  });

  it('keeps a blocked person from sitting at the blocker’s private table by its link, and hides their reactions', async () => {
    const [host, bob, cat] = await Promise.all([guest(server.url, 'Host'), guest(server.url, 'Bob'), guest(server.url, 'Cat')]);
    await playedTogether(host, bob);
    expect((await block(host, bob.player.id)).statusCode).toBe(200);
    const made = await createTable(server.url, host.token, { preset: 'allFives', players: 3 });
    const [h, b, c] = await Promise.all([connect(host), connect(bob), connect(cat)]);
    await h.join(made.tableId);
    // By the link (the table's id) or its code: refused a seat, in words; watching is still open.
    for (const how of [{ tableId: made.tableId }, { code: made.code }]) {
      const refused = await b.request('table:join', { ...how, as: 'player' });
      expect(refused.ok ? 'joined' : refused.error.code).toBe('table/blocked');
    }
    const watching = await b.request('table:join', { tableId: made.tableId });
    expect(watching.ok && watching.data.seat).toBe(null);
    expect((await server.app.inject({ method: 'GET', url: `/api/tables/${made.tableId}` })).json<{ seats: { kind: string }[] }>().seats.map((s) => s.kind)).toEqual([
      'human',
      'open',
      'open',
    ]);
    await c.join(made.tableId, 'player');

    // Bob hosts his own table: the host (who blocks him) may sit there, and does not hear him.
    const bobs = await createTable(server.url, bob.token, { preset: 'allFives', players: 3 });
    await b.join(bobs.tableId);
    await h.join(bobs.tableId, 'player');
    await c.join(bobs.tableId, 'player');
    const heardByCat = c.waitFor<{ player: string }>('table:reaction', (r) => r.player === bob.player.id);
    expect((await b.request('table:react', { tableId: bobs.tableId, reaction: 'goodGame' })).ok).toBe(true);
    await heardByCat;
    // Cat's reaction after Bob's: the host hears it, and by then would have heard Bob's.
    const heardByHost = h.waitFor<{ player: string }>('table:reaction', (r) => r.player === cat.player.id);
    expect((await c.request('table:react', { tableId: bobs.tableId, reaction: 'nice' })).ok).toBe(true);
    await heardByHost;
    const hostHeard = h.received.filter((r) => r.event === 'table:reaction').map((r) => (r.payload as { player: string }).player);
    expect(hostHeard).toEqual([cat.player.id]);
    // The host's own reactions still reach Bob: a block hides what the blocked one sends.
    const heardByBob = b.waitFor<{ player: string }>('table:reaction', (r) => r.player === host.player.id);
    expect((await h.request('table:react', { tableId: bobs.tableId, reaction: 'thanks' })).ok).toBe(true);
    await heardByBob;
  });
});
