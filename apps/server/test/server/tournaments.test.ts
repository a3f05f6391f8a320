import { seededRandom } from '@fives/engine';
import { type AccountSession, type GuestResponse, type Problem, type TableId, gameIdOf } from '@fives/protocol';
import type { TournamentId, TournamentListing, TournamentPage } from '@fives/tournament';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { TOURNAMENT_LEASE_MS } from '../../src/tournaments/runner.ts';
import { manualClock } from '../support/finish-game.ts';
import { TestPushService } from '../support/push-service.ts';
import { until } from '../support/until.ts';
import { TestClient } from '../support/client.ts';
import type { AddressInfo } from 'node:net';
import { type CreationOptions, register } from '../support/passkey.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { deleteKeys, redisStore, uniquePrefix } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';

// Tournaments over HTTP and their runner (issue 27, point 4), as a deployment keeps them: tables
// in Redis, tournaments, accounts and the archive in PostgreSQL, on two nodes; the clock moved by
// hand, so starts, turn clocks and leases fall due when the test says.
const ORIGIN = 'http://localhost:7600';
const TURN_MS = 30_000;
const clock = manualClock(Date.UTC(2026, 11, 5, 12));
const prefix = uniquePrefix();
let db: TestDatabase;
let push: TestPushService;
const archives: PostgresArchive[] = [];
const stores: RedisTableStore[] = [];

async function node(): Promise<GameApp> {
  const archive = await PostgresArchive.connect({ url: db.url, log: () => {}, now: () => clock.now().getTime() });
  const store = await redisStore(prefix);
  archives.push(archive);
  stores.push(store);
  const app = await build({
    store,
    archive,
    accounts: archive.accountStore(),
    tournaments: archive.tournamentStore(),
    push: archive.pushStore(),
    pushInsecureEndpoints: true,
    vapid: { keys: null, subject: 'mailto:ops@fives.example.org' },
    secret: TEST_SECRET,
    logger: false,
    webRoot: null,
    publicUrl: ORIGIN,
    botWorkers: 0,
    botDelayMs: 0,
    handPauseMs: 0,
    // Nobody connects in this test: the turn clock plays for everyone, never the grace period.
    graceMs: 24 * 3600_000,
    queueTurnSeconds: TURN_MS / 1000,
    // The test runs each step itself.
    tournamentPollMs: 3_600_000,
    now: clock.now,
    random: seededRandom('tournaments'),
  });
  await app.ready();
  return app;
}

let a: GameApp;
let b: GameApp;
beforeAll(async () => {
  db = await testDatabase();
  push = await TestPushService.start();
  a = await node();
  b = await node();
});
afterAll(async () => {
  await b.close();
  await a.close().catch(() => {});
  await deleteKeys(prefix);
  await push.close();
  await db.drop();
});

const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

async function guest(app: GameApp, name: string): Promise<GuestResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestResponse>();
}

async function keep(app: GameApp, token: string): Promise<AccountSession> {
  const opened = await app.inject({ method: 'POST', url: '/api/account/register/options', headers: bearer(token), payload: {} });
  const { response } = register(opened.json<{ options: CreationOptions }>().options, ORIGIN);
  const res = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(token), payload: { response } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountSession>();
}

const swiss = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Saturday Swiss',
  rules: { players: 2, target: 31 },
  format: 'swiss',
  rounds: 2,
  startsAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
  access: 'open',
  entry: 'individuals',
  ...over,
});

