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

  /** Compares `s` with the applied version, and records it when newer. */
  observe(s: TableState): Freshness {
    const applied = this.#applied.get(s.tableId) ?? -1;
    if (s.version < applied) return 'older';
    if (s.version === applied) return 'same';
    this.#applied.set(s.tableId, s.version);
    return 'newer';
  }

  /** The version applied last, -1 before any. */
  applied(tableId: string): number {
    return this.#applied.get(tableId) ?? -1;
  }

  /** Forgets a table (left, or followed afresh): its next state is newer whatever its version. */
  forget(tableId?: string): void {
    if (tableId === undefined) this.#applied.clear();
    else this.#applied.delete(tableId);
  }
}
