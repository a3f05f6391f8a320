import type { Tournament, TournamentGameId, TournamentId } from '@fives/tournament';

/** A tournament game's table, for the result of a game finished there. */
export interface TournamentTable {
  readonly tournament: TournamentId;
  readonly game: TournamentGameId;
}

/**
 * Where tournaments are kept between their changes: PostgreSQL beside the archive (DATABASE_URL),
 * or this process's memory for the embedded default. A tournament lasts hours, so it is not a
 * live table's Redis document; each is one row with its due time, which is the runner's job
 * schedule (docs/architecture.md, "How a job runs"). Both pass `test/contract/tournament-store.test.ts`.
 */
export interface TournamentStore {
  readonly kind: 'postgres' | 'memory';
  /** A new tournament (version 0), due at `dueAt` (its start). */
  create(t: Tournament, dueAt: number | null): Promise<void>;
  get(id: TournamentId): Promise<Tournament | null>;
  /**
   * Writes `t` over the stored version `expected` and sets when it is next due (null: nothing is
   * due until a change asks again); false when another change was written first, and nothing is.
   * `expected` may be `t.version` itself: then only the due time changes.
   */
  commit(t: Tournament, expected: number, dueAt: number | null): Promise<boolean>;
  /**
   * One tournament due at `now` or before, taken for `leaseMs`: its due time moves to the end of
   * the lease, so no other node takes it meanwhile, and one whose node dies is taken again once
   * the lease is over. Null when none is due.
   */
  claimDue(now: number, leaseMs: number): Promise<TournamentId | null>;
  /** The tournaments anyone may see: open ones not finished, soonest first, then the latest finished. */
  listed(limit: number): Promise<Tournament[]>;
  /** Which tournament game a table plays, if any. */
  byTable(tableId: string): Promise<TournamentTable | null>;
}

interface Row {
  readonly t: Tournament;
  readonly dueAt: number | null;
}

export class MemoryTournaments implements TournamentStore {
  readonly kind = 'memory';
  readonly #rows = new Map<TournamentId, Row>();

  async create(t: Tournament, dueAt: number | null): Promise<void> {
    if (this.#rows.has(t.id)) throw new Error(`tournament ${t.id} exists already`);
    this.#rows.set(t.id, { t: structuredClone(t), dueAt });
  }

  async get(id: TournamentId): Promise<Tournament | null> {
    const row = this.#rows.get(id);
    return row === undefined ? null : structuredClone(row.t);
  }

  async commit(t: Tournament, expected: number, dueAt: number | null): Promise<boolean> {
    const row = this.#rows.get(t.id);
    if (row === undefined || row.t.version !== expected) return false;
    this.#rows.set(t.id, { t: structuredClone(t), dueAt });
    return true;
  }

  async claimDue(now: number, leaseMs: number): Promise<TournamentId | null> {
    let found: [TournamentId, Row] | null = null;
    for (const entry of this.#rows) {
      const due = entry[1].dueAt;
      if (due !== null && due <= now && (found === null || due < (found[1].dueAt as number))) found = entry;
    }
    if (found === null) return null;
    this.#rows.set(found[0], { ...found[1], dueAt: now + leaseMs });
    return found[0];
  }

  async listed(limit: number): Promise<Tournament[]> {
    return listedOrder([...this.#rows.values()].map((r) => r.t))
      .slice(0, limit)
      .map((t) => structuredClone(t));
  }

  async byTable(tableId: string): Promise<TournamentTable | null> {
    for (const { t } of this.#rows.values()) {
      const game = t.games.find((g) => g.table === tableId);
      if (game !== undefined) return { tournament: t.id, game: game.id };
    }
    return null;
  }
}

/** The order `listed` gives: open and not finished by start time (then id), then the finished by end time, latest first. */
export function listedOrder(all: readonly Tournament[]): Tournament[] {
  const open = all.filter((t) => t.settings.access === 'open');
  const live = open.filter((t) => t.status !== 'finished').toSorted((a, b) => a.settings.startsAt - b.settings.startsAt || (a.id < b.id ? -1 : 1));
  const done = open.filter((t) => t.status === 'finished').toSorted((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0) || (a.id < b.id ? -1 : 1));
  return [...live, ...done];
}
