import type { RecordHand } from '@fives/engine';
import type { OpenTable, TableCode, TableId } from '@fives/protocol';
import type { JobQueue } from '../jobs/job.ts';
import type { Matchmaking } from '../lobby/matchmaking.ts';
import type { RecordAppend, TableDoc } from '../tables/doc.ts';

/** What a create did: made the table, or found its id or its code already in use. */
export type Created = 'created' | 'idTaken' | 'codeTaken';

/**
 * Where tables live. Two implementations — Redis (durable, shared by every server process) and
 * memory (one process, lost at exit) — pass the same contract suite (`test/store.contract.ts`).
 * Beside the tables, each keeps the jobs and the queues (`jobs`, `matchmaking`) in the same
 * place, so that a change and what it calls for are written in one atomic step.
 */
export interface TableStore {
  readonly kind: 'redis' | 'memory';
  readonly durable: boolean;
  readonly jobs: JobQueue;
  readonly matchmaking: Matchmaking;
  /**
   * Stores a new table (version 0) under its id and code, lists it if it is open (see
   * `openEntry`) and sets its first automatic step for `stepAt` (ms; null for none).
   */
  create(doc: TableDoc, stepAt?: number | null): Promise<Created>;
  load(id: TableId): Promise<TableDoc | null>;
  /** The table with this (normalized) code. */
  idForCode(code: TableCode): Promise<TableId | null>;
  /**
   * Writes `next` only if the stored table is still at `next.version - 1`, and in the same atomic
   * step appends `append` to that game's record, updates the open-tables list and sets the
   * table's next automatic step for `stepAt` (null: none). False when someone else changed the
   * table first.
   */
  commit(next: TableDoc, append?: RecordAppend, stepAt?: number | null): Promise<boolean>;
  /** The hands recorded for a game so far, in order. */
  recordHands(id: TableId, game: number): Promise<RecordHand[]>;
  /** Tables with a game under way: a (re)started server checks each has its next step set. */
  activeTables(): Promise<TableId[]>;
  /** The open-tables list, newest first. */
  openTables(limit: number): Promise<OpenTable[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
