import type { TableState } from '../messages.ts';

/** How a table state compares with the one applied last. */
export type Freshness = 'newer' | 'same' | 'older';

/**
 * The newest version applied of each table followed. States may come twice (a join answers with
 * the current state; a node that lost Redis for a moment sends it again once back) or late (a
 * state overtaken by the next one on another node): only a newer one changes the table.
 */
export class TableVersions {
  readonly #applied = new Map<string, number>();
  /** Tables asked for afresh (`resync`), until their next state is applied. */
  readonly #resyncing = new Set<string>();

  /** Compares `s` with the applied version, and records it when newer. */
  observe(s: TableState): Freshness {
    const applied = this.#applied.get(s.tableId) ?? -1;
    if (s.version < applied) return 'older';
    if (s.version === applied) return 'same';
    this.#applied.set(s.tableId, s.version);
    this.#resyncing.delete(s.tableId);
    return 'newer';
  }

  /**
   * An older state came (`observe` said so): a late one, overtaken on another node — or the
   * store lost the last versions in a failover (asynchronous replication) and the table goes on
   * from an earlier one, which this client would otherwise ignore until the server numbers past
   * what it saw. Either way the client asks for the table afresh (a join answers with its
   * current state): the version is forgotten, so that answer is applied whatever its number.
   * True when the client is to ask; false while it already has (one resync at a time).
   */
  resync(tableId: string): boolean {
    if (this.#resyncing.has(tableId)) return false;
    this.#resyncing.add(tableId);
    this.#applied.delete(tableId);
    return true;
  }

  /** The version applied last, -1 before any. */
  applied(tableId: string): number {
    return this.#applied.get(tableId) ?? -1;
  }

  /** Forgets a table (left, or followed afresh): its next state is newer whatever its version. */
  forget(tableId?: string): void {
    if (tableId === undefined) {
      this.#applied.clear();
      this.#resyncing.clear();
    } else {
      this.#applied.delete(tableId);
      this.#resyncing.delete(tableId);
    }
  }
}
