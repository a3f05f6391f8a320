import { randomInt } from 'node:crypto';
import { type Action, type GameRecord, type RandomSource, type RulesInput, apply, newGame } from '@fives/engine';
import { ErrorCode, type SeatSpec, type TableId, type WireAction, toEngineAction } from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { TurnScheduler } from '../bots/scheduler.ts';
import type { Player } from '../identity/token.ts';
import type { TableStore } from '../store/store.ts';
import { dealNextHand } from './dealer.ts';
import type { RecordAppend, SeatRecord, TableDoc } from './doc.ts';
import { botCanAct, botMove } from './bot-turns.ts';
import { closedBy } from './game-step.ts';
import { logChange } from './log.ts';
import { type Outcome, fromGameError, refuse, success } from './problems.ts';
import { seatOf } from './summary.ts';

/** What a change did, for the log (never a tile: see `logChange`). */
export type Cause =
  | { readonly kind: 'joined' | 'left'; readonly seat: number }
  | { readonly kind: 'seat'; readonly seat: number; readonly to: SeatRecord['kind'] }
  | { readonly kind: 'started' | 'rematch' | 'dealt' }
  | { readonly kind: 'action'; readonly seat: number; readonly type: Action['type']; readonly bot: boolean };

interface Change {
  readonly doc: TableDoc;
  readonly append?: RecordAppend;
  readonly cause: Cause;
}

export interface TableServiceOptions {
  readonly store: TableStore;
  readonly random: RandomSource;
  readonly now: () => Date;
  readonly botDelayMs: number;
  readonly handPauseMs: number;
  readonly log: FastifyBaseLogger;
  /** Told of every committed change (the sockets broadcast it). */
  readonly onChange: (doc: TableDoc) => void;
}

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CONFLICT_RETRIES = 8;

