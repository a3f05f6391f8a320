import { movesMade } from '@fives/table';
import { ArchivedSeatSchema, type GameId, NEW_RATING, PlayerGamesSchema, ProblemSchema, type QueueMatched, gameIdOf, rateGame } from '@fives/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { TestClient, guest } from '../support/client.ts';
import { archivedGame, playedRecords } from '../support/archive-games.ts';
import { FakeClock } from '../support/clock.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { until } from '../support/until.ts';

/**
 * Issue 26, points 1 and 2: a person who leaves a rated game for good is rated as having lost it
 * against every opponent (the stand-in finishes it, the others keep their result), and a person
 * who leaves rated games often is kept out of the queues for a while that grows with each leave,
 * counted over a sliding window, with the ban's end and reason in `queue:join`'s refusal.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

const RULES = { preset: 'allFives', players: 2 } as const;
const HOUR = 3600_000;
const MINUTE = 60_000;

describe('leaving a rated game for good', () => {
  const clients: TestClient[] = [];
  let server: TestServer | null = null;
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
    server = null;
  });

  it('rates the one who closed their tab as losing to the one who stayed (Glicko-2), shows "left", and counts toward a queue ban', async () => {
    const archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
    // A short grace, so the tab closed is given up for gone soon; the first leave bans (for the test).
    server = await startServer({ seed: 'leavers', archive, graceMs: 300, queueTurnSeconds: null, queueBans: { windowMs: 24 * HOUR, after: 1, firstMs: 10 * MINUTE } });
    const url = server.url;
    const [ada, bob] = await Promise.all([guest(url, 'Ada'), guest(url, 'Bob')]);
    const [a, b] = await Promise.all([TestClient.connect(url, ada.token), TestClient.connect(url, bob.token)]);
    clients.push(a, b);
    const matched = [a.waitFor<QueueMatched>('queue:matched'), b.waitFor<QueueMatched>('queue:matched')];
    expect((await a.request('queue:join', { rules: RULES, waitSeconds: 600 })).ok).toBe(true);
    expect((await b.request('queue:join', { rules: RULES, waitSeconds: 600 })).ok).toBe(true);
    const [ma, mb] = await Promise.all(matched);
    const tableId = ma!.tableId;
    await a.join(tableId);
    await b.join(mb!.tableId);
    a.play();
    b.play();
    // Past the first hand's third move, so it is a leave and not an abort.
    await until('three moves are made', async () => {
      const d = await server!.app.store.load(tableId);
      return d?.state?.hand != null && (d.state.hands.length > 1 || movesMade(d.state.hand) >= 3);
    });
    const bobSeat = mb!.seat;
    b.close();
    await a.waitForState((s) => s.table.seats[bobSeat]?.kind === 'human' && s.table.seats[bobSeat].away);
    await a.waitForState((s) => s.table.phase === 'over');
    expect(a.problems).toEqual([]);
    const gameId = gameIdOf(tableId, 1);
    await until('the game is archived', async () => (await server!.app.archive.game(gameId)) !== null, 400);

    const game = (await server.app.archive.game(gameId))!;
    expect(game.rated).toBe(true);
    expect(game.seats[bobSeat]).toMatchObject({ kind: 'human', playerId: bob.player.id, left: true });
    expect(game.seats[ma!.seat]).not.toHaveProperty('left');
    // Both new players: Glicko-2 of one period each, Bob's a loss whatever the stand-in scored.
    const expected = rateGame(
      game.seats.map((s) => ({ seat: s.seat, score: s.score, left: s.seat === bobSeat, before: NEW_RATING, lastAtMs: null })),
      false,
      Date.parse(game.finishedAt),
    );
    const ratingOf = async (id: string) => (await server!.app.archive.player(id as never))?.ratings['allFives/2'];
    const [ra, rb] = [await ratingOf(ada.player.id), await ratingOf(bob.player.id)];
    expect(ra?.rating).toBeCloseTo(expected.get(ma!.seat)!.rating, 9);
    expect(ra?.rd).toBeCloseTo(expected.get(ma!.seat)!.rd, 9);
    expect(rb?.rating).toBeCloseTo(expected.get(bobSeat)!.rating, 9);
    expect(rb?.rd).toBeCloseTo(expected.get(bobSeat)!.rd, 9);
    expect(ra!.rating).toBeGreaterThan(1500);
    expect(rb!.rating).toBeLessThan(1500);

    // The player page's list says so.
    const page = PlayerGamesSchema.parse(await (await fetch(`${url}/api/players/${bob.player.id}/games`)).json());
    expect(ArchivedSeatSchema.parse(page.games[0]?.seats[bobSeat])).toMatchObject({ left: true });

    // Back in the lobby, Bob is kept out of the queues: one leave bans here (after: 1).
    const back = await TestClient.connect(url, bob.token);
    clients.push(back);
    const refused = await back.request('queue:join', { rules: RULES });
    expect(refused.ok).toBe(false);
    const problem = ProblemSchema.parse(!refused.ok && refused.error);
    expect(problem).toMatchObject({ code: 'queue/banned', leaves: 1, windowHours: 24, until: new Date(Date.parse(game.finishedAt) + 10 * MINUTE).toISOString() });
    expect(problem.message).toMatch(/^you left 1 rated game in the last 24 hours: you may join a queue again in \d+ min$/);
    // Ada, who stayed, is not.
    expect((await a.request('queue:join', { rules: RULES })).ok).toBe(true);
  }, 90_000);
});

describe('queue bans over a sliding window', () => {
  const clients: TestClient[] = [];
  let server: TestServer | null = null;
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
    server = null;
  });

  it('bans from the second leave in a day, 10 min then 30, says until when and why, and lets the window slide', async () => {
    const clock = new FakeClock(Date.UTC(2026, 11, 4, 12, 0));
    const archive = await PostgresArchive.connect({ url: db.url, log: () => {}, now: () => clock.ms_ });
    // The defaults: a day's window, the second leave bans for 10 minutes, each further one three times longer.
    server = await startServer({ seed: 'bans', archive, now: clock.now });
    const url = server.url;
    const [cat, dan] = await Promise.all([guest(url, 'Cat'), guest(url, 'Dan')]);
    const c = await TestClient.connect(url, cat.token);
    clients.push(c);
    const records = playedRecords({ preset: 'allFives', players: 2, target: 61 }, 3, 'bans');
    let n = 0;
    /** A rated game Cat left, finished at `at` (as the archive job would write it). */
    const leftAt = async (at: number): Promise<GameId> => {
      n++;
      const g = archivedGame(records[n % 3]!, {
        tableId: `bans${n}x${cat.player.id.slice(2, 10)}`,
        game: 1,
        seats: [
          { playerId: cat.player.id, name: 'Cat' },
          { playerId: dan.player.id, name: 'Dan' },
        ],
        startedAt: new Date(at - 5 * MINUTE).toISOString(),
        finishedAt: new Date(at).toISOString(),
        rated: true,
      });
      await archive.write({ ...g, seats: g.seats.map((s) => (s.seat === 0 && s.kind === 'human' ? { ...s, left: true as const } : s)) });
      return g.id;
    };
    const join = async () => c.request('queue:join', { rules: RULES, waitSeconds: 600 });
    const ban = async () => {
      const r = await join();
      if (r.ok) return null;
      return ProblemSchema.parse(r.error);
    };
    const t0 = clock.ms_;

    await leftAt(t0 - 23 * HOUR);
    expect(await ban()).toBeNull();
    await c.request('queue:leave', {});
    await leftAt(t0);
    // The second leave in the day: 10 minutes from it.
    expect(await ban()).toEqual({
      code: 'queue/banned',
      event: 'queue:join',
      message: 'you left 2 rated games in the last 24 hours: you may join a queue again in 10 min',
      until: new Date(t0 + 10 * MINUTE).toISOString(),
      retryAfterMs: 10 * MINUTE,
      leaves: 2,
      windowHours: 24,
    });
    // Bad input is refused as such while banned, and the ban changes nothing of the queue.
    const bad = await c.request('queue:join', { rules: RULES, waitSeconds: -1 });
    expect(!bad.ok && bad.error.code).toBe('message/invalid');
    expect(await server.app.lobby.queueOf(cat.player.id)).toBeNull();

    clock.advance(10 * MINUTE - 1);
    expect((await ban())?.retryAfterMs).toBe(1000);
    clock.advance(1);
    expect(await ban()).toBeNull();
    await c.request('queue:leave', {});

    // A third leave within the day: 30 minutes.
    clock.advance(5 * MINUTE);
    await leftAt(clock.ms_);
    expect(await ban()).toMatchObject({ leaves: 3, until: new Date(t0 + 15 * MINUTE + 30 * MINUTE).toISOString() });
    // The window slides past the first leave (23 h before t0): two leaves left, the 10-minute
    // ban from the latest, over already.
    clock.advance(HOUR);
    expect(await ban()).toBeNull();
    expect(await archive.leaves(cat.player.id, 0)).toHaveLength(3);
  }, 60_000);
});
