import { type Result, ok } from '@fives/engine';
import { ErrorCode, type Problem, type TableId, isCorrespondence } from '@fives/protocol';
import { type Change, type Effect, type RecordAppend, type TableDoc, finishedGame, refuse, settle } from '@fives/table';
import { UnconfirmedCommitError, isStoreUnavailable } from '../store/availability.ts';
import type { Committed, FinishedEntry } from '../store/store.ts';
import { logChange } from './log.ts';
import { RecentTables } from './recent.ts';
import { type Audience, EVERYONE, type TableServiceOptions } from './context.ts';

/** A decision of the table machine on the table as loaded, at `now` (null: nothing to change). */
export type Decide = (d: TableDoc, now: number) => Result<Change | null, Problem>;

const CONFLICT_RETRIES = 8;

/**
 * After a commit refused as unconfirmed, how often the node asks the replicas again, and for how
 * long, before it tells the table's clients what the store holds: through a failover, the old
 * master comes back as the new one's replica in 16-18 s on a quiet machine (docs/performance.md,
 * "Failover"), so two minutes.
 */
const CONFIRM_EVERY_MS = 500;
const CONFIRM_TRIES = 240;

/**
 * At most this many versions a failover is believed to lose of one table (seconds of play, at
 * most ~50 moves a second): a client claiming more is not believed, and a resumed table is
 * numbered this far past the stored version, beyond anything the loss could have taken.
 */
export const MAX_LOST = 10_000;

/**
 * The I/O around every decision: load → decide → settle (the next version, its clocks and next
 * step) → commit on the loaded version → execute the change's effects. When another writer
 * committed first, the decision is made again on the newer table.
 */
export class TableCommits {
  private readonly recent = new RecentTables();
  /** Tables whose clients wait to hear of a commit made but not yet confirmed (`announceWhenConfirmed`). */
  private readonly unconfirmed = new Set<TableId>();
  private closed = false;

  constructor(private readonly options: TableServiceOptions) {}

  /** Read through a method: a flag set while an announcement waits (TypeScript narrows a field read before an await). */
  private isClosed(): boolean {
    return this.closed;
  }

  /** No more announcements: the node is closing. */
  close(): void {
    this.closed = true;
  }

  /** Like `update`, but a decision to change nothing answers with the table as it is. */
  async mustUpdate(id: TableId, decide: Decide, retries = CONFLICT_RETRIES): Promise<Result<TableDoc, Problem>> {
    const out = await this.update(id, decide, retries);
    if (!out.ok) return out;
    if (out.value !== null) return ok(out.value);
    const doc = await this.options.store.load(id);
    return doc === null ? refuse(ErrorCode.tableNotFound, `there is no table ${id}`) : ok(doc);
  }

  /**
   * Loads, decides, commits on the loaded version. `retries` is how often to decide again when
   * another writer committed first (0 for moves: the version they were made on is gone, and the
   * next attempt would refuse them as stale anyway). `nothingStands`: asked when the decision on
   * this node's cached copy is to change nothing, whether that answer stands without reading the
   * table again (a step that first wants thinking done, keyed by the version it was asked on:
   * the commit after the thinking checks that version).
   */
  async update(id: TableId, decide: Decide, retries = CONFLICT_RETRIES, nothingStands?: () => boolean): Promise<Result<TableDoc | null, Problem>> {
    // The newest version this node committed of the table, as far as it knows.
    let known = -1;
    for (let attempt = 0; ; attempt++) {
      // This node's last commit of the table, if any: a guess the commit checks (tables/recent.ts).
      const guess = attempt === 0 ? this.recent.get(id) : undefined;
      if (guess !== undefined) known = guess.version;
      let doc = guess ?? (await this.options.store.load(id));
      if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
      // This node committed a newer version than the store holds: a failover lost it. Go on past it.
      if (guess === undefined && doc.version < known) doc = (await this.resume(id, known)) ?? doc;
      const now = this.options.now().getTime();
      const decided = decide(doc, now);
      if (!decided.ok || decided.value === null) {
        // A refusal or nothing to do is only an answer when decided on what Redis holds now.
        if (guess !== undefined && !(decided.ok && nothingStands?.() === true)) continue;
        return decided.ok ? ok(null) : decided;
      }
      const { doc: next, stepAt, effects } = settle(doc, decided.value, now, this.options);
      const finished = finishedOf(next, effects);
      const committed = await this.options.store
        .commit({ next, append: appendOf(effects), stepAt, finished: finished === null ? undefined : { entry: finished, at: now } })
        .catch((error: unknown) => {
          if (error instanceof UnconfirmedCommitError) this.announceWhenConfirmed(id);
          throw error;
        });
      if (committed.written) {
        this.recent.set(next);
        // A correspondence table's change is in PostgreSQL before anyone hears of it: a move answered survives Redis.
        if (isCorrespondence(next.settings.turnSeconds)) await this.keep(next);
        this.execute(next, effects, audienceOf(committed));
        return ok(next);
      }
      this.recent.forget(id);
      if (guess !== undefined) continue;
      if (attempt >= retries) {
        const latest = await this.options.store.load(id);
        const version = latest?.version ?? doc.version + 1;
        return refuse(ErrorCode.stale, `the table changed while this was being decided (now version ${version}); try again`, { version });
      }
    }
  }

