import { seededRandom } from '@fives/engine';
import { AccountExportSchema, type AccountSession, type ArchivedGame, type GuestResponse, type Leaderboard, type PlayerId, type Problem, gameIdOf } from '@fives/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { archivedGame, playedRecords } from '../support/archive-games.ts';
import { botPlayedGame, finishBotGame, manualClock } from '../support/finish-game.ts';
import { type CreationOptions, register } from '../support/passkey.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { deleteKeys, redisStore } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';

// "Your data" (docs/protocol.md): the export and the deletion of an account, end to end, as a
// deployment keeps them (tables in Redis, the archive and the accounts in PostgreSQL), including
// games that end and are archived after their player deleted the account.
const ORIGIN = 'http://localhost:7500';

let db: TestDatabase;
let store: RedisTableStore;
let app: GameApp;
let sql: pg.Client;
const clock = manualClock(Date.UTC(2026, 5, 1, 12));
beforeAll(async () => {
  db = await testDatabase();
  const archive = await PostgresArchive.connect({ url: db.url, log: () => {}, now: () => clock.now().getTime() });
  store = await redisStore();
  app = await build({
    store,
    archive,
    accounts: archive.accountStore(),
    secret: TEST_SECRET,
    logger: false,
    webRoot: null,
    publicUrl: ORIGIN,
    botWorkers: 0,
    botDelayMs: 0,
    handPauseMs: 0,
    graceMs: 24 * 3600_000,
    now: clock.now,
    random: seededRandom('your-data'),
  });
  await app.ready();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await app.close();
  await deleteKeys(store.prefix);
  await db.drop();
});

const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

async function guest(name: string): Promise<GuestResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestResponse>();
}

async function keep(token: string): Promise<AccountSession> {
  const opened = await app.inject({ method: 'POST', url: '/api/account/register/options', headers: bearer(token), payload: {} });
  const { response } = register(opened.json<{ options: CreationOptions }>().options, ORIGIN);
  const res = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(token), payload: { response } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountSession>();
}

const at = (minutes: number): string => new Date(clock.now().getTime() + minutes * 60_000).toISOString();
const records = playedRecords({ preset: 'allFives', players: 2, target: 61 }, 3, 'your-data');
let tables = 0;
function rated(a: { id: PlayerId; name: string }, b: { id: PlayerId; name: string }, n: number): ArchivedGame {
  tables++;
  return archivedGame(records[n % records.length]!, {
    tableId: `yourdata${tables}x${process.pid}`,
    game: 1,
    seats: [
      { playerId: a.id, name: a.name },
      { playerId: b.id, name: b.name },
    ],
    startedAt: at(-30 + n),
    finishedAt: at(-20 + n),
    rated: true,
  });
}

async function board(): Promise<Leaderboard> {
  return (await app.inject({ method: 'GET', url: '/api/leaderboard?preset=allFives&players=2&limit=100' })).json<Leaderboard>();
}

