import type { PlayerId, PushKind } from '@fives/protocol';
import type pg from 'pg';
import type { PushStore, PushSubscriber, VapidKeys } from './store.ts';

interface SubscriberRow {
  player_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: string[];
  lang: string;
  since: Date;
}

function subscriberOf(r: SubscriberRow): PushSubscriber {
  return {
    player: r.player_id as PlayerId,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    kinds: r.kinds as PushKind[],
    lang: r.lang,
    since: r.since.toISOString(),
  };
}

const COLUMNS = 'player_id, endpoint, p256dh, auth, kinds, lang, since';

/** Subscriptions and the VAPID keys in the archive's PostgreSQL (migrations/1765500000000_push.sql), on its pool. */
export class PostgresPush implements PushStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async subscribe(s: PushSubscriber, max: number): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // One person's subscribing is one at a time: two devices at once cannot both keep the max'th place.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`push:${s.player}`]);
      await client.query(
        `INSERT INTO push_subscriptions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (endpoint) DO UPDATE SET player_id = $1, p256dh = $3, auth = $4, kinds = $5, lang = $6, since = $7`,
        [s.player, s.endpoint, s.p256dh, s.auth, s.kinds, s.lang, s.since],
      );
      await client.query(
        `DELETE FROM push_subscriptions WHERE endpoint IN (
           SELECT endpoint FROM push_subscriptions WHERE player_id = $1 ORDER BY since DESC, endpoint OFFSET $2)`,
        [s.player, max],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async unsubscribe(player: PlayerId, endpoint: string): Promise<boolean> {
    const r = await this.pool.query('DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint = $2', [player, endpoint]);
    return (r.rowCount ?? 0) > 0;
  }

  async drop(endpoint: string): Promise<void> {
    await this.pool.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
  }

  async subscribers(player: PlayerId, kind: PushKind): Promise<PushSubscriber[]> {
    const r = await this.pool.query<SubscriberRow>(`SELECT ${COLUMNS} FROM push_subscriptions WHERE player_id = $1 AND $2 = ANY(kinds)`, [player, kind]);
    return r.rows.map(subscriberOf);
  }

  async subscriptionsOf(player: PlayerId): Promise<PushSubscriber[]> {
    const r = await this.pool.query<SubscriberRow>(`SELECT ${COLUMNS} FROM push_subscriptions WHERE player_id = $1 ORDER BY since DESC, endpoint`, [player]);
    return r.rows.map(subscriberOf);
  }

  async vapidKeys(made: VapidKeys): Promise<VapidKeys> {
    // The first node to get here keeps its pair; every other node (and every later start) reads it.
    await this.pool.query('INSERT INTO push_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [made.publicKey, made.privateKey]);
    const r = await this.pool.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_keys WHERE id = 1');
    const row = r.rows[0];
    if (row === undefined) throw new Error('push_keys has no row after it was written');
    return { publicKey: row.public_key, privateKey: row.private_key };
  }

  async forget(player: PlayerId): Promise<void> {
    await this.pool.query('DELETE FROM push_subscriptions WHERE player_id = $1', [player]);
  }
}
