import type { AdminAction, PlayerId } from '@fives/protocol';
import type pg from 'pg';
import type { Ban, LoggedAction, ModerationStore, SiteNotice, Standing } from './moderation.ts';

interface BanRow {
  player_id: string;
  reason: string;
  by_operator: string;
  at: Date;
  until: Date | null;
}

const banOf = (r: BanRow): Ban => ({ player: r.player_id as PlayerId, reason: r.reason, by: r.by_operator, at: r.at, until: r.until });

/** Bans, the notice and the operators' log in the archive's PostgreSQL (migrations/1765300000000_moderation.sql), on its pool. */
export class PostgresModeration implements ModerationStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async ban(b: Ban): Promise<void> {
    await this.pool.query(
      `INSERT INTO bans (player_id, reason, by_operator, at, until) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (player_id) DO UPDATE SET reason = $2, by_operator = $3, at = $4, until = $5`,
      [b.player, b.reason, b.by, b.at, b.until],
    );
  }

  async unban(player: PlayerId): Promise<boolean> {
    return ((await this.pool.query('DELETE FROM bans WHERE player_id = $1', [player])).rowCount ?? 0) > 0;
  }

  async standing(player: PlayerId, now: Date): Promise<Standing> {
    const { rows } = await this.pool.query<{ ban: (Omit<BanRow, 'at' | 'until'> & { at: string; until: string | null }) | null; name: string | null }>(
      `SELECT (SELECT row_to_json(b) FROM bans b WHERE b.player_id = $1 AND (b.until IS NULL OR b.until > $2)) AS ban,
              (SELECT name FROM player_names WHERE player_id = $1) AS name`,
      [player, now],
    );
    const row = rows[0];
    const ban = row?.ban ?? null;
    return { ban: ban === null ? null : banOf({ ...ban, at: new Date(ban.at), until: ban.until === null ? null : new Date(ban.until) }), name: row?.name ?? null };
  }

  async rename(player: PlayerId, name: string): Promise<void> {
    await this.pool.query('INSERT INTO player_names (player_id, name) VALUES ($1, $2) ON CONFLICT (player_id) DO UPDATE SET name = $2', [player, name]);
  }

  async bans(now: Date): Promise<Ban[]> {
    const { rows } = await this.pool.query<BanRow>('SELECT * FROM bans WHERE until IS NULL OR until > $1 ORDER BY at DESC', [now]);
    return rows.map(banOf);
  }

  async setNotice(notice: SiteNotice | null): Promise<void> {
    if (notice === null) await this.pool.query('DELETE FROM site_notice');
    else
      await this.pool.query(
        `INSERT INTO site_notice (text, by_operator, at) VALUES ($1, $2, $3)
         ON CONFLICT (only_one) DO UPDATE SET text = $1, by_operator = $2, at = $3`,
        [notice.text, notice.by, notice.at],
      );
  }

  async notice(): Promise<SiteNotice | null> {
    const { rows } = await this.pool.query<{ text: string; by_operator: string; at: Date }>('SELECT text, by_operator, at FROM site_notice');
    const row = rows[0];
    return row === undefined ? null : { text: row.text, by: row.by_operator, at: row.at };
  }

  async log(a: LoggedAction): Promise<void> {
    await this.pool.query('INSERT INTO admin_actions (at, operator, action, target, detail) VALUES ($1, $2, $3, $4, $5)', [
      a.at,
      a.operator,
      a.action,
      a.target,
      JSON.stringify(a.detail),
    ]);
  }

  async recent(limit: number): Promise<LoggedAction[]> {
    const { rows } = await this.pool.query<{ at: Date; operator: string; action: string; target: string; detail: Record<string, string | null> }>(
      'SELECT at, operator, action, target, detail FROM admin_actions ORDER BY id DESC LIMIT $1',
      [limit],
    );
    return rows.map((r) => ({ at: r.at, operator: r.operator, action: r.action as AdminAction, target: r.target, detail: r.detail }));
  }
}
