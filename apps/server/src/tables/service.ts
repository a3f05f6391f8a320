import { type Action, type GameRecord, type RandomSource, type RulesInput, apply, newGame } from '@fives/engine';
import {
  type BotLevel,
  ErrorCode,
  type PlayerId,
  type SeatSpec,
  type TableCode,
  type TableId,
  type WireAction,
  toEngineAction,
} from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Player } from '../identity/token.ts';
import { awayJobKey, tableJobKey } from '../jobs/job.ts';
import type { CommitSeen, TableStore } from '../store/store.ts';
import { type Actor, botMove } from './bot-turns.ts';
import type { Budget } from '@fives/bots';
import { withClock } from './clock.ts';
import { newTableCode, newTableId } from './code.ts';
import { type SeedSource, dealNextHand } from './dealer.ts';
import { NO_CLOCK, type RecordAppend, type SeatRecord, type TableDoc, type TableSettings } from './doc.ts';
import { closedBy } from './game-step.ts';
import { hostAfter } from './host.ts';
import { RecentTables } from './recent.ts';
import { logChange } from './log.ts';
import { type StepTiming, nextStepAt } from './next-step.ts';
import { type Outcome, fromGameError, refuse, success } from './problems.ts';
import { openEntry, seatOf } from './summary.ts';

/** What a change did, for the log (never a tile: see `logChange`). */
export type Cause =
  | { readonly kind: 'joined' | 'left' | 'away' | 'returned'; readonly seat: number }
  | { readonly kind: 'seat'; readonly seat: number; readonly to: SeatRecord['kind'] }
  | { readonly kind: 'started' | 'rematch' | 'dealt' | 'settings' }
  | {
      readonly kind: 'action';
      readonly seat: number;
      readonly type: Action['type'];
      /** Who moved: the seat's person, its computer player, or a stand-in (away, out of time). */
      readonly by: 'person' | Actor['why'];
    };

interface Change {
  readonly doc: TableDoc;
  readonly append?: RecordAppend;
  readonly cause: Cause;
}

export interface TableServiceOptions extends StepTiming {
  readonly store: TableStore;
  /** The computer players' choices. */
  readonly random: RandomSource;
  /** How long (or how many samples) the searching levels may think per move. */
  readonly botBudget: Budget;
  /** Each hand's secret seed (see `dealer.ts`). */
  readonly seeds: SeedSource;
  readonly now: () => Date;
  /** How long an opponent may call Muggins on a missed count. */
  readonly mugginsWindowMs: number;
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

const CONFLICT_RETRIES = 8;

/**
 * Every change a table can go through. Each one loads the table, decides from what it finds,
 * and commits on the version it loaded; when another process got there first it decides again
 * from the newer table (a game action does not: it was made on a version, and that version is
 * gone). The commit also stores the table's clocks and its next automatic step (`nextStepAt`);
 * then the change is logged and broadcast.
 */
export class TableService {
  private runtime: TableRuntime = { wake: () => {}, present: async () => true };

  private readonly recent = new RecentTables();

  constructor(private readonly o: TableServiceOptions) {}

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
    const game = newGame(rulesInput);
    if (!game.ok) return { ok: false, problem: fromGameError(game.error) };
    const players = game.value.rules.players;
    const seats: SeatRecord[] = (specs ?? Array.from({ length: players }, () => ({ type: 'human' as const }))).map((s) =>
      s.type === 'bot' ? { kind: 'bot', level: s.level } : { kind: 'open' },
    );
    const first = seats.findIndex((s) => s.kind === 'open');
    if (first >= 0) seats[first] = { kind: 'human', playerId: host.id, name: host.name };
    const made = await this.store({ hostId: host.id, rulesInput, seats, phase: 'waiting', game: 0, state: null, settings, fair: null }, null);
    if (made.ok) this.o.log.info({ tableId: made.value.id, seat: first >= 0 ? first : null, event: 'created', players }, 'table event');
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
    const fresh = newGame(o.rulesInput);
    if (!fresh.ok) return { ok: false, problem: fromGameError(fresh.error) };
    const players = fresh.value.rules.players;
    const host = o.people[0];
    if (host === undefined || o.people.length > players) return refuse(ErrorCode.internal, `cannot seat ${o.people.length} people at ${players} seats`);
    const dealt = dealNextHand(fresh.value, 1, this.o.seeds, null);
    if (!dealt.ok) return { ok: false, problem: fromGameError(dealt.error) };
    const seats: SeatRecord[] = Array.from({ length: players }, (_, i) => {
      const p = o.people[i];
      return p === undefined ? { kind: 'bot', level: o.level } : { kind: 'human', playerId: p.id, name: p.name };
    });
    const now = this.nowMs();
    const made = await this.store(
      { hostId: host.id, rulesInput: o.rulesInput, seats, phase: 'playing', game: 1, state: dealt.value.state, settings: o.settings, fair: dealt.value.fair },
      now,
      o.id,
    );
    if (made.ok) {
      this.o.log.info({ tableId: made.value.id, event: 'created', players, people: o.people.length, started: true }, 'table event');
      this.o.onChange(made.value, { kind: 'started' }, true);
    }
    return made;
  }

