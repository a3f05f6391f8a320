import { type ArchivedGame, type GameId, type GameSummary, type PlayerGames, type PlayerId, type PlayerProfile, gamesCursor, readGamesCursor } from '@fives/protocol';
import pg from 'pg';
import type { GameArchive, GamesPage, Written } from './archive.ts';
import { PostgresAccounts } from '../accounts/postgres.ts';
import { maskDeleted } from './memory.ts';
import { migrate } from './migrate.ts';
import { seatLines } from './seat-lines.ts';
import { type StatsGroup, statsOf } from './stats.ts';

export interface PostgresArchiveOptions {
  /** A libpq connection URL (postgres://user:password@host:5432/db). */
  readonly url: string;
  /** Told of the migrations' progress and of the pool's idle clients' errors. */
  readonly log: (message: string, error?: unknown) => void;
  /** Connections per node (default 10, node-postgres's own). */
  readonly poolSize?: number;
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
  record?: ArchivedGame['record'];
}

const SUMMARY_COLUMNS = 'g.id, g.table_id, g.game, g.rules, g.started_at, g.finished_at, g.seats, g.winner';

/**
 * The archive in PostgreSQL (node-postgres, `pg`): a game is written in one transaction with
 * its players and seat lines, `INSERT … ON CONFLICT DO NOTHING` on its id deciding whether this
 * write is the one (a second writer of the same game waits on the first's row, then finds it).
 */
export class PostgresArchive implements GameArchive {
  readonly kind = 'postgres';
  readonly durable = true;

  private constructor(private readonly pool: pg.Pool) {}

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
    return new PostgresArchive(pool);
  }

  async write(game: ArchivedGame): Promise<Written> {
    const lines = seatLines(game);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const inserted = await client.query(
        `INSERT INTO games (id, table_id, game, rules, preset, players, started_at, finished_at, seats, winner, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id`,
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
          `INSERT INTO players (id, name, name_at, first_seen, last_seen) VALUES ($1, $2, $3, $4, $3)
           ON CONFLICT (id) DO UPDATE SET
             name = CASE WHEN EXCLUDED.name_at >= players.name_at THEN EXCLUDED.name ELSE players.name END,
             name_at = GREATEST(players.name_at, EXCLUDED.name_at),
             first_seen = LEAST(players.first_seen, EXCLUDED.first_seen),
             last_seen = GREATEST(players.last_seen, EXCLUDED.last_seen)`,
          [s.playerId, s.name, game.finishedAt, game.startedAt],
        );
      }
      for (const l of lines) {
        await client.query(
          `INSERT INTO game_players (game_id, seat, player_id, finished_at, preset, players, won, hands, points, counts_scored, muggins_made, muggins_missed, best_hand)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [l.gameId, l.seat, l.playerId, l.finishedAt, l.preset, l.players, l.won, l.hands, l.points, l.countsScored, l.mugginsMade, l.mugginsMissed, l.bestHand],
        );
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
    };
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

  async forget(id: PlayerId): Promise<void> {
    await this.pool.query(`UPDATE players SET name = '', deleted_at = COALESCE(deleted_at, now()) WHERE id = $1`, [id]);
  }

  /** The accounts, in the same database, on the same pool. */
  accountStore(): PostgresAccounts {
    return new PostgresAccounts(this.pool);
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
  };
}
