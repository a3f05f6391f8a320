import { PlayerProfileSchema, type QueueMatched, QueueJoinedSchema, SHOWN_RD, gameIdOf, ratingKey, ratingText } from '@fives/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { TestClient, guest } from '../support/client.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { until } from '../support/until.ts';

/**
 * The `queue:join` ack tells the joining person their own rating of the queue's key (issue 18:
 * the queue card shows it), read from the archive at every join, as GET /api/players/:id reads it.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe("the queue's own rating", () => {
  const clients: TestClient[] = [];
  let server: TestServer | null = null;
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
    server = null;
  });

  it('is a newcomer\'s 1500 with RD 350 ("?") at first, and the rated game\'s outcome when they join again after it', async () => {
    const archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
    server = await startServer({ seed: 'queue-rating', archive });
    const url = server.url;
    const [ada, bob] = await Promise.all([guest(url, 'Ada'), guest(url, 'Bob')]);
    const [a, b] = await Promise.all([TestClient.connect(url, ada.token), TestClient.connect(url, bob.token)]);
    clients.push(a, b);
    const rules = { preset: 'allFives', players: 2 } as const;

    const matchedA = a.waitFor<QueueMatched>('queue:matched');
    const matchedB = b.waitFor<QueueMatched>('queue:matched');
    const first = await a.request('queue:join', { rules, waitSeconds: 600 });
    if (!first.ok) throw new Error(first.error.message);
    const newcomer = QueueJoinedSchema.parse(first.data).rating;
    expect(newcomer).toEqual({ rating: 1500, rd: 350, volatility: 0.06, games: 0 });
    expect(ratingText(newcomer)).toBe('?');
    // Bob's arrival completes the table: his ack (after queue:matched) carries his rating too.
    const second = await b.request('queue:join', { rules, waitSeconds: 600 });
    expect(second.ok && second.data.rating).toMatchObject({ rating: 1500, rd: 350, games: 0 });

    // They play the rated game to the end, and it is archived (and rated) by the job runner.
    const [ma, mb] = await Promise.all([matchedA, matchedB]);
    expect(ma.tableId).toBe(mb.tableId);
    await a.join(ma.tableId);
    await b.join(mb.tableId);
    a.play();
    b.play();
    await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect([...a.problems, ...b.problems]).toEqual([]);
    const gameId = gameIdOf(ma.tableId, 1);
    await until('the rated game is archived', async () => (await server!.app.archive.game(gameId)) !== null, 400);
    expect((await server.app.archive.game(gameId))?.rated).toBe(true);

    // Joining again reads the rating afresh: one game counted, less uncertain, as the profile shows it.
    const again = await a.request('queue:join', { rules, waitSeconds: 600 });
    if (!again.ok) throw new Error(again.error.message);
    const after = QueueJoinedSchema.parse(again.data).rating;
    const profile = PlayerProfileSchema.parse(await (await fetch(`${url}/api/players/${ada.player.id}`)).json());
    expect(after).toEqual(profile.ratings[ratingKey('allFives', 2)]);
    expect(after?.games).toBe(1);
    expect(after?.rd).toBeLessThan(350);
    // One game is not enough to be sure: still "?" (shown once RD ≤ 110).
    expect(after!.rd).toBeGreaterThan(SHOWN_RD);
    expect(ratingText(after)).toBe('?');
    // Only the ack carries it: the status everyone waiting hears has no rating.
    expect(a.received.filter((r) => r.event === 'queue:status').every((r) => !('rating' in (r.payload as object)))).toBe(true);
  }, 60_000);
});
