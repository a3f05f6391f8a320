import { PostgresCorrespondence } from '../correspondence/postgres.ts';
import {
  type ArchivedGame,
  GLICKO,
  type GameId,
  type GameSummary,
  LEADERBOARD_DAYS,
  type LeaderboardEntry,
  type PlayerGames,
  type PlayerId,
  type PlayerProfile,
  RATING_HISTORY_LIMIT,
  type Rating,
  type RatingHistory,
  type RatingPoint,
  SHOWN_RD,
  gamesCursor,
  readGamesCursor,
} from '@fives/protocol';
import pg from 'pg';
import type { GameArchive, GamesPage, Written } from './archive.ts';
import { PostgresModeration } from '../admin/moderation-postgres.ts';
import { PostgresPush } from '../push/postgres.ts';
import { PostgresAccounts } from '../accounts/postgres.ts';
import { PostgresFollows } from '../friends/postgres.ts';
import { PostgresSafety } from '../safety/postgres.ts';
import { PostgresTournaments } from '../tournaments/postgres.ts';
import { maskDeleted } from './memory.ts';
import { migrate } from './migrate.ts';
import { type RatedPerson, type StoredRating, keyOf, leaderboardOrder, leaderboardStanding, leaversOf, rateArchived, ratedPeople, ratingAt } from './ratings.ts';
import { seatLines } from './seat-lines.ts';
import { type StatsGroup, statsOf } from './stats.ts';

export interface PostgresArchiveOptions {
  /** A libpq connection URL (postgres://user:password@host:5432/db). */
  readonly url: string;
  /** Told of the migrations' progress and of the pool's idle clients' errors. */
  readonly log: (message: string, error?: unknown) => void;
  /** Connections per node (default 10, node-postgres's own). */
  readonly poolSize?: number;
  /** The clock the RD's idle growth and the leaderboard's 90 days are counted on (default Date.now). */
  readonly now?: () => number;
}

interface RatingRow {
  player_id: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  last_at: Date;
}

function storedOf(row: RatingRow): StoredRating {
  return { glicko: { rating: row.rating, rd: row.rd, volatility: row.volatility }, games: row.games, lastAtMs: row.games === 0 ? null : row.last_at.getTime() };
}

interface GameRow {
  id: string;
  table_id: string;
  game: number;
  rules: GameSummary['rules'];
  started_at: Date;
  finished_at: Date;
  seats: GameSummary['seats'];
  winner: number;
  rated: boolean;
  record?: ArchivedGame['record'];
}

const SUMMARY_COLUMNS = 'g.id, g.table_id, g.game, g.rules, g.started_at, g.finished_at, g.seats, g.winner, g.rated';

/**
 * The archive in PostgreSQL (node-postgres, `pg`): a game is written in one transaction with
 * its players and seat lines, `INSERT … ON CONFLICT DO NOTHING` on its id deciding whether this
 * write is the one (a second writer of the same game waits on the first's row, then finds it).
 */
