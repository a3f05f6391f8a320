import type { Tournament, TournamentGameId, TournamentId } from '@fives/tournament';
import type pg from 'pg';
import type { TournamentStore, TournamentTable } from './store.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Tournaments in the archive's PostgreSQL (migrations/1765700000000_tournaments.sql), on the archive's pool. */
export class PostgresTournaments implements TournamentStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async create(t: Tournament, dueAt: number | null): Promise<void> {
    await this.pool.query('INSERT INTO tournaments (id, version, doc, listed, finished, starts_at, finished_at, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      t.id,
      t.version,
      JSON.stringify(t),
      t.settings.access === 'open',
      t.status === 'finished',
      iso(t.settings.startsAt),
      iso(t.finishedAt),
      iso(dueAt),
    ]);
  }

  async get(id: TournamentId): Promise<Tournament | null> {
    const { rows } = await this.pool.query<{ doc: Tournament }>('SELECT doc FROM tournaments WHERE id = $1', [id]);
    return rows[0]?.doc ?? null;
  }

  async commit(t: Tournament, expected: number, dueAt: number | null): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rowCount } = await client.query('UPDATE tournaments SET version = $2, doc = $3, finished = $4, finished_at = $5, due_at = $6 WHERE id = $1 AND version = $7', [
        t.id,
        t.version,
        JSON.stringify(t),
        t.status === 'finished',
        iso(t.finishedAt),
        iso(dueAt),
        expected,
      ]);
      if (rowCount !== 1) {
        await client.query('ROLLBACK');
        return false;
      }
      const tables = t.games.filter((g) => g.table !== null);
      if (tables.length > 0) {
        await client.query('INSERT INTO tournament_tables (table_id, tournament_id, game_id) SELECT unnest($1::text[]), $2, unnest($3::text[]) ON CONFLICT (table_id) DO NOTHING', [
          tables.map((g) => g.table),
          t.id,
          tables.map((g) => g.id),
        ]);
      }
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async claimDue(now: number, leaseMs: number): Promise<TournamentId | null> {
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE tournaments SET due_at = $2 WHERE id = (
         SELECT id FROM tournaments WHERE due_at <= $1 ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       ) RETURNING id`,
      [iso(now), iso(now + leaseMs)],
    );
    return (rows[0]?.id as TournamentId | undefined) ?? null;
  }

  async listed(limit: number): Promise<Tournament[]> {
    const live = await this.pool.query<{ doc: Tournament }>('SELECT doc FROM tournaments WHERE listed AND NOT finished ORDER BY starts_at, id LIMIT $1', [limit]);
    const left = limit - live.rows.length;
    if (left <= 0) return live.rows.map((r) => r.doc);
    const done = await this.pool.query<{ doc: Tournament }>('SELECT doc FROM tournaments WHERE listed AND finished ORDER BY finished_at DESC, id LIMIT $1', [left]);
    return [...live.rows, ...done.rows].map((r) => r.doc);
  }

  async byTable(tableId: string): Promise<TournamentTable | null> {
    const { rows } = await this.pool.query<{ tournament_id: string; game_id: string }>('SELECT tournament_id, game_id FROM tournament_tables WHERE table_id = $1', [tableId]);
    const row = rows[0];
    return row === undefined ? null : { tournament: row.tournament_id as TournamentId, game: row.game_id as TournamentGameId };
  }
}
