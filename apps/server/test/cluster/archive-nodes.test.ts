import type { ChildProcess } from 'node:child_process';
import { type ArchivedGame, ArchivedGameSchema, NEW_RATING, type TableId, gameIdOf, rateGame } from '@fives/protocol';
import { movesMade } from '@fives/table';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { archiveGame } from '../../src/archive/job.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { newPlayerId } from '../../src/identity/token.ts';
import { archiveJobKey } from '../../src/jobs/job.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { manualClock } from '../support/finish-game.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { killed, spawnNode } from '../support/process.ts';
import { redisStore, uniquePrefix } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';
import { until } from '../support/until.ts';

/**
 * The archive with several nodes on one Redis and one PostgreSQL: a game finished is archived
 * exactly once, when two nodes finish it together and when the node that finished it dies
 * before writing it; and its record outlives the table in Redis.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function count(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(sql, params);
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

describe('two nodes finishing the same game', () => {
  const clock = manualClock();
  const prefix = uniquePrefix();
  const nodes: GameApp[] = [];
  const stores: RedisTableStore[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const store = await redisStore(prefix);
      stores.push(store);
      const archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
      // Not made ready: no job runner of their own. The test makes every step on both at once.
      nodes.push(
        await build({
          store,
          archive,
          secret: TEST_SECRET,
          logger: false,
          botDelayMs: 0,
          handPauseMs: 0,
          graceMs: 24 * 3600_000,
          now: clock.now,
          botBudget: { samples: 8 },
          webRoot: null,
        }),
      );
    }
  });
  afterAll(async () => {
    await stores[0]?.deleteAll();
    for (const n of nodes) await n.close();
  });

  it('is archived once: every step, the finishing one included, and the archive job are run by both nodes at once', async () => {
    const [a, b] = nodes as [GameApp, GameApp];
    const ada = { id: newPlayerId(), name: 'Ada' };
    const made = await a.service.createStarted({ people: [ada], level: 'easy', rulesInput: { players: 2, target: 31 }, settings: { turnSeconds: 5, listed: false, rated: false } });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    const finishes: number[] = [];
    for (let step = 0; step < 2000; step++) {
      clock.advance(5001);
      const d = await a.store.load(id);
      if (d === null || d.phase === 'over') break;
      // Both decide on the same version; one commit is written, the other finds the table moved on.
      const ran = await Promise.all([a.service.runStep(id, d.version), b.service.runStep(id, d.version)]);
      expect(ran.filter((r) => r === 'replaced').length).toBeLessThanOrEqual(1);
      if ((await a.store.load(id))?.phase === 'over') finishes.push(step);
    }
    expect(finishes).toHaveLength(1);
    expect(await a.store.finishedGame(id, 1)).not.toBeNull();
    expect(await a.store.jobs.dueAt(archiveJobKey(id, 1))).not.toBeNull();

    // Both nodes run the archive job at the same moment (say one's lease ran out mid-write).
    await Promise.all(nodes.map((n) => archiveGame({ store: n.store, archive: n.archive, log: n.log, archived: async () => {} }, id, 1)));
    const gameId = gameIdOf(id, 1);
    expect(await count('SELECT count(*) AS n FROM games WHERE id = $1', [gameId])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM game_players WHERE game_id = $1', [gameId])).toBe(1);
    expect((await a.archive.player(ada.id))?.stats.games).toBe(1);
    // The outbox entry and the record's hands have left Redis: the archive holds the game now.
    expect(await a.store.finishedGame(id, 1)).toBeNull();
    expect(await a.store.recordHands(id, 1)).toEqual([]);
    // The job itself, when its turn comes, finds nothing left to do.
    await a.ready();
    await a.jobs.poll();
    expect(await a.store.jobs.dueAt(archiveJobKey(id, 1))).toBeNull();
    expect(await count('SELECT count(*) AS n FROM games WHERE id = $1', [gameId])).toBe(1);
  });

  it('rates a rated game of two people once: both nodes finish it and both run its archive job', async () => {
    const [a, b] = nodes as [GameApp, GameApp];
    const ada = { id: newPlayerId(), name: 'Ada' };
    const bob = { id: newPlayerId(), name: 'Bob' };
    // As the random-opponent queue makes a table of two people (lobby/service.ts): rated.
    const made = await a.service.createStarted({
      people: [ada, bob],
      level: 'easy',
      rulesInput: { players: 2, target: 31 },
      settings: { turnSeconds: 5, listed: false, rated: true },
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    for (let step = 0; step < 4000; step++) {
      clock.advance(5001);
      const d = await a.store.load(id);
      if (d === null || d.phase === 'over') break;
      await Promise.all([a.service.runStep(id, d.version), b.service.runStep(id, d.version)]);
    }
    expect((await a.store.load(id))?.phase).toBe('over');
    await Promise.all([
      ...nodes.map((n) => archiveGame({ store: n.store, archive: n.archive, log: n.log, archived: async () => {} }, id, 1)),
      ...nodes.map((n) => archiveGame({ store: n.store, archive: n.archive, log: n.log, archived: async () => {} }, id, 1)),
    ]);
    const gameId = gameIdOf(id, 1);
    const game = await a.archive.game(gameId);
    expect(game?.rated).toBe(true);
    expect(await count('SELECT count(*) AS n FROM rating_history WHERE game_id = $1', [gameId])).toBe(2);
    expect(await count("SELECT count(*) AS n FROM ratings WHERE player_id = ANY($1) AND key = 'allFives/2' AND games = 1", [[ada.id, bob.id]])).toBe(2);
    const [ra, rb] = [(await b.archive.player(ada.id))?.ratings['allFives/2'], (await b.archive.player(bob.id))?.ratings['allFives/2']];
    expect(ra?.games).toBe(1);
    // One game between new players: the winner up, the loser down by as much (or a draw, both at 1500).
    expect((ra?.rating ?? 0) - 1500).toBeCloseTo(1500 - (rb?.rating ?? 0), 6);
    const won = game?.seats.find((s) => s.seat === game.winner);
    if (won?.kind === 'human' && game?.seats.every((s) => s.score !== won.score || s === won)) expect((won.playerId === ada.id ? ra : rb)?.rating).toBeGreaterThan(1500);
  });

  it("rates a leaver's loss once: both nodes see the person gone past the grace, both finish the game and both archive it", async () => {
    const [a, b] = nodes as [GameApp, GameApp];
    const ada = { id: newPlayerId(), name: 'Ada' };
    const bob = { id: newPlayerId(), name: 'Bob' };
    const made = await a.service.createStarted({
      people: [ada, bob],
      level: 'easy',
      rulesInput: { players: 2, target: 31 },
      settings: { turnSeconds: 5, listed: false, rated: true },
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    const step = async (): Promise<boolean> => {
      clock.advance(5001);
      const d = await a.store.load(id);
      if (d === null || d.phase === 'over') return false;
      await Promise.all([a.service.runStep(id, d.version), b.service.runStep(id, d.version)]);
      return true;
    };
    // Past the first hand's third move (an earlier leave would abort the game), Bob's grace runs out on both nodes at once.
    while (await step()) {
      const hand = (await a.store.load(id))?.state?.hand;
      if (hand != null && movesMade(hand) >= 3) break;
    }
    await Promise.all([a.service.checkAway(id, 1), b.service.checkAway(id, 1)]);
    expect((await a.store.load(id))?.seats[1]).toMatchObject({ away: true });
    for (let i = 0; i < 4000 && (await step()); i++);
    expect((await a.store.load(id))?.phase).toBe('over');
    await Promise.all([...nodes, ...nodes].map((n) => archiveGame({ store: n.store, archive: n.archive, log: n.log, archived: async () => {} }, id, 1)));
    const gameId = gameIdOf(id, 1);
    const game = await b.archive.game(gameId);
    expect(game?.rated).toBe(true);
    expect(game?.seats[1]).toMatchObject({ playerId: bob.id, left: true });
    expect(await count('SELECT count(*) AS n FROM rating_history WHERE game_id = $1', [gameId])).toBe(2);
    expect(await count('SELECT count(*) AS n FROM leaves WHERE game_id = $1 AND player_id = $2', [gameId, bob.id])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM leaves WHERE player_id = $1', [ada.id])).toBe(0);
    const expected = rateGame(
      game!.seats.map((s) => ({ seat: s.seat, score: s.score, left: s.seat === 1, before: NEW_RATING, lastAtMs: null })),
      false,
      Date.parse(game!.finishedAt),
    );
    const [ra, rb] = [(await a.archive.player(ada.id))?.ratings['allFives/2'], (await b.archive.player(bob.id))?.ratings['allFives/2']];
    expect([ra?.games, rb?.games]).toEqual([1, 1]);
    expect(ra?.rating).toBeCloseTo(expected.get(0)!.rating, 9);
    expect(rb?.rating).toBeCloseTo(expected.get(1)!.rating, 9);
    expect(rb!.rating).toBeLessThan(1500);
  });

  it('serves the record URL from the archive once Redis has lost the table', async () => {
    const [a, b] = nodes as [GameApp, GameApp];
    const ada = { id: newPlayerId(), name: 'Ada' };
    const made = await a.service.createStarted({ people: [ada], level: 'easy', rulesInput: { players: 2, target: 31 }, settings: { turnSeconds: 5, listed: false, rated: false } });
    if (!made.ok) throw new Error(made.error.message);
    const id: TableId = made.value.id;
    await a.ready();
    for (let step = 0; step < 2000 && (await a.archive.game(gameIdOf(id, 1))) === null; step++) {
      clock.advance(5001);
      await a.jobs.poll();
    }
    const game = ArchivedGameSchema.parse((await b.inject({ method: 'GET', url: `/api/games/${id}-1` })).json());
    // Redis loses everything (a flushed or replaced Redis; the table expired long ago).
    await stores[0]?.deleteAll();
    expect((await b.inject({ method: 'GET', url: `/api/tables/${id}` })).statusCode).toBe(404);
    const record = await b.inject({ method: 'GET', url: `/api/tables/${id}/games/1/record` });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toEqual(game.record);
    expect((await b.inject({ method: 'GET', url: `/api/tables/${id}/games/2/record` })).json()).toMatchObject({ error: { code: 'table/not_found' } });
  });
});

describe('a node killed between a game finish and its archive write', () => {
  const children: ChildProcess[] = [];
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients) c.close();
    for (const c of children) await killed(c);
  });

  it('leaves the game to another node, which archives it once', { timeout: 120_000 }, async () => {
    const prefix = uniquePrefix();
    const env = { DATABASE_URL: db.url, JOB_LEASE_MS: '1000', JOB_POLL_MS: '100' };
    const first = await spawnNode(prefix, env);
    children.push(first.child);
    // The archive's games table is locked: node A's write of the game waits, so it is killed before it is written.
    const lock = new pg.Client({ connectionString: db.url });
    await lock.connect();
    let game: ArchivedGame;
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE games IN EXCLUSIVE MODE');
      const ada = await guest(first.url, 'Ada');
      const { tableId } = await createTable(first.url, ada.token, { players: 2, target: 31 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }]);
      const a = await TestClient.connect(first.url, ada.token);
      clients.push(a);
      await a.join(tableId);
      expect((await a.request('table:start', { tableId })).ok).toBe(true);
      a.play();
      await a.waitForState((s) => s.table.phase === 'over');
      await until(
        "node A's archive write is waiting on the lock",
        async () =>
          (await count("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO games%'", [db.name])) === 1,
      );
      await killed(first.child);
      await lock.query('ROLLBACK');

      const second = await spawnNode(prefix, env);
      children.push(second.child);
      const gameId = gameIdOf(tableId, 1);
      let answer: Response | null = null;
      await until('node B has archived the game', async () => {
        answer = await fetch(`${second.url}/api/games/${gameId}`);
        return answer.status === 200;
      });
      game = ArchivedGameSchema.parse(await (answer as unknown as Response).json());
      expect(game.seats[0]).toMatchObject({ kind: 'human', name: 'Ada', playerId: ada.player.id });
      expect(await count('SELECT count(*) AS n FROM games WHERE id = $1', [gameId])).toBe(1);
      expect(await count('SELECT count(*) AS n FROM game_players WHERE game_id = $1', [gameId])).toBe(1);
      const record = await fetch(`${second.url}/api/tables/${tableId}/games/1/record`);
      expect(await record.json()).toEqual(game.record);
      const store = await redisStore(prefix);
      try {
        expect(await store.finishedGame(tableId, 1)).toBeNull();
        await store.deleteAll();
      } finally {
        await store.close();
      }
    } finally {
      await lock.end();
    }
  });
});
