import type { RecordHand } from '@fives/engine';
import type { TableId } from '@fives/protocol';
import type { RecordAppend, TableDoc } from '../tables/doc.ts';
import type { TableStore } from './store.ts';

/**
 * One process's tables, gone when it exits. Tables are kept as JSON text, as Redis keeps them, so
 * nothing can hold on to a stored object and change it behind the store's back.
 */
export class MemoryTableStore implements TableStore {
  readonly kind = 'memory';
  readonly durable = false;
  private readonly tables = new Map<string, string>();
  private readonly versions = new Map<string, number>();
  private readonly records = new Map<string, string[]>();

  async create(doc: TableDoc): Promise<boolean> {
    if (this.tables.has(doc.id)) return false;
    this.put(doc);
    return true;
  }

  async load(id: TableId): Promise<TableDoc | null> {
    const text = this.tables.get(id);
    return text === undefined ? null : (JSON.parse(text) as TableDoc);
  }

  async commit(next: TableDoc, append?: RecordAppend): Promise<boolean> {
    if (this.versions.get(next.id) !== next.version - 1) return false;
    this.put(next);
    if (append !== undefined) {
      const key = `${next.id}:${append.game}`;
      const list = this.records.get(key) ?? [];
      list.push(JSON.stringify(append.hand));
      this.records.set(key, list);
    }
    return true;
  }

  async recordHands(id: TableId, game: number): Promise<RecordHand[]> {
    return (this.records.get(`${id}:${game}`) ?? []).map((text) => JSON.parse(text) as RecordHand);
  }

  async activeTables(): Promise<TableId[]> {
    const out: TableId[] = [];
    for (const text of this.tables.values()) {
      const doc = JSON.parse(text) as TableDoc;
      if (doc.phase === 'playing') out.push(doc.id);
    }
    return out;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}

  private put(doc: TableDoc): void {
    this.tables.set(doc.id, JSON.stringify(doc));
    this.versions.set(doc.id, doc.version);
  }
}