async function page(app: GameApp, id: TournamentId): Promise<TournamentPage> {
  const res = await app.inject({ method: 'GET', url: `/api/tournaments/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TournamentPage>();
}

/** Runs every turn out until the table's game is over and its archive job has run (which reports the result). */
async function playOut(app: GameApp, id: TableId): Promise<void> {
  for (let step = 0; step < 2000; step++) {
    clock.advance(TURN_MS + 1);
    await app.jobs.poll();
    if ((await app.store.load(id))?.phase === 'over' && (await app.archive.game(gameIdOf(id, 1))) !== null && (await app.store.finishedGame(id, 1)) === null) return;
  }
  throw new Error(`table ${id}'s game never ended`);
}

describe('tournaments over HTTP, run by the nodes', () => {
  let id: TournamentId;
  let players: GuestResponse[];

  it('are created only by an account, with settings that hold; a refusal makes nothing', async () => {
    const host = await guest(a, 'Host');
    const refused = await a.inject({ method: 'POST', url: '/api/tournaments', headers: bearer(host.token), payload: swiss() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: Problem }>().error.code).toBe('tournament/passkey_required');
    const session = await keep(a, host.token);
    const zero = await a.inject({ method: 'POST', url: '/api/tournaments', headers: bearer(session.token), payload: swiss({ rounds: 0 }) });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ error: Problem }>().error).toMatchObject({ code: 'tournament/bad_settings', message: expect.stringContaining('rounds') });
    const four = await a.inject({ method: 'POST', url: '/api/tournaments', headers: bearer(session.token), payload: swiss({ rules: { players: 3 } }) });
    expect(four.json<{ error: Problem }>().error.code).toBe('tournament/not_head_to_head');
    expect((await a.inject({ method: 'GET', url: '/api/tournaments' })).json<{ tournaments: TournamentListing[] }>().tournaments).toEqual([]);
    const made = await a.inject({ method: 'POST', url: '/api/tournaments', headers: bearer(session.token), payload: swiss() });
    expect(made.statusCode, made.body).toBe(201);
    id = made.json<TournamentPage>().tournament.id;
    // Either node answers for it: it is in PostgreSQL, not in a node.
    expect((await page(b, id)).tournament).toMatchObject({ status: 'created', version: 0, units: [] });
  });

  it('take entries once each, and list them', async () => {
    players = [await guest(a, 'Ana'), await guest(a, 'Bea'), await guest(b, 'Cai')];
    for (const p of players) {
      const res = await b.inject({ method: 'POST', url: `/api/tournaments/${id}/join`, headers: bearer(p.token) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const again = await a.inject({ method: 'POST', url: `/api/tournaments/${id}/join`, headers: bearer(players[0]!.token) });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: Problem }>().error.code).toBe('tournament/already_entered');
    const nobody = await a.inject({ method: 'POST', url: '/api/tournaments/zzzzzzzzzzzz/join', headers: bearer(players[0]!.token) });
    expect([nobody.statusCode, nobody.json<{ error: Problem }>().error.code]).toEqual([404, 'tournament/not_found']);
    const malformed = await a.inject({ method: 'GET', url: '/api/tournaments/NOT-AN-ID' });
    expect([malformed.statusCode, malformed.json<{ error: Problem }>().error.code]).toEqual([400, 'message/invalid']);
    const list = (await a.inject({ method: 'GET', url: '/api/tournaments' })).json<{ tournaments: TournamentListing[] }>().tournaments;
    expect(list).toEqual([expect.objectContaining({ id, name: 'Saturday Swiss', length: { format: 'swiss', rounds: 2 }, status: 'created', entries: 3 })]);
  });

  it('start on time, tell those who asked, pair a round with a bye and deal its table with only its people', async () => {
    // Ana asked to hear of her tournaments on her phone, Bea only of challenges.
    const subscribe = (token: string, browser: string, kinds: string[]) =>
      a.inject({
        method: 'PUT',
        url: '/api/push/subscription',
        headers: bearer(token),
        payload: { ...push.browser(browser).subscription, expirationTime: null, kinds, lang: 'es' },
      });
    expect((await subscribe(players[0]!.token, 'ana-phone', ['tournament'])).statusCode).toBe(200);
    expect((await subscribe(players[1]!.token, 'bea-phone', ['challenge'])).statusCode).toBe(200);
    expect(await a.tournamentRunner.runDue()).toBe(0);
    // Everyone has the site open: each seated person hears live that their table is dealt.
    await a.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
    const live = await Promise.all(players.map((p) => TestClient.connect(url, p.token)));
    clock.advance(10 * 60_000);
    expect(await a.tournamentRunner.runDue()).toBeGreaterThanOrEqual(2);
    const t = (await page(a, id)).tournament;
    expect(t.status).toBe('running');
    expect(t.rounds).toHaveLength(1);
    expect(t.rounds[0]!.bye).not.toBeNull();
    expect(t.games).toHaveLength(1);
    const table = t.games[0]!.table as TableId;
    const doc = await a.store.load(table);
    const seated = t.games[0]!.units.map((u) => t.units.find((x) => x.id === u)!.members[0]!.playerId);
    expect(doc?.seats.map((s) => (s.kind === 'human' ? s.playerId : s.kind))).toEqual(seated);
    expect(doc?.settings.rated).toBe(true);
    for (const [i, client] of live.entries()) {
      const isSeated = seated.includes(players[i]!.player.id);
      const dealt = () => client.received.filter((r) => r.event === 'tournament:dealt').map((r) => r.payload);
      if (isSeated) await until(`${players[i]!.player.name} hears of the table`, () => dealt().length > 0);
      expect(dealt()).toEqual(isSeated ? [{ tournamentId: id, tableId: table }] : []);
      expect(client.problems).toEqual([]);
      client.close();
    }
    await until('Ana is told', () => push.notesFor('ana-phone').length > 0);
    expect(push.notesFor('ana-phone')).toEqual([{ kind: 'tournament', params: { name: 'Saturday Swiss' }, url: `/tournaments/${id}`, tag: `tournament-${id}`, lang: 'es' }]);
    expect(push.notesFor('bea-phone')).toEqual([]);
    expect(push.failures).toEqual([]);
  });

  it('count a game when it is archived, and survive a node that dies holding the next round', async () => {
    const first = (await page(a, id)).tournament.games[0]!;
    await playOut(a, first.table as TableId);
    const counted = await page(b, id);
    expect(counted.tournament.games[0]!.result?.outcome.kind).toBe('played');
    expect(counted.standings.find((s) => s.played === 1 && s.wins === 1)).toBeDefined();
    // Node a takes the next round's pairing and dies before it does it.
    expect(await a.tournaments.get(id)).not.toBeNull();
    const claimed = await archives[0]!.tournamentStore().claimDue(clock.now().getTime(), TOURNAMENT_LEASE_MS);
    expect(claimed).toBe(id);
    await a.close();
    // Node b cannot take it while the lease holds; once it is over, b pairs round 2.
    expect(await b.tournamentRunner.runDue()).toBe(0);
    clock.advance(TOURNAMENT_LEASE_MS);
    expect(await b.tournamentRunner.runDue()).toBeGreaterThanOrEqual(1);
    const t = (await page(b, id)).tournament;
    expect(t.rounds).toHaveLength(2);
    const second = t.games.find((g) => g.round === 2)!;
    expect(second.table).not.toBeNull();
    // Nobody meets the same opponent twice, and the bye goes to someone else.
    expect([...second.units].sort()).not.toEqual([...first.units].sort());
    expect(t.rounds[1]!.bye).not.toBe(t.rounds[0]!.bye);
    await playOut(b, second.table as TableId);
    await b.tournamentRunner.runDue();
    const done = await page(b, id);
    expect(done.tournament).toMatchObject({ status: 'finished', endReason: 'completed' });
    expect(done.standings.map((s) => s.rank)).toEqual([1, 2, 3]);
    expect(done.standings.reduce((n, s) => n + s.played, 0)).toBe(4);
  });

  it('withdraw a person for good, and refuse a withdrawal from a finished one', async () => {
    const res = await b.inject({ method: 'POST', url: `/api/tournaments/${id}/withdraw`, headers: bearer(players[0]!.token) });
    expect([res.statusCode, res.json<{ error: Problem }>().error.code]).toEqual([409, 'tournament/finished']);
  });
});

describe('a Swiss of fixed pairs over HTTP', () => {
  it('enters a pair when its two people have asked each other, and seats partners across at its tables', async () => {
    const host = await guest(b, 'Host of pairs');
    const session = await keep(b, host.token);
    const made = await b.inject({
      method: 'POST',
      url: '/api/tournaments',
      headers: bearer(session.token),
      payload: swiss({ name: 'Pairs Swiss', rules: { preset: 'partners', players: 4 }, entry: 'pairs', rounds: 1 }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const pid = made.json<TournamentPage>().tournament.id;
    const [ana, bea, cai, dan] = [await guest(b, 'Ana'), await guest(b, 'Bea'), await guest(b, 'Cai'), await guest(b, 'Dan')];
    const pair = (who: GuestResponse, partner: unknown) => b.inject({ method: 'POST', url: `/api/tournaments/${pid}/pair`, headers: bearer(who.token), payload: { partner } });
    const code = (res: { json: () => unknown }) => (res.json() as { error: Problem }).error.code;
    const member = (g: GuestResponse) => ({ playerId: g.player.id, name: g.player.name });

    // One person alone does not enter a tournament of pairs; nor does a pair of one, or a partner who is no player id.
    const alone = await b.inject({ method: 'POST', url: `/api/tournaments/${pid}/join`, headers: bearer(ana.token) });
    expect([alone.statusCode, code(alone)]).toEqual([400, 'tournament/bad_entry']);
    const self = await pair(ana, ana.player.id);
    expect([self.statusCode, code(self)]).toEqual([400, 'tournament/bad_entry']);
    const junk = await pair(ana, 'not an id');
    expect([junk.statusCode, code(junk)]).toEqual([400, 'message/invalid']);
    expect((await page(b, pid)).tournament.offers).toEqual([]);

    // Ana asks Bea: the ask waits on the page; Bea asks Ana back: the two are one entry.
    const asked = await pair(ana, bea.player.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<TournamentPage>().tournament).toMatchObject({ units: [], offers: [{ from: member(ana), to: bea.player.id }] });
    const answered = await pair(bea, ana.player.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<TournamentPage>().tournament.units.map((u) => u.members)).toEqual([[member(ana), member(bea)]]);
    expect(answered.json<TournamentPage>().tournament.offers).toEqual([]);
    const again = await pair(ana, cai.player.id);
    expect([again.statusCode, code(again)]).toEqual([409, 'tournament/already_entered']);
    expect((await pair(cai, dan.player.id)).statusCode).toBe(200);
    expect((await pair(dan, cai.player.id)).statusCode).toBe(200);

    clock.advance(10 * 60_000);
    expect(await b.tournamentRunner.runDue()).toBeGreaterThanOrEqual(2);
    const t = (await page(b, pid)).tournament;
    expect(t.status).toBe('running');
    const table = t.games[0]!.table as TableId;
    const doc = await b.store.load(table);
    // Partners sit across (seats 0 and 2, 1 and 3), as the engine's sides are.
    const seatOf = (p: GuestResponse) => doc!.seats.findIndex((s) => s.kind === 'human' && s.playerId === p.player.id);
    expect(Math.abs(seatOf(ana) - seatOf(bea))).toBe(2);
    expect(Math.abs(seatOf(cai) - seatOf(dan))).toBe(2);
    expect(doc!.rulesInput).toMatchObject({ preset: 'partners', players: 4 });
  });
});
