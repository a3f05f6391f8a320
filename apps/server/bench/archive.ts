/**
 * The archive's benchmark (docs/performance.md, "The archive"): the time to write a game, and
 * to list a player's 10,000 games a page of 50 at a time, keyset against OFFSET, with the plan
 * PostgreSQL chose. Makes a database of its own and drops it.
 *
 *   node --import tsx apps/server/bench/archive.ts [ADMIN_URL]   (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomBytes } from 'node:crypto';
import { greedyPolicy, playArena, randomPolicy } from '@fives/bots';
import { type GameRecord, newGame, replayRecord, sideOf } from '@fives/engine';
import { type ArchivedGame, type GamesCursor, type PlayerId, type TableId, gameIdOf, gamesCursor } from '@fives/protocol';
import pg from 'pg';
import { PostgresArchive, playerGamesParams, playerGamesQuery } from '../src/archive/postgres.ts';

const ADMIN = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WRITES = 500;
const GAMES = 10_000;
const PAGE = 50;
const RUNS = 50;

const player = { playerId: 'p_benchplayer00' as PlayerId, name: 'Bench' };

function game(record: GameRecord, i: number): ArchivedGame {
  const rules = (newGame(record.rules) as { ok: true; value: { rules: ArchivedGame['rules'] } }).value.rules;
  const out = replayRecord(record).output as { scores: number[]; winner: number };
  const finished = Date.UTC(2026, 0, 1) + i * 60_000;
  return {
    id: gameIdOf(`bench${String(i).padStart(6, '0')}`, 1),
    tableId: `bench${String(i).padStart(6, '0')}` as TableId,
    game: 1,
    rules,
    startedAt: new Date(finished - 600_000).toISOString(),
    finishedAt: new Date(finished).toISOString(),
    seats: [
      { seat: 0, kind: 'human', name: player.name, playerId: player.playerId, score: out.scores[sideOf(rules, 0)] ?? 0 },
      { seat: 1, kind: 'bot', name: 'Computer (easy)', level: 'easy', score: out.scores[sideOf(rules, 1)] ?? 0 },
    ],
    winner: out.winner,
    rated: false,
    record,
  };
}

function median(xs: number[]): number {
  const s = xs.toSorted((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

async function timed(client: pg.Client, sql: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await client.query(sql, params);
    times.push(performance.now() - t);
  }
  return median(times);
}

const name = `fives_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN);
url.pathname = `/${name}`;
try {
  const records: GameRecord[] = [];
  playArena({ a: greedyPolicy, b: randomPolicy, rules: { preset: 'allFives', players: 2 }, games: 20, seed: 'archive-bench', onGame: (_, r) => records.push(r) });
  const archive = await PostgresArchive.connect({ url: url.toString(), log: () => {} });
  const writes: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const g = game(records[i % records.length]!, i);
    const t = performance.now();
    await archive.write(g);
    writes.push(performance.now() - t);
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  // The rest of the 10,000 as copies of the games written, each its own id and finish time.
  await client.query(
    `INSERT INTO games (id, table_id, game, rules, preset, players, started_at, finished_at, seats, winner, record)
     SELECT 'copy' || lpad(n::text, 6, '0') || '-1', 'copy' || lpad(n::text, 6, '0'), 1, g.rules, g.preset, g.players,
            g.started_at + (n * interval '1 minute'), g.finished_at + ((n + ${WRITES}) * interval '1 minute'), g.seats, g.winner, g.record
     FROM generate_series(1, ${GAMES - WRITES}) n JOIN games g ON g.id = 'bench' || lpad((n % ${WRITES})::text, 6, '0') || '-1'`,
  );
  await client.query(
    `INSERT INTO game_players (game_id, seat, player_id, finished_at, preset, players, won, hands, points, counts_scored, muggins_made, muggins_missed, best_hand)
     SELECT g.id, 0, $1, g.finished_at, g.preset, g.players, g.winner = 0, 5, 60, 10, 0, 0, 30 FROM games g WHERE g.id LIKE 'copy%'`,
    [player.playerId],
  );
  await client.query('ANALYZE');
  const total = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM game_players WHERE player_id = $1', [player.playerId])).rows[0]?.n);

  // The cursor at the middle and at the end of the list, as a client paging down would hold it.
  const at = async (offset: number): Promise<GamesCursor> => {
    const { rows } = await client.query<{ finished_at: Date; game_id: string }>(
      'SELECT finished_at, game_id FROM game_players WHERE player_id = $1 ORDER BY finished_at DESC, game_id DESC OFFSET $2 LIMIT 1',
      [player.playerId, offset - 1],
    );
    const row = rows[0]!;
    return gamesCursor(row.finished_at.toISOString(), row.game_id as ArchivedGame['id']);
  };
  const offsetSql = `SELECT g.id, g.table_id, g.game, g.rules, g.started_at, g.finished_at, g.seats, g.winner FROM game_players gp JOIN games g ON g.id = gp.game_id
    WHERE gp.player_id = $1 ORDER BY gp.finished_at DESC, gp.game_id DESC LIMIT $2 OFFSET $3`;
  const figures: Record<string, unknown> = {
    games: total,
    writeMs: { median: Math.round(median(writes) * 100) / 100, p95: Math.round(writes.toSorted((a, b) => a - b)[Math.floor(WRITES * 0.95)]! * 100) / 100 },
  };
  for (const depth of [0, 5000, GAMES - PAGE]) {
    const cursor = depth === 0 ? null : await at(depth);
    const keyset = await timed(client, playerGamesQuery(cursor !== null), playerGamesParams(player.playerId, { before: cursor, limit: PAGE }));
    const offset = await timed(client, offsetSql, [player.playerId, PAGE, depth]);
    figures[`page at ${depth}`] = { keysetMs: Math.round(keyset * 100) / 100, offsetMs: Math.round(offset * 100) / 100 };
  }
  const deep = await at(GAMES - PAGE);
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${playerGamesQuery(true)}`,
    playerGamesParams(player.playerId, { before: deep, limit: PAGE }),
  );
  console.log(JSON.stringify(figures, null, 2));
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  await client.end();
  await archive.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
