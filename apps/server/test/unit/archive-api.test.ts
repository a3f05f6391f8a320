import { seededRandom } from '@fives/engine';
import pino from 'pino';
import { ArchivedGameSchema, HealthSchema, LeaderboardSchema, PlayerGamesSchema, PlayerProfileSchema, RatingHistorySchema, type TableId } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { MemoryArchive } from '../../src/archive/memory.ts';
import { type Player, newPlayerId } from '../../src/identity/token.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { TEST_SECRET } from '../support/server.ts';
import { botPlayedGame, manualClock } from '../support/finish-game.ts';

describe('the archive over HTTP', () => {
  let app: GameApp;
  const clock = manualClock();
  const startedGame = (a: GameApp, person: Player, finish: boolean): Promise<TableId> => botPlayedGame(a, clock, person, finish);
  const ada: Player = { id: newPlayerId(), name: 'Ada' };
  beforeAll(async () => {
    app = await build({
      store: new MemoryTableStore(),
      archive: new MemoryArchive(),
      secret: TEST_SECRET,
      logger: false,
      botDelayMs: 0,
      handPauseMs: 0,
      graceMs: 24 * 3600_000,
      now: clock.now,
      random: seededRandom('archive-api'),
      botBudget: { samples: 8 },
      webRoot: null,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves a finished game with its record, the same record the table URL gives', async () => {
    const id = await startedGame(app, ada, true);
    const res = await app.inject({ method: 'GET', url: `/api/games/${id}-1` });
    expect(res.statusCode).toBe(200);
    const game = ArchivedGameSchema.parse(res.json());
    expect(game).toMatchObject({ id: `${id}-1`, tableId: id, game: 1, rules: { preset: 'allFives', players: 2, target: 31 } });
    expect(game.seats).toEqual([
      { seat: 0, kind: 'human', name: 'Ada', playerId: ada.id, score: expect.any(Number) as number },
      { seat: 1, kind: 'bot', name: 'Basil', level: 'easy', score: expect.any(Number) as number },
    ]);
    expect(Math.max(...game.seats.map((s) => s.score))).toBeGreaterThanOrEqual(31);
    expect(game.seats[game.winner]?.score).toBe(Math.max(...game.seats.map((s) => s.score)));
    expect(Date.parse(game.startedAt)).toBeLessThanOrEqual(Date.parse(game.finishedAt));
    const record = await app.inject({ method: 'GET', url: `/api/tables/${id}/games/1/record` });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toEqual(game.record);
  });

  it("serves a player's profile and their games, a page at a time", async () => {
    const bea: Player = { id: newPlayerId(), name: 'Bea' };
    const first = await startedGame(app, bea, true);
    const second = await startedGame(app, bea, true);
    const profile = PlayerProfileSchema.parse((await app.inject({ method: 'GET', url: `/api/players/${bea.id}` })).json());
    expect(profile).toMatchObject({ id: bea.id, name: 'Bea', stats: { games: 2, byRules: { 'allFives/2': { games: 2 } } } });
    const page1 = PlayerGamesSchema.parse((await app.inject({ method: 'GET', url: `/api/players/${bea.id}/games?limit=1` })).json());
    expect(page1.games.map((g) => g.id)).toEqual([`${second}-1`]);
    expect(page1.games[0]).not.toHaveProperty('record');
    const page2 = PlayerGamesSchema.parse((await app.inject({ method: 'GET', url: `/api/players/${bea.id}/games?limit=1&before=${page1.next}` })).json());
    expect(page2).toEqual({ games: [expect.objectContaining({ id: `${first}-1` })], next: null });
  });

  it("serves the leaderboard and a player's rating history; refuses a bad leaderboard query with typed codes", async () => {
    const board = await app.inject({ method: 'GET', url: '/api/leaderboard?preset=allFives&players=2&limit=5' });
    expect(board.statusCode).toBe(200);
    expect(LeaderboardSchema.parse(board.json())).toEqual({ key: 'allFives/2', entries: [] });
    for (const query of [
      'preset=nope&players=2',
      'preset=allFives&players=5',
      'preset=allFives&players=2&limit=0',
      'preset=allFives&players=2&limit=101',
      'players=2',
      'preset=allFives&players=2&extra=1',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/leaderboard?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'message/invalid', message: 'the leaderboard query does not fit its schema' } });
    }
    const dee: Player = { id: newPlayerId(), name: 'Dee' };
    await startedGame(app, dee, true);
    // A game against the computer: archived, not rated.
    expect(PlayerProfileSchema.parse((await app.inject({ method: 'GET', url: `/api/players/${dee.id}` })).json()).ratings).toEqual({});
    expect(RatingHistorySchema.parse((await app.inject({ method: 'GET', url: `/api/players/${dee.id}/ratings` })).json())).toEqual({ history: {} });
    expect((await app.inject({ method: 'GET', url: `/api/players/${newPlayerId()}/ratings` })).json()).toMatchObject({ error: { code: 'player/not_found' } });
  });

  it('never serves a game still being played: not archived, and its record refused', async () => {
    const cy: Player = { id: newPlayerId(), name: 'Cy' };
    const id = await startedGame(app, cy, false);
    const game = await app.inject({ method: 'GET', url: `/api/games/${id}-1` });
    expect(game.statusCode).toBe(404);
    expect(game.json()).toEqual({ error: { code: 'game/not_found', message: `no finished game ${id}-1 is archived` } });
    expect((await app.inject({ method: 'GET', url: `/api/tables/${id}/games/1/record` })).json()).toMatchObject({ error: { code: 'game/in_progress' } });
    expect((await app.inject({ method: 'GET', url: `/api/players/${cy.id}` })).statusCode).toBe(404);
  });

  it('answers unknown ids 404 and malformed ones, limits and cursors 400, in the documented error shape', async () => {
    // Ada's page is known (her game from the first test, or one now): only the query is wrong below.
    if ((await app.archive.player(ada.id)) === null) await startedGame(app, ada, true);
    const cases: [string, number, string][] = [
      ['/api/games/nosuchtable-1', 404, 'game/not_found'],
      ['/api/games/nosuchtable', 400, 'message/invalid'],
      ['/api/games/NOPE-1', 400, 'message/invalid'],
      [`/api/players/${newPlayerId()}`, 404, 'player/not_found'],
      [`/api/players/${newPlayerId()}/games`, 404, 'player/not_found'],
      ['/api/players/ada', 400, 'message/invalid'],
      [`/api/players/${ada.id}/games?limit=0`, 400, 'message/invalid'],
      [`/api/players/${ada.id}/games?limit=101`, 400, 'message/invalid'],
      [`/api/players/${ada.id}/games?limit=ten`, 400, 'message/invalid'],
      [`/api/players/${ada.id}/games?before=yesterday`, 400, 'message/invalid'],
      [`/api/players/${ada.id}/games?page=2`, 400, 'message/invalid'],
    ];
    for (const [url, status, code] of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toMatchObject({ error: { code, message: expect.any(String) as string } });
    }
    const refused = await app.inject({ method: 'GET', url: `/api/players/${ada.id}/games?limit=500` });
    expect(refused.json()).toEqual({
      error: { code: 'message/invalid', message: 'the page of games does not fit its schema', issues: [{ path: 'limit', message: 'limit is a whole number from 1 to 100' }] },
    });
    expect((await app.inject({ method: 'GET', url: `/api/players/${ada.id}/games?limit=100` })).statusCode).toBe(200);
  });

  it('says at start that an archive in memory is not durable, as it says of the memory store', async () => {
    const lines: string[] = [];
    const quiet = await build({
      store: new MemoryTableStore(),
      secret: TEST_SECRET,
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      webRoot: null,
    });
    await quiet.close();
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    expect(warnings.map((w) => w.msg)).toContain('finished games are archived in memory: NOT durable, lost when this process stops (set DATABASE_URL)');
  });

  it('says in /healthz that this archive is in memory, not durable', async () => {
    const health = HealthSchema.parse((await app.inject({ method: 'GET', url: '/healthz' })).json());
    expect(health.archive).toEqual({ kind: 'memory', durable: false });
  });
});
