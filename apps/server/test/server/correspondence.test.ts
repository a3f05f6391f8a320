import { type Action, legalActions, seededRandom, view } from '@fives/engine';
import { type CorrespondenceTurns, type GuestResponse, type PushNote, type TableId, gameIdOf, toWireAction } from '@fives/protocol';
import type { TableDoc } from '@fives/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { manualClock } from '../support/finish-game.ts';
import { TestPushService } from '../support/push-service.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { deleteKeys, redisStore, uniquePrefix } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';
import { until } from '../support/until.ts';

// Correspondence tables (issue 27, point 2) as a deployment keeps them: Redis while people play,
// PostgreSQL between moves. A game of two people and a computer player at a day a move, played
// over simulated days (the clock moved by hand) across a server restart with Redis flushed
// between moves; its turn clock runs out into a stand-in's move, as a live one does; each person
// is told by Web Push when the move is theirs, and lists the games waiting for them.
const DAY = 86_400_000;
const SLEEP_MS = 10 * 60_000;
const clock = manualClock(Date.UTC(2026, 11, 5, 9));
const prefix = uniquePrefix();
let db: TestDatabase;
let push: TestPushService;
let archive: PostgresArchive;
let redis: RedisTableStore;
let app: GameApp;

/** A node as a deployment starts one (closing it closes its stores: a restart connects anew). */
async function node(): Promise<GameApp> {
  archive = await PostgresArchive.connect({ url: db.url, log: () => {}, now: () => clock.now().getTime() });
  redis = await redisStore(prefix);
  const built = await build({
    store: redis,
    archive,
    accounts: archive.accountStore(),
    correspondence: archive.correspondenceStore(),
    push: archive.pushStore(),
    pushInsecureEndpoints: true,
    vapid: { keys: null, subject: 'mailto:ops@fives.example.org' },
    secret: TEST_SECRET,
    logger: false,
    webRoot: null,
    botWorkers: 0,
    botDelayMs: 0,
    handPauseMs: 0,
    correspondenceSleepMs: SLEEP_MS,
    // The test runs each look itself.
    correspondencePollMs: 3_600_000,
    now: clock.now,
    random: seededRandom('correspondence'),
  });
  await built.ready();
  return built;
}

/** The node stops and Redis loses everything of this deployment: only PostgreSQL is left. */
async function restartWithRedisFlushed(): Promise<void> {
  await app.close();
  await deleteKeys(prefix);
  app = await node();
}

beforeAll(async () => {
  db = await testDatabase();
  push = await TestPushService.start();
  app = await node();
});
afterAll(async () => {
  await app.close();
  await deleteKeys(prefix);
  await push.close();
  await db.drop();
});

const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

async function guest(name: string): Promise<GuestResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestResponse>();
}