  /** Stores a new table under a fresh id (or `id`) and code; `now` set: it is under way, with its clocks and first step. */
  private async store(
    fields: Omit<TableDoc, 'id' | 'code' | 'version' | 'createdAt' | 'updatedAt' | 'clock'>,
    now: number | null,
    id?: TableId,
  ): Promise<Outcome<TableDoc>> {
    for (let attempt = 0; attempt < 8; attempt++) {
      let doc: TableDoc = {
        ...fields,
        id: id ?? newTableId(),
        code: newTableCode(),
        version: 0,
        createdAt: this.o.now().toISOString(),
        updatedAt: this.o.now().toISOString(),
        clock: NO_CLOCK,
      };
      let stepAt: number | null = null;
      if (now !== null) {
        doc = withClock(null, doc, now, this.o.mugginsWindowMs);
        stepAt = nextStepAt(doc, now, this.o);
      }
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
      const taken = await this.update(id, (d) => {
        const again = seatOf(d, player.id);
        seat = again ?? d.seats.findIndex((s) => s.kind === 'open');
        if (again !== null) return success(null);
        if (d.phase !== 'waiting' || seat < 0) return refuse(ErrorCode.tableFull, 'every seat is taken');
        const seats = d.seats.slice();
        seats[seat] = { kind: 'human', playerId: player.id, name: player.name };
        return success({ doc: { ...d, seats }, cause: { kind: 'joined', seat } });
      });
      if (taken.ok) return success({ doc: taken.value ?? (await this.o.store.load(id)) ?? doc, seat });
      if (taken.problem.code !== ErrorCode.tableFull || as === 'player') return taken;
      return success({ doc: (await this.o.store.load(id)) ?? doc, seat: null });
    }
    if (as === 'player') {
      return doc.phase === 'waiting'
        ? refuse(ErrorCode.tableFull, 'every seat is taken')
        : refuse(ErrorCode.alreadyStarted, 'the game has started; you can watch');
    }
    return success({ doc, seat: null });
  }

  /** The person is back: their away seat is theirs again. */
  private comeBack(id: TableId, playerId: PlayerId): Promise<Outcome<TableDoc | null>> {
    return this.update(id, (d) => {
      const seat = seatOf(d, playerId);
      const s = seat === null ? undefined : d.seats[seat];
      if (seat === null || s?.kind !== 'human' || s.away !== true) return success(null);
      const seats = d.seats.slice();
      seats[seat] = { kind: 'human', playerId: s.playerId, name: s.name };
      return success({ doc: { ...d, seats }, cause: { kind: 'returned', seat } });
    });
  }

