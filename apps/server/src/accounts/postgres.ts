import type { PlayerId } from '@fives/protocol';
import type pg from 'pg';
import type { Account, AccountStore, Created, Passkey, Removed, Renamed } from './store.ts';

interface AccountRow {
  id: string;
  name: string;
  skeleton: string;
  created_at: Date;
}

interface PasskeyRow {
  id: string;
  account_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

/** PostgreSQL's SQLSTATE for a unique constraint refused. */
const UNIQUE_VIOLATION = '23505';

/** Accounts in the archive's PostgreSQL (migrations/1764600000000_accounts.sql), on the archive's pool. */
export class PostgresAccounts implements AccountStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async create(a: { id: PlayerId; name: string; skeleton: string; passkey: Passkey }): Promise<Created> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // The unique skeleton decides between two players keeping look-alike names at once.
      const inserted = await client.query<{ id: string }>(`INSERT INTO accounts (id, name, skeleton, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`, [
        a.id,
        a.name,
        a.skeleton,
        a.passkey.createdAt,
      ]);
      if (inserted.rowCount === 0) {
        await client.query('ROLLBACK');
        const exists = await this.pool.query('SELECT 1 FROM accounts WHERE id = $1', [a.id]);
        return exists.rowCount === 0 ? 'name_taken' : 'exists';
      }
      await insertPasskey(client, a.id, a.passkey);
      await client.query('COMMIT');
      return 'created';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async account(id: PlayerId): Promise<Account | null> {
    const { rows } = await this.pool.query<AccountRow>('SELECT id, name, skeleton, created_at FROM accounts WHERE id = $1', [id]);
    const row = rows[0];
    return row === undefined ? null : this.withPasskeys(row);
  }

  async holder(skeleton: string): Promise<PlayerId | null> {
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM accounts WHERE skeleton = $1', [skeleton]);
    return (rows[0]?.id as PlayerId | undefined) ?? null;
  }

  async rename(id: PlayerId, name: string, skeleton: string): Promise<Renamed> {
    try {
      const { rowCount } = await this.pool.query('UPDATE accounts SET name = $2, skeleton = $3 WHERE id = $1', [id, name, skeleton]);
      return rowCount === 0 ? 'not_found' : 'renamed';
    } catch (error) {
      // The unique skeleton decides between two accounts taking look-alike names at once.
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return 'name_taken';
      throw error;
    }
  }

  async addPasskey(id: PlayerId, passkey: Passkey): Promise<boolean> {
    const known = await this.pool.query('SELECT 1 FROM accounts WHERE id = $1', [id]);
    if (known.rowCount === 0) return false;
    await insertPasskey(this.pool, id, passkey);
    return true;
  }

  async byPasskey(credentialId: string): Promise<Account | null> {
    const { rows } = await this.pool.query<AccountRow>('SELECT a.id, a.name, a.skeleton, a.created_at FROM accounts a JOIN passkeys p ON p.account_id = a.id WHERE p.id = $1', [
      credentialId,
    ]);
    const row = rows[0];
    return row === undefined ? null : this.withPasskeys(row);
  }

  async used(credentialId: string, counter: number, at: string): Promise<void> {
    await this.pool.query('UPDATE passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [credentialId, counter, at]);
  }

  async removePasskey(id: PlayerId, credentialId: string): Promise<Removed> {
    // One statement: of two removals at once, the last passkey is never both's to remove.
    const { rows } = await this.pool.query<{ outcome: Removed }>(
      `WITH mine AS (SELECT id FROM passkeys WHERE account_id = $1 FOR UPDATE),
            gone AS (DELETE FROM passkeys WHERE id = $2 AND account_id = $1 AND (SELECT count(*) FROM mine) > 1 RETURNING id)
       SELECT CASE WHEN EXISTS (SELECT 1 FROM gone) THEN 'removed'
                   WHEN EXISTS (SELECT 1 FROM mine WHERE id = $2) THEN 'last'
                   ELSE 'not_found' END AS outcome`,
      [id, credentialId],
    );
    return rows[0]?.outcome ?? 'not_found';
  }

  async delete(id: PlayerId): Promise<boolean> {
    // One statement: the account goes and its id is remembered as deleted together, or neither.
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH gone AS (DELETE FROM accounts WHERE id = $1 RETURNING id)
       INSERT INTO deleted_accounts (id, deleted_at) SELECT id, now() FROM gone ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  async deleted(id: PlayerId): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM deleted_accounts WHERE id = $1', [id]);
    return (rowCount ?? 0) > 0;
  }

  private async withPasskeys(row: AccountRow): Promise<Account> {
    const { rows } = await this.pool.query<PasskeyRow>('SELECT * FROM passkeys WHERE account_id = $1 ORDER BY created_at, id', [row.id]);
    return {
      id: row.id as PlayerId,
      name: row.name,
      skeleton: row.skeleton,
      createdAt: row.created_at.toISOString(),
      passkeys: rows.map((p) => ({
        id: p.id,
        publicKey: new Uint8Array(p.public_key),
        counter: Number(p.counter),
        transports: p.transports,
        createdAt: p.created_at.toISOString(),
        lastUsedAt: p.last_used_at?.toISOString() ?? null,
      })),
    };
  }
}

async function insertPasskey(client: pg.ClientBase | pg.Pool, id: PlayerId, p: Passkey): Promise<void> {
  await client.query(`INSERT INTO passkeys (id, account_id, public_key, counter, transports, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    p.id,
    id,
    Buffer.from(p.publicKey),
    p.counter,
    [...p.transports],
    p.createdAt,
    p.lastUsedAt,
  ]);
}