async function turns(token: string): Promise<CorrespondenceTurns['turns']> {
  const res = await app.inject({ method: 'GET', url: '/api/correspondence/turns', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CorrespondenceTurns>().turns;
}

/** Whose move it is: the seat, or null when no person is to move. */
function personToMove(doc: TableDoc): number | null {
  const seat = doc.state?.status === 'playing' ? (doc.state.hand?.turn ?? null) : null;
  return seat !== null && doc.seats[seat]?.kind === 'human' ? seat : null;
}

/** The table once the computer player has moved and any deal is done: a person to move (or the game over). */
async function settled(): Promise<TableDoc> {
  for (let poll = 0; poll < 50; poll++) {
    const doc = await app.store.load(id);
    if (doc === null) throw new Error('the table is gone');
    if (doc.phase === 'over' || personToMove(doc) !== null) return doc;
    await app.jobs.poll();
  }
  throw new Error('nobody came to move');
}

let id: TableId;

describe('a correspondence game over days', () => {
  let people: GuestResponse[];
  const notesFor = (browser: string): PushNote[] => push.notesFor(browser) as PushNote[];

  it('is refused a turn clock of days it does not offer, and made with one it does', async () => {
    people = [await guest('Ana'), await guest('Bea')];
    for (const [i, p] of people.entries()) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/push/subscription',
        headers: bearer(p.token),
        payload: { ...push.browser(`phone-${i}`).subscription, expirationTime: null, kinds: ['turn'], lang: 'en' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const fiveDays = await app.inject({ method: 'POST', url: '/api/tables', headers: bearer(people[0]!.token), payload: { rules: { players: 3 }, turnSeconds: 5 * 86_400 } });
    expect(fiveDays.statusCode).toBe(400);
    const made = await app.service.createStarted({
      people: people.map((p) => p.player),
      level: 'easy',
      rulesInput: { players: 3, target: 61 },
      settings: { turnSeconds: 86_400, listed: false, rated: false },
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    id = made.value.id;
    // Kept from its first state, whoever leads (a person leading makes no commit first).
    expect((await archive.correspondenceStore().get(id))?.doc.version).toBe(made.value.version);
    await app.jobs.poll();
  });

  it('is kept in PostgreSQL at every commit, tells the person to move, and lists the game as theirs', async () => {
    const doc = await app.store.load(id);
    const seat = doc === null ? null : personToMove(doc);
    expect(seat, 'the computer player moved at once: a person is to move').not.toBeNull();
    const kept = await archive.correspondenceStore().get(id);
    expect(kept?.doc.version).toBe(doc?.version);
    const mover = people[seat!]!;
    const other = people[1 - seat!]!;
    expect(await turns(mover.token)).toEqual([expect.objectContaining({ tableId: id, dueAt: new Date(doc!.clock.turn!.at).toISOString() })]);
    expect(await turns(other.token)).toEqual([]);
    await until('the note of a turn', () => notesFor(`phone-${seat}`).some((n) => n.kind === 'turn' && n.tag === `turn-${id}`));
    // Days a move: nobody is made away for being offline, and nobody is marked seated (they may play live meanwhile).
    expect(doc!.clock.turn!.at - clock.now().getTime()).toBe(DAY);
  });

  it('leaves Redis when nobody touches it, and comes back, the same, when it is opened after a restart with Redis flushed', async () => {
    const before = await app.store.load(id);
    clock.advance(SLEEP_MS + 1);
    expect(await app.correspondence.runDue()).toEqual({ slept: 1, woke: 0 });
    expect(await redis.load(id), 'not in Redis while it sleeps').toBeNull();
    await restartWithRedisFlushed();
    expect(await redis.load(id)).toBeNull();
    const back = await app.store.load(id);
    expect(back?.version).toBe(before?.version);
    expect(back?.state).toEqual(before?.state);
    expect(await redis.load(id), 'back in Redis').not.toBeNull();
  });

  it('takes moves across restarts with Redis flushed in between, the game going on from PostgreSQL', async () => {
    for (let move = 0; move < 6; move++) {
      const doc = await settled();
      const seat = personToMove(doc);
      if (seat === null) throw new Error('no person to move');
      if (doc.state === null) throw new Error('no game');
      const action: Action = legalActions(view(doc.state, seat))[0]!;
      clock.advance(3 * 3600_000);
      const moved = await app.service.act(id, people[seat]!.player, seat, doc.version, toWireAction(action));
      expect(moved.ok, moved.ok ? '' : moved.error.message).toBe(true);
      if (move % 2 === 1) await restartWithRedisFlushed();
    }
  });

  it('lets a person step away from its table: leaving changes nothing, the seat and the move stay theirs', async () => {
    const doc = await settled();
    for (const p of people) {
      const left = await app.service.leave(id, p.player);
      expect(left.ok).toBe(true);
    }
    const after = await app.store.load(id);
    expect(after?.version).toBe(doc.version);
    expect(after?.seats.filter((s) => s.kind === 'human' && s.away !== true)).toHaveLength(2);
  });

  it('runs out its clock while asleep: woken on time, a stand-in moves for that turn, as a live clock does', async () => {
    const doc = await settled();
    const seat = personToMove(doc)!;
    clock.advance(SLEEP_MS + 1);
    expect((await app.correspondence.runDue()).slept).toBe(1);
    await restartWithRedisFlushed();
    clock.advance(DAY);
    expect(await app.correspondence.runDue()).toEqual({ slept: 0, woke: 1 });
    await app.jobs.poll();
    const after = await app.store.load(id);
    expect(after!.version).toBeGreaterThan(doc.version);
    expect(after!.seats[seat]).toMatchObject({ kind: 'human', playerId: people[seat]!.player.id });
    expect(after!.seats[seat]).not.toMatchObject({ away: true });
  });

  it('plays to its end over the days, every hand of its record kept through the flushes, and is archived', async () => {
    for (let day = 0; day < 400; day++) {
      const doc = await app.store.load(id);
      if (doc?.phase === 'over') break;
      clock.advance(DAY);
      await app.correspondence.runDue();
      await app.jobs.poll();
      if (day % 25 === 24) await restartWithRedisFlushed();
    }
    await until('the game in the archive', async () => {
      await app.jobs.poll();
      return (await app.archive.game(gameIdOf(id, 1))) !== null;
    });
    const game = await app.archive.game(gameIdOf(id, 1));
    const doc = await app.store.load(id);
    expect(doc?.phase).toBe('over');
    expect(game?.record.hands.length).toBe(doc?.state?.hands.length);
    for (const p of people) expect(await turns(p.token)).toEqual([]);
  });
});
