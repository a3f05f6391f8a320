import type { PlayerId, PushNote, TableCode, TableId } from '@fives/protocol';
import { invitePath, isCorrespondence } from '@fives/protocol';
import { type StepTiming, type TableDoc, nextStepAt } from '@fives/table';
import { SerialPoll } from '../jobs/serial-poll.ts';
import type { TableStore } from '../store/store.ts';
import { type CorrespondenceStore, othersOf, rowFacts } from './store.ts';

export interface CorrespondenceKeeperOptions {
  /** The tables store (Redis, or memory): where a correspondence table is while people play it. */
  readonly tables: TableStore;
  /** Where it is kept between moves (PostgreSQL, or memory). */
  readonly kept: CorrespondenceStore;
  /** The table machine's timing, for the step a table brought back has due. */
  readonly timing: StepTiming;
  /** A note to a person's browsers, when they asked for this kind (Web Push); it never fails the caller. */
  readonly notify: (player: PlayerId, note: Omit<PushNote, 'lang'>) => Promise<unknown>;
  readonly now: () => number;
  /** A table nobody changed for this long leaves the tables store (it is kept in PostgreSQL), ms. */
  readonly sleepAfterMs: number;
  /** How often this node looks for tables to put to sleep and for sleeping ones whose clock ran out, ms. */
  readonly pollMs: number;
  readonly log: (event: Record<string, unknown>, message: string) => void;
  /** A poll that failed (a store away): it is tried again at the next. */
  readonly failed: (error: unknown) => void;
}

/**
 * Correspondence tables (issue 27) between Redis and PostgreSQL. Every commit of one is kept in
 * PostgreSQL before it is answered (`committed`), so a move acknowledged survives Redis being
 * flushed; a table nobody changed for `sleepAfterMs` leaves Redis (`sleepDrowsy`); it comes
 * back when someone opens it (`bringBack`, through `wakingTables`) or when its turn clock
 * runs out (`wakeDue`), and its step then applies the same rules a live turn clock does.
 */
export class CorrespondenceKeeper {
  readonly #o: CorrespondenceKeeperOptions;
  readonly #poll: SerialPoll;

  constructor(options: CorrespondenceKeeperOptions) {
    this.#o = options;
    this.#poll = new SerialPoll(() => this.runDue(), options.pollMs, options.failed);
  }

  /**
   * A commit of a table was written: a correspondence table's is kept, and the person whose move
   * it now is gets a note (once per turn: when the move passes to them from someone else).
   */
  async committed(doc: TableDoc): Promise<void> {
    if (!isCorrespondence(doc.settings.turnSeconds)) return;
    const hands = doc.game > 0 ? await this.#o.tables.recordHands(doc.id, doc.game) : [];
    const saved = await this.#o.kept.save(doc, hands, this.#o.now() + this.#o.sleepAfterMs);
    if (!saved.written) return;
    // Whose move it is, as the row keeps it: a person's (not away), or nobody's.
    const mover = rowFacts(doc).turnPlayer;
    if (mover === null || mover === saved.turnBefore) return;
    void this.#o.notify(mover, {
      kind: 'turn',
      params: { against: othersOf(doc, mover).join(', ') },
      url: invitePath(doc.id),
      tag: `turn-${doc.id}`,
    });
  }

  /**
   * Brings a kept game under way back into the tables store (someone opened it, or its clock ran
   * out); whether it is there now. A table that was never kept, or whose game is over, is not.
   */
  async bringBack(id: TableId): Promise<boolean> {
    const kept = await this.#o.kept.get(id);
    if (kept === null || kept.doc.phase !== 'playing') return false;
    const now = this.#o.now();
    const made = await this.#o.tables.restore(kept.doc, kept.hands, nextStepAt(kept.doc, now, this.#o.timing), now);
    if (made === 'codeTaken') {
      this.#o.log({ tableId: id, event: 'correspondenceCodeTaken' }, 'a correspondence table could not come back: its code was taken meanwhile');
      return false;
    }
    await this.#o.kept.woke(id, now + this.#o.sleepAfterMs);
    if (made === 'created') this.#o.log({ tableId: id, version: kept.doc.version, event: 'correspondenceWoke' }, 'a correspondence table is back from PostgreSQL');
    return true;
  }

  /** The kept table with this code (its code is let go while it sleeps). */
  idForCode(code: TableCode): Promise<TableId | null> {
    return this.#o.kept.idForCode(code);
  }

  /** Tables gone for good (expired, or closed by an operator): never brought back. */
  async forget(ids: readonly TableId[]): Promise<void> {
    for (const id of ids) await this.#o.kept.forget(id);
  }

  /** Puts to sleep the games nobody changed for a while, and brings back those whose clock ran out. */
  async runDue(): Promise<{ slept: number; woke: number }> {
    return { slept: await this.sleepDrowsy(), woke: await this.wakeDue() };
  }

  /**
   * Takes out of the tables store each game under way nobody changed for `sleepAfterMs`, if what
   * is kept is what the store holds (a newer commit is kept by its own node first). Only while a
   * person's turn clock runs and nothing else is due: a computer's move or a deal runs first.
   */
  async sleepDrowsy(): Promise<number> {
    let slept = 0;
    for (const { id, version } of await this.#o.kept.drowsy(this.#o.now(), 100)) {
      const doc = await this.#o.tables.load(id);
      if (doc === null) {
        // Not in the store (Redis flushed, or a node died between waking it and writing it): asleep, as kept.
        if (await this.#o.kept.sleep(id, version)) slept++;
        continue;
      }
      if (!isCorrespondence(doc.settings.turnSeconds)) {
        // Made a live table (the host's `table:settings`): Redis is its place now.
        await this.#o.kept.forget(id);
        continue;
      }
      if (doc.version !== version || doc.clock.turn === null || doc.clock.muggins !== null) {
        // Not now (a newer commit not kept yet, a computer's move or a deal due): looked at again later, not at every poll.
        await this.#o.kept.woke(id, this.#o.now() + this.#o.sleepAfterMs);
        continue;
      }
      if (!(await this.#o.kept.sleep(id, version))) continue;
      await this.#o.tables.removeTable(id, this.#o.now());
      this.#o.log({ tableId: id, version, event: 'correspondenceSlept' }, 'a correspondence table left Redis; it is kept in PostgreSQL');
      slept++;
    }
    return slept;
  }

  /** Brings back every sleeping game whose turn clock has run out (one node each): its step applies the clock's rules. */
  async wakeDue(): Promise<number> {
    let woke = 0;
    for (;;) {
      const now = this.#o.now();
      const id = await this.#o.kept.claimDue(now, now + this.#o.sleepAfterMs);
      if (id === null) return woke;
      if (await this.bringBack(id)) woke++;
    }
  }

  start(): void {
    this.#poll.start();
  }

  /** Stops looking; resolves once the look under way is done. */
  close(): Promise<void> {
    return this.#poll.close();
  }
}