  /**
   * A player leaves. Waiting: the seat opens. Playing: the seat stays theirs and a stand-in plays
   * it at once. Over: the seat is freed and the table waits for players again. A host who leaves
   * hands the role on.
   */
  async leave(id: TableId, player: Player): Promise<Outcome<TableDoc | null>> {
    return this.update(id, (d) => {
      const seat = seatOf(d, player.id);
      const s = seat === null ? undefined : d.seats[seat];
      if (seat === null || s?.kind !== 'human') return success(null);
      const seats = d.seats.slice();
      switch (d.phase) {
        case 'waiting':
          seats[seat] = { kind: 'open' };
          return success({ doc: { ...d, seats, hostId: hostAfter(d, seats, player.id) }, cause: { kind: 'left', seat } });
        case 'playing':
          if (s.away === true) return success(null);
          seats[seat] = { ...s, away: true };
          return success({ doc: { ...d, seats, hostId: hostAfter(d, seats, player.id) }, cause: { kind: 'away', seat } });
        case 'over':
          seats[seat] = { kind: 'open' };
          return success({
            doc: { ...d, seats, phase: 'waiting', state: null, hostId: hostAfter(d, seats, player.id) },
            cause: { kind: 'left', seat },
          });
      }
    });
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
    const gone = await this.update(id, (d) => {
      const r = d.seats[seat];
      if (r?.kind !== 'human' || r.playerId !== playerId || r.away === true) return success(null);
      const seats = d.seats.slice();
      seats[seat] = d.phase === 'waiting' ? { kind: 'open' } : { ...r, away: true };
      const cause: Cause = { kind: d.phase === 'waiting' ? 'left' : 'away', seat };
      return success({ doc: { ...d, seats, hostId: hostAfter(d, seats, playerId) }, cause });
    });
    // They may have come back between the look and the change: then the seat is theirs again.
    if (gone.ok && gone.value !== null && (await this.runtime.present(id, seat))) {
      if (gone.value.phase === 'waiting') await this.reseat(id, seat, { id: playerId, name: s.name });
      else await this.comeBack(id, playerId);
    }
  }

  private async reseat(id: TableId, seat: number, player: Player): Promise<void> {
    await this.update(id, (d) => {
      if (d.phase !== 'waiting' || d.seats[seat]?.kind !== 'open' || seatOf(d, player.id) !== null) return success(null);
      const seats = d.seats.slice();
      seats[seat] = { kind: 'human', playerId: player.id, name: player.name };
      return success({ doc: { ...d, seats }, cause: { kind: 'joined', seat } });
    });
  }

  async setSeat(id: TableId, player: Player, seat: number, occupant: SeatSpec): Promise<Outcome<TableDoc>> {
    return this.mustUpdate(id, (d) => {
      if (d.hostId !== player.id) return refuse(ErrorCode.notHost, 'only the host may change the seats');
      if (d.phase !== 'waiting') return refuse(ErrorCode.alreadyStarted, 'the seats are fixed once the game has started');
      const current = d.seats[seat];
      if (current === undefined) return refuse(ErrorCode.badSeat, `there is no seat ${seat} at this ${d.seats.length}-seat table`);
      if (current.kind === 'human') return refuse(ErrorCode.seatTaken, `${current.name} sits at seat ${seat}`);
      const next: SeatRecord = occupant.type === 'bot' ? { kind: 'bot', level: occupant.level } : { kind: 'open' };
      if (sameSeat(current, next)) return success(null);
      const seats = d.seats.slice();
      seats[seat] = next;
      return success({ doc: { ...d, seats }, cause: { kind: 'seat', seat, to: next.kind } });
    });
  }

  /** Host: the turn time and the listing. A running turn keeps its deadline; switching the timer off stops it. */
  async changeSettings(id: TableId, player: Player, change: Partial<TableSettings>): Promise<Outcome<TableDoc>> {
    return this.mustUpdate(id, (d) => {
      if (d.hostId !== player.id) return refuse(ErrorCode.notHost, 'only the host may change the settings');
      const settings: TableSettings = {
        turnSeconds: change.turnSeconds === undefined ? d.settings.turnSeconds : change.turnSeconds,
        listed: change.listed ?? d.settings.listed,
      };
      if (settings.turnSeconds === d.settings.turnSeconds && settings.listed === d.settings.listed) return success(null);
      return success({ doc: { ...d, settings }, cause: { kind: 'settings' } });
    });
  }

