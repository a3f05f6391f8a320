import type { RecordHand, RulesInput } from '@fives/engine';
import type { PlayerId, TableCode, TableId } from '@fives/protocol';
import { type TableDoc, fromStored, toStored } from '@fives/table';

/** A correspondence table as kept between moves: the stored document and its game's hands so far. */
export interface KeptTable {
  readonly doc: TableDoc;
  readonly hands: readonly RecordHand[];
  /** Out of Redis: brought back when someone opens it or its turn clock runs out. */
  readonly asleep: boolean;
}

/** A correspondence game waiting for a person's move (their "your turn" list). */
export interface TurnWaiting {
  readonly tableId: TableId;
  readonly code: TableCode;
  readonly rulesInput: RulesInput;
  /** When the turn clock runs out, ms; null: no clock (every person away). */
  readonly dueAt: number | null;
  /** The other people's and computer players' names, in seat order. */
  readonly others: readonly string[];
}

/** What `save` found kept before it wrote: the person whose turn it was (a note goes out when the turn passes to another). */
export interface Saved {
  readonly written: boolean;
  readonly turnBefore: PlayerId | null;
}

/**
 * Where correspondence tables live between moves (issue 27): PostgreSQL beside the archive, or
 * memory for a node without one. Every write is by version, so two nodes saving the same table
 * keep the newer.
 */
export interface CorrespondenceStore {
  readonly kind: 'memory' | 'postgres';
  /** Keeps the table as committed (awake, until `awakeUntil`), unless a newer version is kept. */
  save(doc: TableDoc, hands: readonly RecordHand[], awakeUntil: number): Promise<Saved>;
  get(id: TableId): Promise<KeptTable | null>;
  idForCode(code: TableCode): Promise<TableId | null>;
  /** Games under way awake past their time (`save`'s `awakeUntil`), to be put to sleep. */
  drowsy(now: number, limit: number): Promise<{ id: TableId; version: number }[]>;
  /** Marks the table asleep if it is still at `version`; whether it did. */
  sleep(id: TableId, version: number): Promise<boolean>;
  /**
   * Takes one sleeping game whose turn clock ran out by `now`, marking it awake until `until`:
   * of two nodes asking at once, one gets it. Null: none due.
   */
  claimDue(now: number, until: number): Promise<TableId | null>;
  /** The table is in Redis again, until `until` at least. */
  woke(id: TableId, until: number): Promise<void>;
  /** The games under way where it is this person's move, the soonest due first. */
  turnsOf(player: PlayerId): Promise<TurnWaiting[]>;
  /** The table is gone for good (closed by an operator): it is not brought back. */
  forget(id: TableId): Promise<void>;
}

/** The fields a row keeps beside the document, worked out from it. */
export interface RowFacts {
  readonly playing: boolean;
  readonly turnPlayer: PlayerId | null;
  readonly dueAt: number | null;
}

/** What a kept table says of itself: whether a game is under way, whose move it is and when its clock runs out. */
export function rowFacts(doc: TableDoc): RowFacts {
  const hand = doc.phase === 'playing' && doc.state?.status === 'playing' ? doc.state.hand : null;
  const mover = hand === null || hand.end !== null ? undefined : doc.seats[hand.turn];
  return {
    playing: doc.phase === 'playing',
    turnPlayer: mover?.kind === 'human' && mover.away !== true ? mover.playerId : null,
    dueAt: doc.clock.turn?.at ?? null,
  };
}

/** The names a person's list shows for a table: everyone seated but them. */
export function othersOf(doc: TableDoc, player: PlayerId): string[] {
  return doc.seats.flatMap((s) => (s.kind === 'open' || (s.kind === 'human' && s.playerId === player) ? [] : [s.name]));
}

/** A kept document read back: migrated and checked by the table machine, as Redis's are. */
export function readKept(id: string, stored: unknown): TableDoc {
  const read = fromStored(stored);
  if (!read.ok) throw new Error(`correspondence table ${id} cannot be read: ${read.error.message}`);
  return read.value;
}

interface Row {
  stored: string;
  hands: string;
  version: number;
  facts: RowFacts;
  asleep: boolean;
  awakeUntil: number;
  code: TableCode;
}

/** Correspondence tables in this process's memory: lost at exit, as its tables are. */
export class MemoryCorrespondence implements CorrespondenceStore {
  readonly kind = 'memory';
  readonly #rows = new Map<TableId, Row>();

  async save(doc: TableDoc, hands: readonly RecordHand[], awakeUntil: number): Promise<Saved> {
    const before = this.#rows.get(doc.id);
    if (before !== undefined && before.version >= doc.version) return { written: false, turnBefore: before.facts.turnPlayer };
    this.#rows.set(doc.id, {
      stored: JSON.stringify(toStored(doc)),
      hands: JSON.stringify(hands),
      version: doc.version,
      facts: rowFacts(doc),
      asleep: false,
      awakeUntil,
      code: doc.code,
    });
    return { written: true, turnBefore: before?.facts.turnPlayer ?? null };
  }

  async get(id: TableId): Promise<KeptTable | null> {
    const row = this.#rows.get(id);
    if (row === undefined) return null;
    return { doc: readKept(id, JSON.parse(row.stored)), hands: JSON.parse(row.hands) as RecordHand[], asleep: row.asleep };
  }

  async idForCode(code: TableCode): Promise<TableId | null> {
    for (const [id, row] of this.#rows) if (row.code === code) return id;
    return null;
  }

  async drowsy(now: number, limit: number): Promise<{ id: TableId; version: number }[]> {
    return [...this.#rows]
      .filter(([, r]) => r.facts.playing && !r.asleep && r.awakeUntil <= now)
      .slice(0, limit)
      .map(([id, r]) => ({ id, version: r.version }));
  }

  async sleep(id: TableId, version: number): Promise<boolean> {
    const row = this.#rows.get(id);
    if (row === undefined || row.version !== version) return false;
    row.asleep = true;
    return true;
  }

  async claimDue(now: number, until: number): Promise<TableId | null> {
    for (const [id, row] of this.#rows) {
      if (row.asleep && row.facts.playing && row.facts.dueAt !== null && row.facts.dueAt <= now) {
        row.asleep = false;
        row.awakeUntil = until;
        return id;
      }
    }
    return null;
  }

  async woke(id: TableId, until: number): Promise<void> {
    const row = this.#rows.get(id);
    if (row === undefined) return;
    row.asleep = false;
    row.awakeUntil = Math.max(row.awakeUntil, until);
  }

  async turnsOf(player: PlayerId): Promise<TurnWaiting[]> {
    const out: TurnWaiting[] = [];
    for (const [id, row] of this.#rows) {
      if (!row.facts.playing || row.facts.turnPlayer !== player) continue;
      const doc = readKept(id, JSON.parse(row.stored));
      out.push({ tableId: id, code: doc.code, rulesInput: doc.rulesInput, dueAt: row.facts.dueAt, others: othersOf(doc, player) });
    }
    return out.sort((a, b) => (a.dueAt ?? Infinity) - (b.dueAt ?? Infinity));
  }

  async forget(id: TableId): Promise<void> {
    this.#rows.delete(id);
  }
}
