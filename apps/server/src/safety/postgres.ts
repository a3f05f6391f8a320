import type { Block, GameId, PlayerId, Report, ReportId, ReportReason } from '@fives/protocol';
import type pg from 'pg';
import { type Blocked, type NewReport, type SafetyStore, newReportId } from './store.ts';

interface ReportRow {
  id: string;
  reporter_id: string;
  reported_id: string;
  reason: string;
  note: string;
  game_id: string | null;
  created_at: Date;
  status: 'open' | 'closed';
}

function reportOf(r: ReportRow): Report {
  return {
    id: r.id as ReportId,
    reporter: r.reporter_id as PlayerId,
    reported: r.reported_id as PlayerId,
    reason: r.reason as ReportReason,
    note: r.note,
    gameId: r.game_id as GameId | null,
    createdAt: r.created_at.toISOString(),
    status: r.status,
  };
}

const REPORT_COLUMNS = 'id, reporter_id, reported_id, reason, note, game_id, created_at, status';

/** Reports and blocks in the archive's PostgreSQL (migrations/1765200000001_reports_blocks.sql), on the archive's pool. */
export class PostgresSafety implements SafetyStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async block(blocker: PlayerId, blocked: PlayerId, name: string, at: string, max: number): Promise<Blocked> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // The blocker's own lock: two blocks at once both count the other before the limit.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`blocks:${blocker}`]);
      const exists = await client.query('SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [blocker, blocked]);
      if ((exists.rowCount ?? 0) > 0) {
        await client.query('ROLLBACK');
        return 'exists';
      }
      const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM blocks WHERE blocker_id = $1', [blocker]);
      if (Number(rows[0]?.n) >= max) {
        await client.query('ROLLBACK');
        return 'too_many';
      }
      await client.query('INSERT INTO blocks (blocker_id, blocked_id, name, created_at) VALUES ($1, $2, $3, $4)', [blocker, blocked, name, at]);
      await client.query('COMMIT');
      return 'blocked';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async unblock(blocker: PlayerId, blocked: PlayerId): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [blocker, blocked]);
    return (rowCount ?? 0) > 0;
  }

  async blocks(blocker: PlayerId): Promise<Block[]> {
    const { rows } = await this.pool.query<{ blocked_id: string; name: string; created_at: Date }>(
      'SELECT blocked_id, name, created_at FROM blocks WHERE blocker_id = $1 ORDER BY created_at DESC, blocked_id',
      [blocker],
    );
    return rows.map((r) => ({ playerId: r.blocked_id as PlayerId, name: r.name, since: r.created_at.toISOString() }));
  }

  async avoided(id: PlayerId): Promise<Set<PlayerId>> {
    const { rows } = await this.pool.query<{ id: string }>('SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1 UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1', [
      id,
    ]);
    return new Set(rows.map((r) => r.id as PlayerId));
  }

  async blockersOf(id: PlayerId, among: readonly PlayerId[]): Promise<Set<PlayerId>> {
    if (among.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>('SELECT blocker_id AS id FROM blocks WHERE blocked_id = $1 AND blocker_id = ANY($2)', [id, [...among]]);
    return new Set(rows.map((r) => r.id as PlayerId));
  }

  async file(r: NewReport): Promise<Report> {
    const { rows } = await this.pool.query<ReportRow>(
      `INSERT INTO reports (id, reporter_id, reported_id, reason, note, game_id, created_at, status) VALUES ($1, $2, $3, $4, $5, $6, $7, 'open') RETURNING ${REPORT_COLUMNS}`,
      [newReportId(), r.reporter, r.reported, r.reason, r.note, r.gameId, r.createdAt],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('a report just filed is not there');
    return reportOf(row);
  }

  async openReports(limit: number): Promise<Report[]> {
    const { rows } = await this.pool.query<ReportRow>(`SELECT ${REPORT_COLUMNS} FROM reports WHERE status = 'open' ORDER BY created_at, id LIMIT $1`, [limit]);
    return rows.map(reportOf);
  }

  async closeReport(id: ReportId): Promise<Report | null> {
    const { rows } = await this.pool.query<ReportRow>(`UPDATE reports SET status = 'closed' WHERE id = $1 AND status = 'open' RETURNING ${REPORT_COLUMNS}`, [id]);
    const row = rows[0];
    return row === undefined ? null : reportOf(row);
  }

  async reportsBy(reporter: PlayerId): Promise<Report[]> {
    const { rows } = await this.pool.query<ReportRow>(`SELECT ${REPORT_COLUMNS} FROM reports WHERE reporter_id = $1 ORDER BY created_at DESC, id DESC`, [reporter]);
    return rows.map(reportOf);
  }

  async forget(id: PlayerId): Promise<void> {
    await this.pool.query('DELETE FROM blocks WHERE blocker_id = $1', [id]);
    await this.pool.query(`UPDATE blocks SET name = '' WHERE blocked_id = $1`, [id]);
  }
}