  async start(id: TableId, player: Player): Promise<Outcome<TableDoc>> {
    return this.mustUpdate(id, (d) => {
      if (d.hostId !== player.id) return refuse(ErrorCode.notHost, 'only the host may start the game');
      if (d.phase !== 'waiting') return refuse(ErrorCode.alreadyStarted, 'the game has already started');
      const open = d.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
      if (open.length > 0) return refuse(ErrorCode.seatsOpen, `seat${open.length > 1 ? 's' : ''} ${open.join(', ')} still open`);
      return this.newGameChange(d, 'started');
    });
  }

  async rematch(id: TableId, player: Player): Promise<Outcome<TableDoc>> {
    return this.mustUpdate(id, (d) => {
      if (d.hostId !== player.id) return refuse(ErrorCode.notHost, 'only the host may start a rematch');
      if (d.phase !== 'over') return refuse(ErrorCode.gameNotOver, 'the game is not over yet');
      return this.newGameChange(d, 'rematch');
    });
  }

  /** A person's move for `seat`, made on table `version`. Making it takes the seat back from a stand-in. */
  async act(id: TableId, player: Player, seat: number, version: number, wire: WireAction): Promise<Outcome<TableDoc>> {
    return this.mustUpdate(
      id,
      (d, now) => {
        if (d.version !== version) {
          return refuse(ErrorCode.stale, `the table has moved on to version ${d.version}; this action was made on ${version}`, {
            version: d.version,
          });
        }
        const owner = d.seats[seat];
        if (owner?.kind !== 'human' || owner.playerId !== player.id) return refuse(ErrorCode.notSeated, `seat ${seat} is not yours`);
        if (wire.type === 'muggins' && d.clock.muggins !== null && now > d.clock.muggins) {
          return refuse(ErrorCode.mugginsWindowClosed, `the Muggins window closed ${Math.round((now - d.clock.muggins) / 100) / 10} s ago`);
        }
        const changed = this.actionChange(d, seat, wire, 'person');
        if (!changed.ok || owner.away !== true) return changed;
        const seats = changed.value.doc.seats.slice();
        seats[seat] = { kind: 'human', playerId: owner.playerId, name: owner.name };
        return success({ ...changed.value, doc: { ...changed.value.doc, seats } });
      },
      0,
    );
  }

