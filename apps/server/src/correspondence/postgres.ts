import type { RecordHand } from '@fives/engine';
import type { PlayerId, TableCode, TableId } from '@fives/protocol';
import { type TableDoc, toStored } from '@fives/table';
import type pg from 'pg';
import { type CorrespondenceStore, type KeptTable, type Saved, type TurnWaiting, othersOf, readKept, rowFacts } from './store.ts';

/** Correspondence tables in the archive's PostgreSQL (migrations/1765800000000_correspondence.sql), on its pool. */
export class PostgresCorrespondence implements CorrespondenceStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  async save(doc: TableDoc, hands: readonly RecordHand[], awakeUntil: number): Promise<Saved> {
    const facts = rowFacts(doc);
    // The row as it was (for whose turn it was), and the write, in one statement: a newer version kept is never overwritten.
    const { rows } = await this.pool.query<{ written: boolean; turn_before: string | null }>(
      `WITH before AS (SELECT turn_player, version FROM correspondence_tables WHERE id = $1),
            written AS (
              INSERT INTO correspondence_tables (id, code, version, doc, hands, playing, turn_player, due_at, asleep, awake_until, updated_at)
              VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, now())
              ON CONFLICT (id) DO UPDATE SET version = $3, doc = $4, hands = $5, playing = $6, turn_player = $7, due_at = $8, asleep = false,
                awake_until = $9, updated_at = now()
              WHERE correspondence_tables.version < $3
              RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM written) AS written, (SELECT turn_player FROM before) AS turn_before`,
      [doc.id, doc.code, doc.version, JSON.stringify(toStored(doc)), JSON.stringify(hands), facts.playing, facts.turnPlayer, facts.dueAt, awakeUntil],
    );
    const row = rows[0];
    return { written: row?.written === true, turnBefore: (row?.turn_before ?? null) as PlayerId | null };
  }

  async get(id: TableId): Promise<KeptTable | null> {
    const { rows } = await this.pool.query<{ doc: unknown; hands: RecordHand[]; asleep: boolean }>('SELECT doc, hands, asleep FROM correspondence_tables WHERE id = $1', [id]);
    const row = rows[0];
    return row === undefined ? null : { doc: readKept(id, row.doc), hands: row.hands, asleep: row.asleep };
  }

  async idForCode(code: TableCode): Promise<TableId | null> {
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM correspondence_tables WHERE code = $1 LIMIT 1', [code]);
    return (rows[0]?.id ?? null) as TableId | null;
  }

  async drowsy(now: number, limit: number): Promise<{ id: TableId; version: number }[]> {
    const { rows } = await this.pool.query<{ id: string; version: number }>(
      'SELECT id, version FROM correspondence_tables WHERE playing AND NOT asleep AND awake_until <= $1 ORDER BY awake_until LIMIT $2',
      [now, limit],
    );
    return rows.map((r) => ({ id: r.id as TableId, version: r.version }));
  }

  async sleep(id: TableId, version: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('UPDATE correspondence_tables SET asleep = true WHERE id = $1 AND version = $2', [id, version]);
    return rowCount === 1;
  }

  async claimDue(now: number, until: number): Promise<TableId | null> {
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE correspondence_tables SET asleep = false, awake_until = $2
       WHERE id = (SELECT id FROM correspondence_tables WHERE asleep AND playing AND due_at <= $1 ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [now, until],
    );
    return (rows[0]?.id ?? null) as TableId | null;
  }

  async woke(id: TableId, until: number): Promise<void> {
    await this.pool.query('UPDATE correspondence_tables SET asleep = false, awake_until = GREATEST(awake_until, $2) WHERE id = $1', [id, until]);
  }

  async turnsOf(player: PlayerId): Promise<TurnWaiting[]> {
    const { rows } = await this.pool.query<{ id: string; doc: unknown; due_at: string | null }>(
      'SELECT id, doc, due_at FROM correspondence_tables WHERE playing AND turn_player = $1 ORDER BY due_at NULLS LAST LIMIT 100',
      [player],
    );
    return rows.map((r) => {
      const doc = readKept(r.id, r.doc);
      return { tableId: r.id as TableId, code: doc.code, rulesInput: doc.rulesInput, dueAt: r.due_at === null ? null : Number(r.due_at), others: othersOf(doc, player) };
    });
  }

  async forget(id: TableId): Promise<void> {
    await this.pool.query('DELETE FROM correspondence_tables WHERE id = $1', [id]);
  }
}