/** Every place PostgreSQL could still hold a name: the players' rows, every game's seats, the accounts, the blocks. */
async function storedWith(name: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM players WHERE name = $1) + (SELECT count(*) FROM games WHERE seats::text LIKE '%' || $2 || '%') + (SELECT count(*) FROM accounts WHERE name = $1)
       + (SELECT count(*) FROM blocks WHERE name = $1) AS n`,
    [name, JSON.stringify(name)],
  );
  return Number(rows[0]?.n);
}

describe('your data: export and delete', () => {
  it('exports a player’s data, then deletes the account: games stay under "deleted player", also those archived after, and off the leaderboard', async () => {
    const ada = await guest('Ada Lovelace');
    const session = await keep(ada.token);
    const bea = await guest('Bea Bea');
    const adaP = { id: ada.player.id, name: 'Ada Lovelace' };
    const beaP = { id: bea.player.id, name: 'Bea Bea' };
    for (let n = 0; n < 2; n++) expect(await app.archive.write(rated(adaP, beaP, n))).toBe('written');
    // Ada blocks Bea and reports her; Bea blocks Ada.
    expect((await app.inject({ method: 'PUT', url: `/api/blocks/${bea.player.id}`, headers: bearer(session.token), payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `/api/blocks/${ada.player.id}`, headers: bearer(bea.token), payload: {} })).statusCode).toBe(200);
    const filed = await app.inject({ method: 'POST', url: '/api/reports', headers: bearer(session.token), payload: { playerId: bea.player.id, reason: 'other', note: 'slow' } });
    expect(filed.statusCode, filed.body).toBe(201);

    // The export: the player, the account without keys, the profile and ratings, every game with its record.
    const exported = await app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(session.token) });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="fives-${ada.player.id}.json"`);
    const data = AccountExportSchema.parse(exported.json());
    expect(data.player).toEqual({ id: ada.player.id, name: 'Ada Lovelace' });
    expect(data.account).toMatchObject({ id: ada.player.id, name: 'Ada Lovelace', passkeys: [expect.objectContaining({ lastUsedAt: null })] });
    expect(exported.body).not.toContain('publicKey');
    expect(data.profile).toMatchObject({ id: ada.player.id, kept: true, stats: { games: 2 } });
    expect(Object.keys(data.profile!.ratings)).toEqual(['allFives/2']);
    expect(data.ratingHistory['allFives/2']).toHaveLength(2);
    expect(data.games.map((g) => g.finishedAt)).toEqual([at(-19), at(-20)]);
    for (const g of data.games) expect(g.record.hands.length).toBeGreaterThan(0);
    expect(data.blocks).toEqual([expect.objectContaining({ playerId: bea.player.id, name: 'Bea Bea' })]);
    expect(data.reports).toEqual([expect.objectContaining({ reported: bea.player.id, reason: 'other', note: 'slow', status: 'open' })]);
    // A guest's export: no account, the same games.
    const guestData = AccountExportSchema.parse((await app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(bea.token) })).json());
    expect(guestData.account).toBeNull();
    expect(guestData.games.map((g) => g.id)).toEqual(data.games.map((g) => g.id));
    // A newcomer with nothing archived: an export of almost nothing, not an error.
    const newcomer = await guest('Newcomer');
    expect(AccountExportSchema.parse((await app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(newcomer.token) })).json())).toMatchObject({
      account: null,
      profile: null,
      ratingHistory: {},
      games: [],
    });
    expect((await board()).entries.map((e) => e.name)).toEqual(expect.arrayContaining(['Ada Lovelace', 'Bea Bea']));

    // Ada sits at a game under way as she deletes; Cy, who kept a name and has no archived game yet, too.
    const atTable = await botPlayedGame(app, clock, adaP, false);
    const cy = await guest('Cy Twombly');
    const cySession = await keep(cy.token);
    const cyP = { id: cy.player.id, name: 'Cy Twombly' };
    const cyTable = await botPlayedGame(app, clock, cyP, false);

    for (const s of [session, cySession]) {
      const res = await app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(s.token) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: s.player.id });
    }
    // Their games end and are archived after the delete; Cy plays a rated game, archived after too.
    await finishBotGame(app, clock, atTable);
    await finishBotGame(app, clock, cyTable);
    expect(await app.archive.write(rated(beaP, cyP, 2))).toBe('written');

    for (const [tableId, who] of [
      [atTable, ada.player.id],
      [cyTable, cy.player.id],
    ] as const) {
      const game = (await app.inject({ method: 'GET', url: `/api/games/${gameIdOf(tableId, 1)}` })).json<ArchivedGame>();
      expect(game.seats.find((s) => s.kind === 'human')).toEqual(expect.objectContaining({ playerId: who, name: '', deleted: true }));
      expect(game.record.hands.length).toBeGreaterThan(0);
    }
    for (const who of [ada.player.id, cy.player.id]) {
      expect((await app.inject({ method: 'GET', url: `/api/players/${who}` })).json()).toMatchObject({ name: '', deleted: true, kept: false });
    }
    const beaGames = (await app.inject({ method: 'GET', url: `/api/players/${bea.player.id}/games?limit=10` })).json<{ games: ArchivedGame[] }>().games;
    expect(beaGames).toHaveLength(3);
    for (const g of beaGames) {
      const other = g.seats.find((s) => s.kind === 'human' && s.playerId !== bea.player.id);
      expect(other).toMatchObject({ name: '', deleted: true });
    }
    // Ratings leave the leaderboard with the names; the one who stays is on it.
    const entries = (await board()).entries;
    expect(entries.map((e) => e.playerId)).not.toContain(ada.player.id);
    expect(entries.map((e) => e.playerId)).not.toContain(cy.player.id);
    expect(entries.map((e) => e.name)).toContain('Bea Bea');
    // The names are gone from what PostgreSQL keeps, not only hidden when read.
    expect(await storedWith('Ada Lovelace')).toBe(0);
    expect(await storedWith('Cy Twombly')).toBe(0);
    expect(await storedWith('Bea Bea')).toBeGreaterThan(0);
    const { rowCount } = await sql.query('SELECT 1 FROM passkeys');
    expect(rowCount).toBe(0);
    // The blocks Ada made are gone; Bea's block of her stays, by id, without the name.
    expect((await sql.query('SELECT 1 FROM blocks WHERE blocker_id = $1', [ada.player.id])).rowCount).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/blocks', headers: bearer(bea.token) })).json()).toEqual({
      blocks: [{ playerId: ada.player.id, name: '', since: expect.any(String) }],
    });
    // The report stays open for the operator.
    expect((await app.safety.openReports(100)).map((r) => r.reporter)).toContain(ada.player.id);

    // Their tokens are refused, the export's too.
    for (const token of [ada.token, session.token, cy.token]) {
      const res = await app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ error: Problem }>().error.code).toBe('auth/revoked');
    }
    expect((await app.inject({ method: 'GET', url: '/api/account/export' })).json<{ error: Problem }>().error.code).toBe('auth/required');
  });
});
