import { type GameRecord, type RandomSource, type RulesInput } from '@fives/engine';
import { type BotLevel, ErrorCode, type PlayerId, gameIdOf, type SeatSpec, type TableCode, type TableId, type WireAction } from '@fives/protocol';
import {
  type BotChooser,
  type Cause,
  type NewTable,
  type Outcome,
  type TableDoc,
  type TableSettings,
  type Timing,
  act,
  automaticStep,
  changeSettings,
  comeBack,
  founded,
  goneAway,
  leave,
  nextStepAt,
  openEntry,
  openTable,
  rematch,
  refuse,
  reseat,
  seatOf,
  setSeat,
  start,
  startedTable,
  success,
  takeOpenSeat,
} from '@fives/table';
import type { FastifyBaseLogger } from 'fastify';
import type { Player } from '../identity/token.ts';
import { awayJobKey, tableJobKey } from '../jobs/job.ts';
import type { GameArchive } from '../archive/archive.ts';
import type { TableStore } from '../store/store.ts';
import type { Budget } from '@fives/bots';
import { chooseBotAction } from '../bots/policy.ts';
import { newTableCode, newTableId } from './code.ts';
import type { SeedSource } from './dealer.ts';
import { TableCommits } from './commit.ts';

export type { Cause };

export interface TableServiceOptions extends Timing {
  readonly store: TableStore;
  /** Finished games for good: a record is read from here first, so it outlives the table in Redis. */
  readonly archive: GameArchive;
  /** The computer players' choices. */
  readonly random: RandomSource;
  /** How long (or how many samples) the searching levels may think per move. */
  readonly botBudget: Budget;
  /** Each hand's secret seed (see `dealer.ts`). */
  readonly seeds: SeedSource;
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
  /**
   * Told of every committed change and what made it (the sockets broadcast it; the metrics count
   * it); `watched`: whether the table may have spectators (false only when the commit saw none).
   */
  readonly onChange: (doc: TableDoc, cause: Cause, watched: boolean) => void;
  /** Told when a stand-in moved for a person whose turn time ran out. */
  readonly onTimeout: (doc: TableDoc, seat: number) => void;
  /** Told when a change may have changed the open-tables list. */
  readonly onOpenTables: () => void;
}

/** What the table needs from the rest of the server at run time (set once both exist). */
export interface TableRuntime {
  /** Wake this node's job runner at `at` (a step it has just set). */
  readonly wake: (at: number) => void;
  /** Whether some connection holds the seat now, on any node. */
  readonly present: (id: TableId, seat: number) => Promise<boolean>;
}

/**
 * The table machine (`@fives/table`) run against the store: every change loads the table, asks
 * the machine's decision, settles it (`settle`: the next version, clocks and next step) and
 * commits on the version it loaded, then executes the change's effects; when another process got there first it decides again
 * from the newer table (a game action does not: it was made on a version, and that version is
 * gone). The commit also stores the table's clocks and its next automatic step (`nextStepAt`);
 * then the change is logged and broadcast.
 */
export class TableService {
  private runtime: TableRuntime = { wake: () => {}, present: async () => true };

  private readonly commits: TableCommits;

  /** The computer players, as the machine asks for them: the server's policies, randomness and budget. */
  private readonly choose: BotChooser;

  constructor(private readonly o: TableServiceOptions) {
    this.choose = (level, seen) => chooseBotAction(level, seen, o.random, o.botBudget);
    this.commits = new TableCommits(o, () => this.runtime);
  }

  useRuntime(runtime: TableRuntime): void {
    this.runtime = runtime;
  }

  private nowMs(): number {
    return this.o.now().getTime();
  }

  async create(
    host: Player,
    rulesInput: RulesInput,
    specs: readonly SeatSpec[] | undefined,
    settings: TableSettings = { turnSeconds: null, listed: false },
  ): Promise<Outcome<TableDoc>> {
    const opened = openTable(host, rulesInput, specs, settings);
    if (!opened.ok) return opened;
    const { table, seat, players } = opened.value;
    const made = await this.store(table);
    if (made.ok) this.o.log.info({ tableId: made.value.id, seat, event: 'created', players }, 'table event');
    return made;
  }