export function newTableId(): TableId {
  let id = '';
  for (let i = 0; i < 10; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id as TableId;
}

/**
 * Every change a table can go through. Each one loads the table, decides from what it finds,
 * and commits on the version it loaded; when another process got there first it decides again
 * from the newer table (a game action does not: it was made on a version, and that version is
 * gone). Then the change is logged, broadcast, and the table's next automatic step scheduled.
 */
export class TableService {
  private scheduler: TurnScheduler | null = null;

  constructor(private readonly o: TableServiceOptions) {}

  /** Set once the scheduler exists (it needs this service to run its jobs). */
  useScheduler(scheduler: TurnScheduler): void {
    this.scheduler = scheduler;
  }

  async create(host: Player, rulesInput: RulesInput, specs: readonly SeatSpec[] | undefined): Promise<Outcome<TableDoc>> {
    const game = newGame(rulesInput);
    if (!game.ok) return { ok: false, problem: fromGameError(game.error) };
    const players = game.value.rules.players;
    const seats: SeatRecord[] = (specs ?? Array.from({ length: players }, () => ({ type: 'human' as const }))).map((s) =>
      s.type === 'bot' ? { kind: 'bot', level: s.level } : { kind: 'open' },
    );
    const first = seats.findIndex((s) => s.kind === 'open');
    if (first >= 0) seats[first] = { kind: 'human', playerId: host.id, name: host.name };
    for (let attempt = 0; attempt < 5; attempt++) {
      const doc: TableDoc = {
        id: newTableId(),
        version: 0,
        createdAt: this.o.now().toISOString(),
        hostId: host.id,
        rulesInput,
        seats,
        phase: 'waiting',
        game: 0,
        state: null,
      };
      if (await this.o.store.create(doc)) {
        this.o.log.info({ tableId: doc.id, seat: first >= 0 ? first : null, event: 'created', players }, 'table event');
        return success(doc);
      }
    }
    return refuse(ErrorCode.busy, 'could not find a free table id; try again');
  }

  load(id: TableId): Promise<TableDoc | null> {
    return this.o.store.load(id);
  }

  /** Your own seat again, or the first open one while the table waits; null to watch. */
  async join(id: TableId, player: Player | null, as: 'player' | 'spectator' | undefined): Promise<Outcome<{ doc: TableDoc; seat: number | null }>> {
    const doc = await this.o.store.load(id);
    if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
    if (as === 'spectator') return success({ doc, seat: null });
    if (player === null) {
      return as === 'player' ? refuse(ErrorCode.authRequired, 'sitting down needs a guest token; watching does not') : success({ doc, seat: null });
    }
    const own = seatOf(doc, player.id);
    if (own !== null) return success({ doc, seat: own });
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

  /** Before the start, a player who leaves gives the seat up. */
  async leave(id: TableId, player: Player): Promise<Outcome<TableDoc | null>> {
    return this.update(id, (d) => {
      const seat = seatOf(d, player.id);
      if (seat === null || d.phase !== 'waiting') return success(null);
      const seats = d.seats.slice();
      seats[seat] = { kind: 'open' };
      return success({ doc: { ...d, seats }, cause: { kind: 'left', seat } });
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

  /** A person's move for `seat`, made on table `version`. */
  async act(id: TableId, player: Player, seat: number, version: number, wire: WireAction): Promise<Outcome<TableDoc>> {
    return this.mustUpdate(
      id,
      (d) => {
        if (d.version !== version) {
          return refuse(ErrorCode.stale, `the table has moved on to version ${d.version}; this action was made on ${version}`, {
            version: d.version,
          });
        }
        const owner = d.seats[seat];
        if (owner?.kind !== 'human' || owner.playerId !== player.id) return refuse(ErrorCode.notSeated, `seat ${seat} is not yours`);
        return this.actionChange(d, seat, wire, false);
      },
      0,
    );
  }

  /** The game record of game `n`, once it is no longer being played. */
  async record(id: TableId, n: number): Promise<Outcome<GameRecord>> {
    const doc = await this.o.store.load(id);
    if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
    if (!Number.isInteger(n) || n < 1 || n > doc.game) return refuse(ErrorCode.gameNotFound, `table ${id} has no game ${n}`);
    if (n === doc.game && doc.phase === 'playing') {
      return refuse(ErrorCode.gameInProgress, `game ${n} is still being played; its record would show hidden tiles`);
    }
    const hands = await this.o.store.recordHands(id, n);
    return success({ rules: doc.rulesInput as GameRecord['rules'], hands });
  }

  // ---- the table moving by itself ------------------------------------------------------------

  /** Runs the automatic step due at `version`, if the table is still there. */
  async runStep(id: TableId, version: number): Promise<void> {
    await this.update(
      id,
      (d) => {
        if (d.version !== version || d.phase !== 'playing' || d.state === null) return success(null);
        if (d.state.status === 'dealing') return this.dealChange(d);
        const bot = botMove(d, this.o.random, this.o.log);
        return bot === null ? success(null) : this.actionChange(d, bot.seat, bot.wire, true);
      },
      0,
    );
  }

  /** A starting server takes up every table under way where it was. */
  async resumeAll(): Promise<number> {
    const ids = await this.o.store.activeTables();
    for (const id of ids) {
      const doc = await this.o.store.load(id);
      if (doc !== null) this.scheduleNext(doc);
    }
    return ids.length;
  }

  private scheduleNext(doc: TableDoc): void {
    const state = doc.state;
    if (this.scheduler === null || doc.phase !== 'playing' || state === null) return;
    if (state.status === 'dealing') {
      this.scheduler.schedule(doc.id, doc.version, this.o.handPauseMs);
      return;
    }
    if (botCanAct(doc)) this.scheduler.schedule(doc.id, doc.version, this.o.botDelayMs);
  }

  // ---- changes ---------------------------------------------------------------------------------

  private newGameChange(d: TableDoc, kind: 'started' | 'rematch'): Outcome<Change> {
    const fresh = newGame(d.rulesInput);
    if (!fresh.ok) return { ok: false, problem: fromGameError(fresh.error) };
    const dealt = dealNextHand(fresh.value, this.o.random);
    if (!dealt.ok) return { ok: false, problem: fromGameError(dealt.error) };
    return success({ doc: { ...d, phase: 'playing', game: d.game + 1, state: dealt.value }, cause: { kind } });
  }

  private dealChange(d: TableDoc): Outcome<Change> {
    if (d.state === null) return refuse(ErrorCode.notPlaying, 'no game');
    const dealt = dealNextHand(d.state, this.o.random);
    if (!dealt.ok) return { ok: false, problem: fromGameError(dealt.error) };
    return success({ doc: { ...d, state: dealt.value }, cause: { kind: 'dealt' } });
  }

  private actionChange(d: TableDoc, seat: number, wire: WireAction, bot: boolean): Outcome<Change> {
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
      cause: { kind: 'action', seat, type: wire.type, bot },
    });
  }

  // ---- committing ------------------------------------------------------------------------------

  /** Like `update`, but a change that decides to do nothing is an error here. */
  private async mustUpdate(id: TableId, decide: (d: TableDoc) => Outcome<Change | null>, retries = CONFLICT_RETRIES): Promise<Outcome<TableDoc>> {
    const out = await this.update(id, decide, retries);
    if (!out.ok) return out;
    if (out.value !== null) return success(out.value);
    const doc = await this.o.store.load(id);
    return doc === null ? refuse(ErrorCode.tableNotFound, `there is no table ${id}`) : success(doc);
  }

  /**
   * Loads, decides, commits on the loaded version. `retries` is how often to decide again when
   * another writer committed first (0 for moves: the version they were made on is gone, and the
   * next attempt would refuse them as stale anyway).
   */
  private async update(id: TableId, decide: (d: TableDoc) => Outcome<Change | null>, retries = CONFLICT_RETRIES): Promise<Outcome<TableDoc | null>> {
    for (let attempt = 0; ; attempt++) {
      const doc = await this.o.store.load(id);
      if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
      const decided = decide(doc);
      if (!decided.ok) return decided;
      if (decided.value === null) return success(null);
      const { doc: changed, append, cause } = decided.value;
      const next: TableDoc = { ...changed, version: doc.version + 1 };
      if (await this.o.store.commit(next, append)) {
        this.committed(next, cause);
        return success(next);
      }
      if (attempt >= retries) {
        const now = await this.o.store.load(id);
        const version = now?.version ?? doc.version + 1;
        return refuse(ErrorCode.stale, `the table changed while this was being decided (now version ${version}); try again`, { version });
      }
    }
  }

  private committed(doc: TableDoc, cause: Cause): void {
    logChange(this.o.log, doc, cause);
    this.o.onChange(doc);
    this.scheduleNext(doc);
  }
}

function sameSeat(a: SeatRecord, b: SeatRecord): boolean {
  return a.kind === b.kind && (a.kind !== 'bot' || (b.kind === 'bot' && a.level === b.level));
}