export class PostgresArchive implements GameArchive {
  readonly kind = 'postgres';
  readonly durable = true;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /** Connects and brings the schema up to date (migrations), or fails saying why. */
  static async connect(o: PostgresArchiveOptions): Promise<PostgresArchive> {
    const pool = new pg.Pool({ connectionString: o.url, max: o.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // An idle client whose server went away: the pool drops it and makes a new one when needed.
    pool.on('error', (error) => o.log('an idle PostgreSQL connection failed', error));
    try {
      const client = await pool.connect();
      try {
        const applied = await migrate(client, (m) => o.log(m));
        if (applied.length > 0) o.log(`archive migrations applied: ${applied.join(', ')}`);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresArchive(pool, o.now ?? Date.now);
  }

  async write(written: ArchivedGame): Promise<Written> {
    const lines = seatLines(written);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // A person who deleted their account while the game was played is written as a deleted
      // player: the name never reaches the table (deleted_accounts is the account store's, in
      // this database; players.deleted_at the archive's own mark).
      const humans = written.seats.flatMap((s) => (s.kind === 'human' ? [s.playerId] : []));
      const gone = await client.query<{ id: string }>(
        'SELECT id FROM deleted_accounts WHERE id = ANY($1) UNION SELECT id FROM players WHERE id = ANY($1) AND deleted_at IS NOT NULL',
        [humans],
      );
      const deleted = new Set(gone.rows.map((r) => r.id as PlayerId));
      const game = maskDeleted(written, deleted);
      const inserted = await client.query(
        `INSERT INTO games (id, table_id, game, rules, preset, players, started_at, finished_at, seats, winner, record, rated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING RETURNING id`,
        [
          game.id,
          game.tableId,
          game.game,
          JSON.stringify(game.rules),
          game.rules.preset,
          game.rules.players,
          game.startedAt,
          game.finishedAt,
          JSON.stringify(game.seats),
          game.winner,
          JSON.stringify(game.record),
          game.rated,
        ],
      );
      if (inserted.rowCount === 0) {
        await client.query('ROLLBACK');
        return 'exists';
      }
      // In player id order: two games of the same people written at once lock their rows in the same order (no deadlock).
      const people = game.seats.flatMap((s) => (s.kind === 'human' ? [s] : [])).toSorted((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
      for (const s of people) {
        await client.query(
          `INSERT INTO players (id, name, name_at, first_seen, last_seen, deleted_at) VALUES ($1, $2, $3, $4, $3, $5)
           ON CONFLICT (id) DO UPDATE SET
             name = CASE WHEN players.deleted_at IS NOT NULL OR EXCLUDED.deleted_at IS NOT NULL THEN ''
                         WHEN EXCLUDED.name_at >= players.name_at THEN EXCLUDED.name ELSE players.name END,
             name_at = GREATEST(players.name_at, EXCLUDED.name_at),
             first_seen = LEAST(players.first_seen, EXCLUDED.first_seen),
             last_seen = GREATEST(players.last_seen, EXCLUDED.last_seen),
             deleted_at = COALESCE(players.deleted_at, EXCLUDED.deleted_at)`,
          [s.playerId, s.name, game.finishedAt, game.startedAt, deleted.has(s.playerId) ? new Date(this.now()).toISOString() : null],
        );
      }
      for (const l of lines) {
        await client.query(
          `INSERT INTO game_players (game_id, seat, player_id, finished_at, preset, players, won, hands, points, counts_scored, muggins_made, muggins_missed, best_hand)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [l.gameId, l.seat, l.playerId, l.finishedAt, l.preset, l.players, l.won, l.hands, l.points, l.countsScored, l.mugginsMade, l.mugginsMissed, l.bestHand],
        );
      }
      const rated = ratedPeople(game);
      if (rated !== null) await rate(client, game, rated);
      for (const id of leaversOf(game)) {
        await client.query('INSERT INTO leaves (player_id, game_id, at) VALUES ($1, $2, $3)', [id, game.id, game.finishedAt]);
      }
      await client.query('COMMIT');
      return 'written';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async game(id: GameId): Promise<ArchivedGame | null> {
    const { rows } = await this.pool.query<GameRow>(`SELECT ${SUMMARY_COLUMNS}, g.record FROM games g WHERE g.id = $1`, [id]);
    const row = rows[0];
    if (row === undefined) return null;
    const game = { ...summaryOfRow(row), record: row.record as ArchivedGame['record'] };
    return maskDeleted(game, await this.deletedAmong([game]));
  }

  async player(id: PlayerId): Promise<PlayerProfile | null> {
    const { rows } = await this.pool.query<{ name: string; first_seen: Date; last_seen: Date; deleted_at: Date | null }>(
      'SELECT name, first_seen, last_seen, deleted_at FROM players WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (row === undefined) return null;
    const groups = await this.pool.query<Record<keyof StatsGroup, string | number>>(
      `SELECT preset, players, count(*) AS games, count(*) FILTER (WHERE won) AS wins, sum(hands) AS hands, sum(points) AS points,
              sum(counts_scored) AS "countsScored", sum(muggins_made) AS "mugginsMade", sum(muggins_missed) AS "mugginsMissed"
       FROM game_players WHERE player_id = $1 GROUP BY preset, players`,
      [id],
    );
    const best = await this.pool.query<{ best_hand: number; game_id: string }>(
      'SELECT best_hand, game_id FROM game_players WHERE player_id = $1 AND hands > 0 ORDER BY best_hand DESC, finished_at ASC, game_id ASC LIMIT 1',
      [id],
    );
    const b = best.rows[0];
    const rated = await this.pool.query<RatingRow & { key: string }>(
      'SELECT key, player_id, rating, rd, volatility, games, last_at FROM ratings WHERE player_id = $1 AND games > 0',
      [id],
    );
    const now = this.now();
    return {
      id,
      name: row.deleted_at === null ? row.name : '',
      ...(row.deleted_at === null ? {} : { deleted: true as const }),
      since: row.first_seen.toISOString(),
      lastSeen: row.last_seen.toISOString(),
      stats: statsOf(
        groups.rows.map((g) => ({
          preset: String(g.preset),
          // count and sum come back as bigint text: every one is far below 2^53.
          players: Number(g.players),
          games: Number(g.games),
          wins: Number(g.wins),
          hands: Number(g.hands),
          points: Number(g.points),
          countsScored: Number(g.countsScored),
          mugginsMade: Number(g.mugginsMade),
          mugginsMissed: Number(g.mugginsMissed),
        })),
        b === undefined ? null : { points: b.best_hand, gameId: b.game_id as GameId },
      ),
      ratings: Object.fromEntries(rated.rows.map((r) => [r.key, ratingAt(storedOf(r), now)])),
    };
  }

  async ratingHistory(id: PlayerId): Promise<RatingHistory | null> {
    const known = await this.pool.query('SELECT 1 FROM players WHERE id = $1', [id]);
    if (known.rowCount === 0) return null;
    // The latest RATING_HISTORY_LIMIT per key, oldest first.
    const { rows } = await this.pool.query<{ key: string; game_id: string; at: Date; rating: number; rd: number }>(
      `SELECT key, game_id, at, rating, rd FROM (
         SELECT key, game_id, at, rating, rd, row_number() OVER (PARTITION BY key ORDER BY at DESC, game_id DESC) AS n
         FROM rating_history WHERE player_id = $1) h
       WHERE n <= $2 ORDER BY key, at, game_id`,
      [id, RATING_HISTORY_LIMIT],
    );
    const history: Record<string, RatingPoint[]> = {};
    for (const r of rows) (history[r.key] ??= []).push({ gameId: r.game_id as GameId, at: r.at.toISOString(), rating: r.rating, rd: r.rd });
    return { history };
  }

  async leaves(id: PlayerId, sinceMs: number): Promise<number[]> {
    const { rows } = await this.pool.query<{ at: Date }>('SELECT at FROM leaves WHERE player_id = $1 AND at >= $2 ORDER BY at DESC', [id, new Date(sinceMs).toISOString()]);
    return rows.map((r) => r.at.getTime());
  }

  async ratings(ids: readonly PlayerId[], key: string): Promise<Map<PlayerId, Rating>> {
    const out = new Map<PlayerId, Rating>();
    if (ids.length === 0) return out;
    const { rows } = await this.pool.query<RatingRow>('SELECT player_id, rating, rd, volatility, games, last_at FROM ratings WHERE key = $1 AND player_id = ANY($2)', [key, ids]);
    const now = this.now();
    for (const r of rows) out.set(r.player_id as PlayerId, ratingAt(storedOf(r), now));
    return out;
  }

  async leaderboard(key: string, limit: number): Promise<LeaderboardEntry[]> {
    const now = this.now();
    // A deleted account's rating leaves the board with its name.
    // The RD as of now in SQL too (ratings.ts's ratingAt: one idle period a whole day): the sure
    // ratings first, then the provisional ones, each best first, so LIMIT holds;
    // leaderboardStanding has the last word on each row (a few rows to spare for the boundary).
    const { rows } = await this.pool.query<RatingRow & { name: string }>(
      `SELECT r.player_id, p.name, r.rating, r.rd, r.volatility, r.games, r.last_at FROM ratings r JOIN players p ON p.id = r.player_id
       WHERE r.key = $1 AND r.games > 0 AND r.last_at >= $2 AND p.deleted_at IS NULL
       ORDER BY $3 * sqrt(power(r.rd / $3, 2) + floor(extract(epoch FROM ($4::timestamptz - r.last_at)) * 1000 / $5) * power(r.volatility, 2)) > $6,
         r.rating DESC, r.games DESC, r.player_id LIMIT $7`,
      [key, new Date(now - LEADERBOARD_DAYS * GLICKO.idleMs).toISOString(), GLICKO.scale, new Date(now).toISOString(), GLICKO.idleMs, SHOWN_RD + 1e-9, limit + 10],
    );
    return rows
      .map((r) => ({ standing: leaderboardStanding(storedOf(r), now), r }))
      .filter((x) => x.standing !== null)
      .map(({ standing, r }) => ({ playerId: r.player_id as PlayerId, name: r.name, provisional: standing === 'provisional', ...ratingAt(storedOf(r), now) }))
      .toSorted(leaderboardOrder)
      .slice(0, limit)
      .map((r, i) => ({ rank: i + 1, playerId: r.playerId, name: r.name, rating: r.rating, rd: r.rd, games: r.games, provisional: r.provisional }));
  }

  async playerGames(id: PlayerId, page: GamesPage): Promise<PlayerGames | null> {
    const known = await this.pool.query('SELECT 1 FROM players WHERE id = $1', [id]);
    if (known.rowCount === 0) return null;
    const { rows } = await this.pool.query<GameRow>(playerGamesQuery(page.before !== null), playerGamesParams(id, page));
    const summaries = rows.slice(0, page.limit).map(summaryOfRow);
    const deleted = await this.deletedAmong(summaries);
    const games = summaries.map((g) => maskDeleted(g, deleted));
    const last = games.at(-1);
    return { games, next: rows.length > page.limit && last !== undefined ? gamesCursor(last.finishedAt, last.id) : null };
  }

  async rename(id: PlayerId, name: string, at: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query('UPDATE players SET name = $2, name_at = $3 WHERE id = $1 AND deleted_at IS NULL', [id, name, at]);
    return (rowCount ?? 0) > 0;
  }

  async forget(id: PlayerId): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE players SET name = '', deleted_at = COALESCE(deleted_at, now()) WHERE id = $1`, [id]);
      // The name is gone from the stored seats too, not only hidden when they are read.
      const { rows } = await client.query<{ id: string; seats: GameSummary['seats'] }>(
        'SELECT g.id, g.seats FROM games g JOIN game_players gp ON gp.game_id = g.id WHERE gp.player_id = $1 ORDER BY g.id FOR UPDATE OF g',
        [id],
      );
      for (const row of rows) {
        const seats = row.seats.map((s) => (s.kind === 'human' && s.playerId === id ? { ...s, name: '', deleted: true as const } : s));
        await client.query('UPDATE games SET seats = $2 WHERE id = $1', [row.id, JSON.stringify(seats)]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** The accounts, in the same database, on the same pool. */
  accountStore(): PostgresAccounts {
    return new PostgresAccounts(this.pool);
  }

  /** Reports and blocks, in the same database, on the same pool. */
  safetyStore(): PostgresSafety {
    return new PostgresSafety(this.pool);
  }

  /** The operators' bans, notice and log, on the same pool. */
  moderationStore(): PostgresModeration {
    return new PostgresModeration(this.pool);
  }

  /** Who follows whom, on the same pool. */
  followStore(): PostgresFollows {
    return new PostgresFollows(this.pool);
  }

  /** Tournaments and their tables, on the same pool. */
  tournamentStore(): PostgresTournaments {
    return new PostgresTournaments(this.pool);
  }

  /** Correspondence tables between moves, on the same pool. */
  correspondenceStore(): PostgresCorrespondence {
    return new PostgresCorrespondence(this.pool);
  }

  /** Web Push subscriptions and the site's VAPID keys, on the same pool. */
  pushStore(): PostgresPush {
    return new PostgresPush(this.pool);
  }

  /** Which of the games' people deleted their accounts. */
  private async deletedAmong(games: readonly GameSummary[]): Promise<Set<PlayerId>> {
    const ids = [...new Set(games.flatMap((g) => g.seats.flatMap((s) => (s.kind === 'human' ? [s.playerId] : []))))];
    if (ids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM players WHERE id = ANY($1) AND deleted_at IS NOT NULL', [ids]);
    return new Set(rows.map((r) => r.id as PlayerId));
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * A page of a player's games, one more than asked for (whether there is a next page): the
 * index (player_id, finished_at DESC, game_id DESC) finds the cursor's place and reads on from
 * there, however deep the page (the benchmark in docs/performance.md shows its plan).
 */
export function playerGamesQuery(withCursor: boolean): string {
  return `SELECT ${SUMMARY_COLUMNS} FROM game_players gp JOIN games g ON g.id = gp.game_id
    WHERE gp.player_id = $1${withCursor ? ' AND (gp.finished_at, gp.game_id) < ($3, $4)' : ''}
    ORDER BY gp.finished_at DESC, gp.game_id DESC LIMIT $2`;
}

export function playerGamesParams(id: PlayerId, page: GamesPage): unknown[] {
  if (page.before === null) return [id, page.limit + 1];
  const { finishedAtMs, id: gameId } = readGamesCursor(page.before);
  return [id, page.limit + 1, new Date(finishedAtMs).toISOString(), gameId];
}

/**
 * The game's rating period, inside the transaction that archives it (so exactly once: only the
 * writer whose games row went in gets here). The people's rating rows are made if missing and
 * locked in player id order (FOR UPDATE): two games of the same people rated at once take turns,
 * the second rating from the first's result, and never deadlock.
 */
async function rate(client: pg.PoolClient, game: GameSummary, people: readonly RatedPerson[]): Promise<void> {
  const key = keyOf(game);
  for (const p of people) {
    await client.query(`INSERT INTO ratings (player_id, key, rating, rd, volatility, games, last_at) VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT DO NOTHING`, [
      p.playerId,
      key,
      GLICKO.rating,
      GLICKO.rd,
      GLICKO.volatility,
      game.finishedAt,
    ]);
  }
  const ids = people.map((p) => p.playerId);
  const { rows } = await client.query<RatingRow>(
    'SELECT player_id, rating, rd, volatility, games, last_at FROM ratings WHERE key = $1 AND player_id = ANY($2) ORDER BY player_id FOR UPDATE',
    [key, ids],
  );
  const before = new Map(rows.map((r) => [r.player_id as PlayerId, storedOf(r)]));
  const after = rateArchived(game, people, before);
  for (const p of people) {
    const s = after.get(p.playerId);
    if (s === undefined) continue;
    await client.query('UPDATE ratings SET rating = $3, rd = $4, volatility = $5, games = $6, last_at = $7 WHERE player_id = $1 AND key = $2', [
      p.playerId,
      key,
      s.glicko.rating,
      s.glicko.rd,
      s.glicko.volatility,
      s.games,
      new Date(s.lastAtMs ?? Date.parse(game.finishedAt)).toISOString(),
    ]);
    await client.query('INSERT INTO rating_history (player_id, key, game_id, at, rating, rd) VALUES ($1, $2, $3, $4, $5, $6)', [
      p.playerId,
      key,
      game.id,
      game.finishedAt,
      s.glicko.rating,
      s.glicko.rd,
    ]);
  }
}

function summaryOfRow(row: GameRow): GameSummary {
  return {
    id: row.id as GameId,
    tableId: row.table_id as GameSummary['tableId'],
    game: row.game,
    rules: row.rules,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at.toISOString(),
    seats: row.seats,
    winner: row.winner,
    rated: row.rated,
  };
}