  /**
   * A table dealt at once: `people` in the first seats (the first of them host), computer players
   * of `level` in the rest. With `id` given (a queue's match) making it twice makes it once.
   */
  async createStarted(o: {
    readonly id?: TableId;
    readonly people: readonly Player[];
    readonly level: BotLevel;
    readonly rulesInput: RulesInput;
    readonly settings: TableSettings;
  }): Promise<Outcome<TableDoc>> {
    const dealt = startedTable({ ...o, seeds: this.o.seeds });
    if (!dealt.ok) return dealt;
    const made = await this.store(dealt.value.table, o.id);
    if (made.ok) {
      this.o.log.info({ tableId: made.value.id, event: 'created', players: dealt.value.players, people: o.people.length, started: true }, 'table event');
      this.o.onChange(made.value, { kind: 'started' }, true);
    }
    return made;
  }

  /** Stores a new table under a fresh id (or `id`) and code; one under way with its clocks and first step. */
  private async store(table: NewTable, id?: TableId): Promise<Outcome<TableDoc>> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const { doc, stepAt } = founded(table, id ?? newTableId(), newTableCode(), this.nowMs(), this.o);
      const created = await this.o.store.create(doc, stepAt);
      if (created === 'created') {
        if (stepAt !== null) this.runtime.wake(stepAt);
        if (openEntry(doc) !== null) this.o.onOpenTables();
        return success(doc);
      }
      if (created === 'idTaken' && id !== undefined) {
        const existing = await this.o.store.load(id);
        if (existing !== null) return success(existing);
      }
    }
    return refuse(ErrorCode.busy, 'could not find a free table id and code; try again');
  }

  load(id: TableId): Promise<TableDoc | null> {
    return this.o.store.load(id);
  }

  /**
   * The table a code finds, while the code is live: it is retired (found like a code that does
   * not exist) once the table's game has started, every seat taken. Nobody needs it then — a
   * seat is taken back through the table's own link, `/t/<id>`, which watching keeps using too —
   * and a code found by guessing would let a stranger watch a private game.
   */
  async tableForCode(code: TableCode): Promise<TableDoc | null> {
    const id = await this.o.store.idForCode(code);
    const doc = id === null ? null : await this.o.store.load(id);
    return doc === null || codeRetired(doc) ? null : doc;
  }

  /** A spectator's connection comes (+1) to the table or goes (-1): see `TableStore.watch`. */
  countSpectator(id: TableId, delta: 1 | -1): Promise<void> {
    return this.o.store.watch(id, delta);
  }

  /**
   * Your own seat again (taken back from its stand-in at once), or the first open one while the
   * table waits; null to watch.
   */
  async join(id: TableId, player: Player | null, as: 'player' | 'spectator' | undefined): Promise<Outcome<{ doc: TableDoc; seat: number | null }>> {
    const doc = await this.o.store.load(id);
    if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
    if (as === 'spectator') return success({ doc, seat: null });
    if (player === null) {
      return as === 'player' ? refuse(ErrorCode.authRequired, 'sitting down needs a guest token; watching does not') : success({ doc, seat: null });
    }
    const own = seatOf(doc, player.id);
    if (own !== null) {
      const s = doc.seats[own];
      if (s?.kind !== 'human' || s.away !== true) return success({ doc, seat: own });
      const back = await this.comeBack(id, player.id);
      if (!back.ok) return back;
      return success({ doc: back.value ?? (await this.o.store.load(id)) ?? doc, seat: own });
    }
    if (doc.phase === 'waiting' && doc.seats.some((s) => s.kind === 'open')) {
      let seat = -1;
      const taken = await this.commits.update(id, (d) => {
        const took = takeOpenSeat(d, player);
        if (!took.ok) return took;
        seat = took.value.seat;
        return success(took.value.change);
      });
      if (taken.ok) return success({ doc: taken.value ?? (await this.o.store.load(id)) ?? doc, seat });
      if (taken.problem.code !== ErrorCode.tableFull || as === 'player') return taken;
      return success({ doc: (await this.o.store.load(id)) ?? doc, seat: null });
    }
    if (as === 'player') {
      return doc.phase === 'waiting' ? refuse(ErrorCode.tableFull, 'every seat is taken') : refuse(ErrorCode.alreadyStarted, 'the game has started; you can watch');
    }
    return success({ doc, seat: null });
  }

  /** The person is back: their away seat is theirs again. */
  private comeBack(id: TableId, playerId: PlayerId): Promise<Outcome<TableDoc | null>> {
    return this.commits.update(id, (d) => comeBack(d, playerId));
  }

  /**
   * A player leaves. Waiting: the seat opens. Playing: the seat stays theirs and a stand-in plays
   * it at once. Over: the seat is freed and the table waits for players again. A host who leaves
   * hands the role on.
   */
  async leave(id: TableId, player: Player): Promise<Outcome<TableDoc | null>> {
    return this.commits.update(id, (d) => leave(d, player.id));
  }

  /** A connection of the seat's person has gone: look again once the grace period is over. */
  async watchAway(id: TableId, seat: number): Promise<void> {
    const at = this.nowMs() + this.o.graceMs;
    await this.o.store.jobs.put(awayJobKey(id, seat), 0, at);
    this.runtime.wake(at);
  }

  /**
   * The `a:` job: if nobody holds the seat now, its person is away (a stand-in plays for them),
   * or, while the table waits, gives the seat up; a host hands the role on.
   */
  async checkAway(id: TableId, seat: number): Promise<void> {
    const doc = await this.o.store.load(id);
    const s = doc?.seats[seat];
    if (doc == null || s?.kind !== 'human' || s.away === true) return;
    if (await this.runtime.present(id, seat)) return;
    const playerId = s.playerId;
    const gone = await this.commits.update(id, (d) => goneAway(d, seat, playerId));
    // They may have come back between the look and the change: then the seat is theirs again.
    if (gone.ok && gone.value !== null && (await this.runtime.present(id, seat))) {
      if (gone.value.phase === 'waiting') await this.reseat(id, seat, { id: playerId, name: s.name });
      else await this.comeBack(id, playerId);
    }
  }

  private async reseat(id: TableId, seat: number, player: Player): Promise<void> {
    await this.commits.update(id, (d) => reseat(d, seat, player));
  }

  async setSeat(id: TableId, player: Player, seat: number, occupant: SeatSpec): Promise<Outcome<TableDoc>> {
    return this.commits.mustUpdate(id, (d) => setSeat(d, player.id, seat, occupant));
  }

  /** Host: the turn time and the listing. A running turn keeps its deadline; switching the timer off stops it. */
  async changeSettings(id: TableId, player: Player, change: Partial<TableSettings>): Promise<Outcome<TableDoc>> {
    return this.commits.mustUpdate(id, (d) => changeSettings(d, player.id, change));
  }

  async start(id: TableId, player: Player): Promise<Outcome<TableDoc>> {
    return this.commits.mustUpdate(id, (d) => start(d, player.id, this.o.seeds));
  }

  async rematch(id: TableId, player: Player): Promise<Outcome<TableDoc>> {
    return this.commits.mustUpdate(id, (d) => rematch(d, player.id, this.o.seeds));
  }

  /** A person's move for `seat`, made on table `version`. Making it takes the seat back from a stand-in. */
  async act(id: TableId, player: Player, seat: number, version: number, wire: WireAction): Promise<Outcome<TableDoc>> {
    return this.commits.mustUpdate(id, (d, now) => act(d, now, { playerId: player.id, seat, version, wire }), 0);
  }

  /** The game record of game `n`, once it is no longer being played. */
  async record(id: TableId, n: number): Promise<Outcome<GameRecord>> {
    // Only finished games are archived: one found there shows no hidden tile.
    const archived = await this.o.archive.game(gameIdOf(id, n));
    if (archived !== null) return success(archived.record);
    const doc = await this.o.store.load(id);
    // An expired table's records are kept for their own retention time.
    const kept = doc === null ? await this.o.store.keptRecord(id) : null;
    if (doc === null && kept === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
    const games = doc?.game ?? kept?.games ?? 0;
    if (!Number.isInteger(n) || n < 1 || n > games) return refuse(ErrorCode.gameNotFound, `table ${id} has no game ${n}`);
    if (doc !== null && n === doc.game && doc.phase === 'playing') {
      return refuse(ErrorCode.gameInProgress, `game ${n} is still being played; its record would show hidden tiles`);
    }
    const hands = await this.o.store.recordHands(id, n);
    if (hands.length === 0) return refuse(ErrorCode.gameNotFound, `the record of game ${n} at table ${id} is no longer kept`);
    const rules = doc?.rulesInput ?? kept?.rulesInput;
    return success({ rules: rules as GameRecord['rules'], hands });
  }

  // ---- the table moving by itself ------------------------------------------------------------

  /**
   * The `t:` job set on `version`: the next deal, a computer player's or stand-in's move (a
   * person out of time included), or — nothing being due — a look at whether the person to move
   * is still connected. A table that has moved on since is left alone. `'replaced'` when it
   * committed a change: the commit set the table's next step, this job with it.
   */
  async runStep(id: TableId, version: number): Promise<'replaced' | undefined> {
    const idle: { doc: TableDoc | null } = { doc: null };
    const changed = await this.commits.update(
      id,
      (d, now) => {
        const step = automaticStep(d, now, version, { seeds: this.o.seeds, choose: this.choose });
        if (!step.ok) return step;
        if (step.value.kind === 'idle') idle.doc = d;
        if (step.value.kind !== 'change') return success(null);
        const bot = step.value.bot;
        if (bot?.fellBack === true) {
          this.o.log.error({ seat: bot.seat, level: bot.actor.level, chose: bot.chose }, 'a bot policy gave no legal action on its turn; playing its first legal one');
        }
        return success(step.value.change);
      },
      0,
    );
    if (idle.doc !== null) await this.watch(idle.doc);
    return changed.ok && changed.value !== null ? 'replaced' : undefined;
  }

  /** Nothing to do but wait for the person to move: if they are not connected, start the grace period, then look again later. */
  private async watch(doc: TableDoc): Promise<void> {
    const seat = doc.state?.hand?.turn;
    if (seat === undefined || doc.seats[seat]?.kind !== 'human') return;
    const now = this.nowMs();
    if (!(await this.runtime.present(doc.id, seat))) await this.o.store.jobs.put(awayJobKey(doc.id, seat), 0, now + this.o.graceMs, 'ifAbsent');
    const at = nextStepAt(doc, now, this.o);
    if (at !== null) await this.o.store.jobs.put(tableJobKey(doc.id), doc.version, at);
  }

  /** A starting server makes sure every table under way has its next step set (tables from before steps were stored). */
  async resumeAll(): Promise<number> {
    const ids = await this.o.store.activeTables();
    const now = this.nowMs();
    for (const id of ids) {
      try {
        const doc = await this.o.store.load(id);
        const at = doc === null ? null : nextStepAt(doc, now, this.o);
        if (doc !== null && at !== null) await this.o.store.jobs.put(tableJobKey(id), doc.version, at, 'ifAbsent');
      } catch (error) {
        // One table the server cannot read must not keep it from starting for all the others.
        this.o.log.error({ err: error, tableId: id }, 'a table under way could not be read');
      }
    }
    return ids.length;
  }
}

/** A game has started here (every seat was taken to start it): the table's code finds it no more. */
export function codeRetired(doc: TableDoc): boolean {
  return doc.game > 0;
}
