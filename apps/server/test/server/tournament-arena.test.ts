import { seededRandom } from '@fives/engine';
import type { GuestResponse, TableId } from '@fives/protocol';
import { type Tournament, type TournamentId, arenaEndsAt, gamesUnderWay, standings } from '@fives/tournament';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { manualClock } from '../support/finish-game.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { deleteKeys, redisStore } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';

// An Arena with 12 headless players (issue 27, "How it is tested"): a node runs it against real
// Redis and PostgreSQL while every turn of every table runs out on the turn clock (the test moves
// the clock), and the pairings are checked as they are made: nobody is in two games at once,
// finished players are paired again, and the standings add up to the games counted.
const TURN_MS = 5_000;
const PLAYERS = 12;
const clock = manualClock(Date.UTC(2026, 11, 5, 15));
let db: TestDatabase;
let archive: PostgresArchive;
let store: RedisTableStore;
let app: GameApp;

beforeAll(async () => {
  db = await testDatabase();
  archive = await PostgresArchive.connect({ url: db.url, log: () => {}, now: () => clock.now().getTime() });
  store = await redisStore();
  app = await build({
    store,
    archive,
    accounts: archive.accountStore(),
    tournaments: archive.tournamentStore(),
    secret: TEST_SECRET,
    logger: false,
    webRoot: null,
    botWorkers: 0,
    botDelayMs: 0,
    handPauseMs: 0,
    graceMs: 24 * 3600_000,
    queueTurnSeconds: TURN_MS / 1000,
    tournamentPollMs: 3_600_000,
    now: clock.now,
    random: seededRandom('arena'),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await deleteKeys(store.prefix);
  await db.drop();
});

describe('an Arena of 12 on one node', () => {
  it('pairs whoever is free again and again until its time is up, and ranks by its points', async () => {
    const made = await app.tournaments.create(
      { id: 'p_arenahost00000000000' as GuestResponse['player']['id'], name: 'Host' },
      {
        name: 'Sunday Arena',
        rules: { players: 2, target: 31 },
        format: 'arena',
        minutes: 10,
        startsAt: new Date(clock.now().getTime() + 60_000).toISOString(),
        access: 'open',
        entry: 'individuals',
      },
    );
    if (!made.ok) throw new Error(made.error.message);
    const id: TournamentId = made.value.id;
    for (let i = 1; i <= PLAYERS; i++) {
      const g = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: `Player ${i}` } });
      const joined = await app.inject({ method: 'POST', url: `/api/tournaments/${id}/join`, headers: { authorization: `Bearer ${g.json<GuestResponse>().token}` } });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    clock.advance(60_000);
    const endsAt = arenaEndsAt((await app.tournaments.get(id)) as Tournament) as number;
    let t = (await app.tournaments.get(id)) as Tournament;
    let most = 0;
    for (let turn = 0; turn < 400 && t.status !== 'finished'; turn++) {
      await app.tournamentRunner.runDue();
      t = (await app.tournaments.get(id)) as Tournament;
      const live = gamesUnderWay(t);
      // Nobody sits at two games at once, and every game under way has its table.
      const busy = live.flatMap((g) => g.units);
      expect(new Set(busy).size, `turn ${turn}`).toBe(busy.length);
      expect(live.every((g) => g.table !== null)).toBe(true);
      most = Math.max(most, live.length);
      clock.advance(TURN_MS + 1);
      await app.jobs.poll();
    }
    t = (await app.tournaments.get(id)) as Tournament;
    expect(t.status).toBe('finished');
    expect(t.finishedAt).toBeGreaterThanOrEqual(endsAt);
    // All twelve were playing at the start; then the finished ones were paired again.
    expect(most).toBe(PLAYERS / 2);
    const counted = t.games.filter((g) => g.result?.counted === true);
    expect(counted.length).toBeGreaterThan(PLAYERS / 2);
    for (const g of t.games.filter((x) => x.table !== null)) expect(await store.load(g.table as TableId)).not.toBeNull();
    // No game paired in the last two minutes, and none counted after the end.
    for (const g of t.games) expect(g.pairedAt).toBeLessThan(endsAt - 120_000);
    for (const g of counted) expect(g.result!.finishedAt).toBeLessThan(endsAt);
    const table = standings(t);
    expect(table).toHaveLength(PLAYERS);
    expect(table.reduce((n, s) => n + s.played, 0)).toBe(2 * counted.length);
    expect(table.reduce((n, s) => n + s.arenaPoints, 0)).toBe(counted.reduce((n, g) => n + g.result!.awarded[0] + g.result!.awarded[1], 0));
    // Ranked by Arena points.
    for (let i = 1; i < table.length; i++) expect(table[i - 1]!.arenaPoints).toBeGreaterThanOrEqual(table[i]!.arenaPoints);
  }, 120_000);
});

describe('leaving a tournament game', () => {
  it('withdraws the person for good and forfeits the game to the opponent', async () => {
    const made = await app.tournaments.create(
      { id: 'p_arenahost00000000000' as GuestResponse['player']['id'], name: 'Host' },
      {
        name: 'Quick Arena',
        rules: { players: 2, target: 31 },
        format: 'arena',
        minutes: 10,
        startsAt: new Date(clock.now().getTime() + 60_000).toISOString(),
        access: 'link',
        entry: 'individuals',
      },
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    const people: GuestResponse[] = [];
    for (const name of ['Ida', 'Jo']) {
      const g = (await app.inject({ method: 'POST', url: '/api/guests', payload: { name } })).json<GuestResponse>();
      people.push(g);
      await app.inject({ method: 'POST', url: `/api/tournaments/${id}/join`, headers: { authorization: `Bearer ${g.token}` } });
    }
    clock.advance(60_000);
    await app.tournamentRunner.runDue();
    const game = ((await app.tournaments.get(id)) as Tournament).games[0]!;
    const [ida, jo] = people as [GuestResponse, GuestResponse];
    const left = await app.service.leave(game.table as TableId, ida.player);
    expect(left.ok).toBe(true);
    const t = (await app.tournaments.get(id)) as Tournament;
    const idaUnit = t.units.find((u) => u.members[0]!.playerId === ida.player.id)!;
    expect(idaUnit.withdrawnAt).not.toBeNull();
    expect(t.games[0]!.result?.outcome).toEqual({ kind: 'forfeit', loser: idaUnit.id });
    expect(standings(t).find((s) => s.unit !== idaUnit.id)).toMatchObject({ wins: 1, rank: 1 });
    // Withdrawn is for good; Jo stays in.
    const back = await app.inject({ method: 'POST', url: `/api/tournaments/${id}/join`, headers: { authorization: `Bearer ${ida.token}` } });
    expect(back.json<{ error: { code: string } }>().error.code).toBe('tournament/withdrawn');
    expect(t.units.find((u) => u.members[0]!.playerId === jo.player.id)?.withdrawnAt).toBeNull();
  });
});