  /** The game record of game `n`, once it is no longer being played. */
  async record(id: TableId, n: number): Promise<Outcome<GameRecord>> {
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
    const changed = await this.update(
      id,
      (d, now) => {
        if (d.version !== version || d.phase !== 'playing' || d.state === null) return success(null);
        if (d.state.status === 'dealing') return this.dealChange(d);
        const bot = botMove(d, now, this.o.random, this.o.log, this.o.botBudget);
        if (bot === null) idle.doc = d;
        return bot === null ? success(null) : this.actionChange(d, bot.seat, bot.wire, bot.actor.why);
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

  // ---- changes ---------------------------------------------------------------------------------

  private newGameChange(d: TableDoc, kind: 'started' | 'rematch'): Outcome<Change> {
    const fresh = newGame(d.rulesInput);
    if (!fresh.ok) return { ok: false, problem: fromGameError(fresh.error) };
    const dealt = dealNextHand(fresh.value, d.game + 1, this.o.seeds, d.fair);
    if (!dealt.ok) return { ok: false, problem: fromGameError(dealt.error) };
    const { state, fair } = dealt.value;
    return success({ doc: { ...d, phase: 'playing', game: d.game + 1, state, fair }, cause: { kind } });
  }

  private dealChange(d: TableDoc): Outcome<Change> {
    if (d.state === null) return refuse(ErrorCode.notPlaying, 'no game');
    const dealt = dealNextHand(d.state, d.game, this.o.seeds, d.fair);
    if (!dealt.ok) return { ok: false, problem: fromGameError(dealt.error) };
    return success({ doc: { ...d, state: dealt.value.state, fair: dealt.value.fair }, cause: { kind: 'dealt' } });
  }

  private actionChange(d: TableDoc, seat: number, wire: WireAction, by: 'person' | Actor['why']): Outcome<Change> {
    const state = d.state;
    if (d.phase === 'waiting' || state === null) return refuse(ErrorCode.notPlaying, 'the game has not started');
    if (d.phase === 'over') return refuse(ErrorCode.gameOver, 'the game is over');
    const isLead = state.hand !== null && state.hand.board.tiles === 0;
    const next = apply(state, toEngineAction(wire, seat, isLead));
    if (!next.ok) return { ok: false, problem: fromGameError(next.error) };
    const hand = closedBy(state, next.value);
    return success({
      doc: { ...d, state: next.value, phase: next.value.status === 'over' ? 'over' : 'playing' },
      ...(hand === null ? {} : { append: { game: d.game, hand } }),
      cause: { kind: 'action', seat, type: wire.type, by },
    });
  }

  // ---- committing ------------------------------------------------------------------------------

  /** Like `update`, but a change that decides to do nothing is an error here. */
  private async mustUpdate(
    id: TableId,
    decide: (d: TableDoc, now: number) => Outcome<Change | null>,
    retries = CONFLICT_RETRIES,
  ): Promise<Outcome<TableDoc>> {
    const out = await this.update(id, decide, retries);
    if (!out.ok) return out;
    if (out.value !== null) return success(out.value);
    const doc = await this.o.store.load(id);
    return doc === null ? refuse(ErrorCode.tableNotFound, `there is no table ${id}`) : success(doc);
  }

  /**
   * Loads, decides, commits on the loaded version — with the clocks and the next step worked
   * out for the new table at the time of the change. `retries` is how often to decide again
   * when another writer committed first (0 for moves: the version they were made on is gone,
   * and the next attempt would refuse them as stale anyway).
   */
  private async update(
    id: TableId,
    decide: (d: TableDoc, now: number) => Outcome<Change | null>,
    retries = CONFLICT_RETRIES,
  ): Promise<Outcome<TableDoc | null>> {
    for (let attempt = 0; ; attempt++) {
      // This node's last commit of the table, if any: a guess the commit checks (tables/recent.ts).
      const guess = attempt === 0 ? this.recent.get(id) : undefined;
      const doc = guess ?? (await this.o.store.load(id));
      if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
      const now = this.nowMs();
      const decided = decide(doc, now);
      if (!decided.ok || decided.value === null) {
        // A refusal or nothing to do is only an answer when decided on what Redis holds now.
        if (guess !== undefined) continue;
        return decided.ok ? success(null) : decided;
      }
      const { doc: changed, append, cause } = decided.value;
      const next = withClock(doc, { ...changed, version: doc.version + 1, updatedAt: new Date(now).toISOString() }, now, this.o.mugginsWindowMs);
      const stepAt = nextStepAt(next, now, this.o);
      // Unless the store says otherwise (a store wrapped by a test may not), there are spectators.
      const seen: CommitSeen = { spectators: 1 };
      if (await this.o.store.commit(next, append, stepAt, seen)) {
        this.recent.set(next);
        this.committed(doc, next, cause, stepAt, seen.spectators > 0);
        return success(next);
      }
      this.recent.forget(id);
      if (guess !== undefined) continue;
      if (attempt >= retries) {
        const latest = await this.o.store.load(id);
        const version = latest?.version ?? doc.version + 1;
        return refuse(ErrorCode.stale, `the table changed while this was being decided (now version ${version}); try again`, { version });
      }
    }
  }

  private committed(before: TableDoc, doc: TableDoc, cause: Cause, stepAt: number | null, watched: boolean): void {
    logChange(this.o.log, doc, cause);
    this.o.onChange(doc, cause, watched);
    if (stepAt !== null) this.runtime.wake(stepAt);
    if (cause.kind === 'action' && cause.by === 'timeout') this.o.onTimeout(doc, cause.seat);
    if (JSON.stringify(openEntry(before)) !== JSON.stringify(openEntry(doc))) this.o.onOpenTables();
  }
}

function sameSeat(a: SeatRecord, b: SeatRecord): boolean {
  return a.kind === b.kind && (a.kind !== 'bot' || (b.kind === 'bot' && a.level === b.level));
}

/** A game has started here (every seat was taken to start it): the table's code finds it no more. */
export function codeRetired(doc: TableDoc): boolean {
  return doc.game > 0;
}