  /**
   * Someone saw version `seen` of the table, newer than the stored one (a seated client's move on
   * it, or this node's own last commit): the store lost the changes after it (a failover, with
   * asynchronous replication, before the commits were confirmed on the replica). The stored
   * table is committed again as version `stored + MAX_LOST + 1` — the same table, its next step
   * set again — and broadcast: every client, whatever it saw, takes it as newer, and no version
   * ever names two different tables. Not `seen + 1`: whoever asks knows only what it saw, and
   * another node's clients may have seen more of what was lost (numbered past a node's own
   * last commit, the table went on to hand out again versions those clients had seen with
   * other tables). `resumed` is null when there is nothing to resume (the table is gone, or has
   * caught up meanwhile).
   */
  async resume(id: TableId, seen: number): Promise<TableDoc | null> {
    const doc = await this.options.store.load(id);
    if (doc === null || doc.version >= seen || seen - doc.version > MAX_LOST) return null;
    const now = this.options.now().getTime();
    const past = doc.version + MAX_LOST;
    const { doc: next, stepAt, effects } = settle({ ...doc, version: past }, { doc, cause: { kind: 'resumed', from: doc.version } }, now, this.options);
    const committed = await this.options.store.commit({ next, stepAt, previous: doc.version });
    if (!committed.written) return null;
    this.recent.set(next);
    this.execute(next, effects, audienceOf(committed));
    return next;
  }

  /**
   * Sends the table as stored to its clients again: a move made on an older version than the
   * stored one may come from a client that never heard of the newer one — a commit refused as
   * not confirmed (`server/busy`) that the store kept all the same (its replica had it, but said
   * so too late). Without it, a table waiting for that client's move would wait for ever.
   */
  async announce(id: TableId): Promise<void> {
    const doc = await this.options.store.load(id);
    if (doc !== null) this.options.broadcast.changed(doc, { kind: 'resumed', from: doc.version }, EVERYONE);
  }

  /**
   * A commit Redis wrote but its replicas did not confirm in time: it was refused and nobody was
   * told (a failover may yet lose it), but it may stand, with the table's next step set by it. A
   * person's move is sent again by its client (and `announce` answers it); a job's change (a
   * computer player's move, a deal, a stand-in's) is not, and a table whose next step then waits
   * on a person who never saw it would wait for ever — seen in CI through a Sentinel failover.
   * So once the replicas confirm this node's writes, its clients are sent what the store holds
   * (a version they have already seen, if the change was lost, changes nothing for them).
   */
  private announceWhenConfirmed(id: TableId): void {
    if (this.unconfirmed.has(id) || this.closed) return;
    this.unconfirmed.add(id);
    void this.confirmThenAnnounce(id).finally(() => this.unconfirmed.delete(id));
  }

  private async confirmThenAnnounce(id: TableId): Promise<void> {
    for (let attempt = 0; attempt < CONFIRM_TRIES && !this.closed; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_EVERY_MS).unref());
      if (this.isClosed()) return;
      try {
        if (await this.options.store.confirmWrites()) {
          await this.announce(id);
          return;
        }
      } catch (error) {
        if (!isStoreUnavailable(error)) {
          this.options.log.error({ err: error, tableId: id }, 'telling a table its state after an unconfirmed commit failed');
          return;
        }
      }
    }
    if (!this.closed) this.options.log.warn({ tableId: id }, 'the replicas never confirmed a commit of this table: its clients were not told of it');
  }

  /**
   * Keeps a correspondence table's commit (or its first state, founding.ts). A failure does not
   * undo the move (Redis has it, and the table is not put to sleep until what is kept is what
   * Redis holds); the next commit keeps both.
   */
  async keep(doc: TableDoc): Promise<void> {
    try {
      await this.options.correspondence.committed(doc);
    } catch (error) {
      this.options.log.error({ err: error, tableId: doc.id, version: doc.version }, 'a correspondence table could not be kept in PostgreSQL; Redis holds it');
    }
  }

  /** A committed change's effects, as the machine listed them (the record was stored with the commit). */
  private execute(doc: TableDoc, effects: readonly Effect[], audience: Audience): void {
    for (const effect of effects) {
      switch (effect.kind) {
        case 'record':
          break;
        case 'archive':
          // Its job was stored with the change, due now: this node runs it at once (another node will if this one dies first).
          this.options.jobs.wake(this.options.now().getTime());
          break;
        case 'broadcast':
          logChange(this.options.log, doc, effect.cause);
          this.options.broadcast.changed(doc, effect.cause, audience);
          break;
        case 'schedule':
          this.options.jobs.wake(effect.at);
          break;
        case 'timedOut':
          this.options.broadcast.timedOut(doc, effect.seat);
          break;
        case 'openTablesChanged':
          this.options.broadcast.openTablesChanged();
          break;
      }
    }
  }
}

/** Who a commit found may follow the table. */
function audienceOf(committed: Committed): Audience {
  return { watched: committed.spectators > 0, elsewhere: committed.elsewhere };
}

/** The game a change finished, for the archive's outbox (stored with the change in the same atomic step). */
function finishedOf(doc: TableDoc, effects: readonly Effect[]): FinishedEntry | null {
  if (!effects.some((e) => e.kind === 'archive')) return null;
  const summary = finishedGame(doc);
  // The machine lists the effect only for a game it has just finished.
  if (summary === null) throw new Error(`table ${doc.id} finished game ${doc.game}, but it does not read as finished`);
  return { summary, rulesInput: doc.rulesInput };
}

/** The hand a change closed, stored with the change in the same atomic step. */
function appendOf(effects: readonly Effect[]): RecordAppend | undefined {
  for (const effect of effects) if (effect.kind === 'record') return { game: effect.game, hand: effect.hand };
  return undefined;
}
