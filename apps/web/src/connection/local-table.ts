import { type Action, type GameRecord, type RecordHand, type Result, ok } from '@fives/engine';
import type { Problem, TableCode, TableId } from '@fives/protocol';
import { type Cause, type Change, type NewTable, type SeedSource, type TableDoc, type Timing, automaticStep, founded, nextStepAt, settle } from '@fives/table';
import type { Thinker } from './thinker.ts';

/** Runs `task` after `ms`; returns a cancel function. Injected so tests can drive time by hand. */
export type Scheduler = (task: () => void, ms: number) => () => void;

export const timeoutScheduler: Scheduler = (task, ms) => {
  const id = setTimeout(task, ms);
  return () => clearTimeout(id);
};

/** A finished game's hands so far, by game number: what `records` are made of. */
export interface GameHands {
  readonly game: number;
  readonly hands: readonly RecordHand[];
}

/** How many games' records a practice table keeps (the newest). */
const KEPT_GAMES = 20;

export interface LocalTableOptions {
  /** Each hand's secret seed: the table machine's dealer deals from it and commits to it. */
  readonly seeds: SeedSource;
  readonly thinker: Thinker;
  readonly schedule: Scheduler;
  readonly now: () => number;
  /** Read at every change, so a player who changes the game's speed is heard at once. */
  readonly timing: () => Timing;
  /** Every change the table broadcasts: the screen shows `tableState(doc, seat, …)` of it. */
  readonly onChange: (doc: TableDoc, cause: Cause) => void;
  /** The clock ran out on `seat`'s turn and a stand-in moved for it. */
  readonly onTimedOut: (seat: number) => void;
  /** A computer player could not think (its worker failed): the table waits. */
  readonly onStuck: (message: string) => void;
}

/**
 * The practice table's authority, in the page: the server's table machine (`@fives/table`) run
 * on a document this object holds, as boardgame.io's `LocalMaster` runs its `Master`. Every
 * change is a decision of the machine, settled by the machine (`settle`: version, clocks, next
 * step), and its effects are executed here as the server executes them around its store:
 * broadcast → `onChange`; schedule → a timer that runs the machine's `automaticStep`;
 * record → the games' records kept here; timed out → `onTimedOut`.
 */
export class LocalTable {
  #doc: TableDoc | null = null;
  #games: GameHands[] = [];
  #cancel: (() => void) | null = null;
  /** Counts the tables this object has held: a step of an earlier one (thinking while it closed) does nothing. */
  #generation = 0;
  readonly #o: LocalTableOptions;

  constructor(options: LocalTableOptions) {
    this.#o = options;
  }

  get doc(): TableDoc | null {
    return this.#doc;
  }

  /** The records of the games no longer played, oldest first. */
  records(): GameRecord[] {
    const doc = this.#doc;
    if (doc === null) return [];
    const playing = doc.phase === 'playing' ? doc.game : -1;
    return this.#games.filter((g) => g.game !== playing && g.hands.length > 0).map((g) => ({ rules: doc.rulesInput, hands: g.hands.slice() }));
  }

  /** The record of the table's game (playing or just over) as far as its hands have finished; null before the first ends. */
  currentGame(): GameRecord | null {
    const doc = this.#doc;
    const last = this.#games.at(-1);
    if (doc === null || last?.game !== doc.game || last.hands.length === 0) return null;
    return { rules: doc.rulesInput, hands: last.hands.slice() };
  }

  /** The hands of each recent game, as they are to be kept with the table. */
  get games(): readonly GameHands[] {
    return this.#games;
  }

