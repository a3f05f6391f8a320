import type { PlayerId } from '@fives/protocol';
import type pg from 'pg';
import type { Follow, FollowStore, Followed } from './follows.ts';

/** Follows in the archive's PostgreSQL (migrations/1765600000000_follows.sql), on the archive's pool. */
export class PostgresFollows implements FollowStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async follow(follower: PlayerId, followed: PlayerId, name: string, at: string, max: number): Promise<Followed> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // The follower's own lock: two follows at once both count the other before the limit.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`follows:${follower}`]);
      const exists = await client.query('SELECT 1 FROM follows WHERE follower_id = $1 AND followed_id = $2', [follower, followed]);
      if ((exists.rowCount ?? 0) > 0) {
        await client.query('ROLLBACK');
        return 'exists';
      }
      const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM follows WHERE follower_id = $1', [follower]);
      if (Number(rows[0]?.n) >= max) {
        await client.query('ROLLBACK');
        return 'too_many';
      }
      await client.query('INSERT INTO follows (follower_id, followed_id, name, created_at) VALUES ($1, $2, $3, $4)', [follower, followed, name, at]);
      await client.query('COMMIT');
      return 'followed';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async unfollow(follower: PlayerId, followed: PlayerId): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM follows WHERE follower_id = $1 AND followed_id = $2', [follower, followed]);
    return (rowCount ?? 0) > 0;
  }

  async follows(follower: PlayerId): Promise<Follow[]> {
    const { rows } = await this.pool.query<{ followed_id: string; name: string; created_at: Date }>(
      'SELECT followed_id, name, created_at FROM follows WHERE follower_id = $1 ORDER BY created_at DESC, followed_id',
      [follower],
    );
    return rows.map((r) => ({ playerId: r.followed_id as PlayerId, name: r.name, since: r.created_at.toISOString() }));
  }

  async forget(id: PlayerId): Promise<void> {
    await this.pool.query('DELETE FROM follows WHERE follower_id = $1', [id]);
    await this.pool.query(`UPDATE follows SET name = '' WHERE followed_id = $1`, [id]);
  }
}
