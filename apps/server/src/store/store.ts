import type { RecordHand } from '@fives/engine';
import type { TableId } from '@fives/protocol';
import type { RecordAppend, TableDoc } from '../tables/doc.ts';

/**
 * Where tables live. Two implementations — Redis (durable, shared by every server process) and
 * memory (one process, lost at exit) — pass the same contract suite (`test/store.contract.ts`).
 */
export interface TableStore {
  readonly kind: 'redis' | 'memory';
  readonly durable: boolean;
  /** Stores a new table (version 0); false when the id is taken. */
  create(doc: TableDoc): Promise<boolean>;
  load(id: TableId): Promise<TableDoc | null>;
  /**
   * Writes `next` only if the stored table is still at `next.version - 1`, and in the same atomic
   * step appends `append` to that game's record. False when someone else changed the table first.
   */
  commit(next: TableDoc, append?: RecordAppend): Promise<boolean>;
  /** The hands recorded for a game so far, in order. */
  recordHands(id: TableId, game: number): Promise<RecordHand[]>;
  /** Tables with a game under way: a (re)started server resumes their bots and deals. */
  activeTables(): Promise<TableId[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