  /** A new table under `id` and `code`, in place of any other: its first version, clocks and first step. */
  open(table: NewTable, id: TableId, code: TableCode): void {
    this.close();
    const now = this.#o.now();
    const { doc, stepAt } = founded(table, id, code, now, this.#o.timing());
    this.#doc = doc;
    this.#games = [];
    this.#o.onChange(doc, { kind: 'started' });
    if (stepAt !== null) this.#wake(stepAt);
  }

  /** A table kept from before (a reload): it goes on where it was, its next step worked out again as a starting server does. */
  resume(doc: TableDoc, games: readonly GameHands[]): void {
    this.close();
    this.#doc = doc;
    this.#games = games.slice(-KEPT_GAMES);
    const at = nextStepAt(doc, this.#o.now(), this.#o.timing());
    if (at !== null) this.#wake(at);
  }

  /** A decision of the table machine on the table as it is now (null: nothing to change), settled and carried out. */
  decide(decision: (doc: TableDoc, now: number) => Result<Change | null, Problem>): Result<TableDoc | null, Problem> {
    const doc = this.#doc;
    if (doc === null) return ok(null);
    const now = this.#o.now();
    const decided = decision(doc, now);
    if (!decided.ok || decided.value === null) return decided.ok ? ok(null) : decided;
    return ok(this.#commit(doc, decided.value, now));
  }

  close(): void {
    this.#generation++;
    this.#cancel?.();
    this.#cancel = null;
    this.#doc = null;
  }

  #commit(before: TableDoc, change: Change, now: number): TableDoc {
    const { doc, effects } = settle(before, change, now, this.#o.timing());
    this.#doc = doc;
    this.#cancel?.();
    this.#cancel = null;
    for (const effect of effects) {
      switch (effect.kind) {
        case 'record':
          this.#keep(effect.game, effect.hand);
          break;
        case 'broadcast':
          this.#o.onChange(doc, effect.cause);
          break;
        case 'schedule':
          this.#wake(effect.at);
          break;
        case 'timedOut':
          this.#o.onTimedOut(effect.seat);
          break;
        case 'openTablesChanged':
          // A practice table is never among the open tables.
          break;
        case 'archive':
          // The server's archive is for games played there; a practice game's records stay in this browser (`records()`).
          break;
      }
    }
    return doc;
  }

  #keep(game: number, hand: RecordHand): void {
    const last = this.#games.at(-1);
    if (last?.game === game) this.#games = [...this.#games.slice(0, -1), { game, hands: [...last.hands, hand] }];
    else this.#games = [...this.#games, { game, hands: [hand] }].slice(-KEPT_GAMES);
  }

  /** The table's next automatic step, due at `at` on the version it is now. */
  #wake(at: number): void {
    const doc = this.#doc;
    if (doc === null) return;
    this.#cancel?.();
    const version = doc.version;
    const generation = this.#generation;
    this.#cancel = this.#o.schedule(
      () => {
        this.#cancel = null;
        void this.#step(generation, version);
      },
      Math.max(0, at - this.#o.now()),
    );
  }

  /**
   * The automatic step due on `version`, as the server's job runs it. The machine asks its
   * computer players synchronously; here they think in a worker, so the step is tried with
   * the answers known so far, the questions it asked are sent to the worker, and the step is
   * tried again with their answers. When the table has moved on meanwhile (the player moved),
   * the answers are dropped: the move's own change set the next step, which thinks again.
   */
  async #step(generation: number, version: number): Promise<void> {
    const answers = new Map<number, Action | null>();
    // A second round only when time made another seat's stand-in due meanwhile; a few at most.
    for (let round = 0; round < 4; round++) {
      const doc = this.#doc;
      if (generation !== this.#generation || doc?.version !== version) return;
      const now = this.#o.now();
      const asked: { level: Parameters<Thinker['think']>[0]; seen: Parameters<Thinker['think']>[1] }[] = [];
      const step = automaticStep(doc, now, version, {
        seeds: this.#o.seeds,
        choose: (level, seen) => {
          const seat = seen.seat ?? -1;
          if (answers.has(seat)) return answers.get(seat) ?? null;
          asked.push({ level, seen });
          return null;
        },
      });
      if (asked.length > 0) {
        try {
          const thought = await Promise.all(asked.map((a) => this.#o.thinker.think(a.level, a.seen)));
          asked.forEach((a, i) => answers.set(a.seen.seat ?? -1, thought[i] ?? null));
        } catch (error) {
          // A table closed while its players thought has nothing to report.
          if (generation !== this.#generation) return;
          this.#o.onStuck(error instanceof Error ? error.message : String(error));
          return;
        }
        continue;
      }
      if (!step.ok) {
        this.#o.onStuck(step.error.message);
        return;
      }
      switch (step.value.kind) {
        case 'stale':
          return;
        case 'idle': {
          // The person to move is waited for: look again when the machine says (their clock).
          const at = nextStepAt(doc, now, this.#o.timing());
          if (at !== null) this.#wake(at);
          return;
        }
        case 'change':
          this.#commit(doc, step.value.change, now);
          return;
      }
    }
  }
}
