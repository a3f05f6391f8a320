import type { TableId } from '@fives/protocol';
import type { TableDoc } from '@fives/table';

/**
 * The last version of each table this node committed, kept to decide the next change on it
 * without reading and parsing the table again (under load, most changes follow one made on the
 * same node). Only a guess: the commit checks the version in Redis, and a change decided on a
 * doc from here that fails, is refused or does nothing is decided again on a fresh read.
 * Bounded: the oldest entry goes first.
 */
export class RecentTables {
  private readonly docs = new Map<TableId, TableDoc>();

  constructor(private readonly max = 20_000) {}

  get(id: TableId): TableDoc | undefined {
    return this.docs.get(id);
  }

  set(doc: TableDoc): void {
    this.docs.delete(doc.id);
    this.docs.set(doc.id, doc);
    if (this.docs.size > this.max) this.docs.delete(this.docs.keys().next().value as TableId);
  }

  forget(id: TableId): void {
    this.docs.delete(id);
  }
}
