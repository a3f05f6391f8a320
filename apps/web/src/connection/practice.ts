import { type GameRecord, resolveRules, seededRandom } from '@fives/engine';
import { ErrorCode, PlayerIdSchema, TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, TableCodeSchema, TableIdSchema, WireActionSchema, isCorrespondence } from '@fives/protocol';
import { type Person, type SeedSource, TABLE_TIMING, type TableDoc, type Timing, act, deal, rematch, seedsFrom, startedTable, summarize, tableState } from '@fives/table';
import { t } from '../i18n/i18n.svelte.ts';
import { StateConnection, assertNever } from './base.ts';
import { TableFairness } from './fairness.ts';
import type { KeyValueStore } from './guest.ts';
import { type GameHands, LocalTable, type Scheduler, timeoutScheduler } from './local-table.ts';
import { practiceName } from './practice-name.ts';
import { forgetPractice, loadPractice, savePractice } from './practice-store.ts';
import { type Thinker, defaultThinker } from './thinker.ts';
import { type ClientAction, type ClientActionType, type Connection, EMPTY_STATE, type GameSetup, type Move, type Notice } from './types.ts';
import { TIMED_OUT, noticeOf, tableOf } from './wire.ts';

export type { Scheduler };

export interface PracticeOptions {
  /**
   * Seeds every deal and every computer player's choice: the same seed and the same moves replay
   * the same game. Without one, deals are seeded from `crypto.getRandomValues`, as the server's are.
   */
  readonly seed?: string;
  /** The computer players' pause before they move (default: the server's), read at every change. */
  readonly botDelay?: () => number;
  readonly schedule?: Scheduler;
  readonly now?: () => number;
  /** Where the game under way is kept for a reload; `localStorage` in the browser, none by default. */
  readonly storage?: KeyValueStore | null;
  /** Where the computer players think (default: a Web Worker, or this thread where there is none). */
  readonly thinker?: Thinker;
}

const SUPPORTED: ReadonlySet<ClientActionType> = new Set(['setName', 'playNow', 'move', 'nextHand', 'rematch', 'leaveTable']);

/** The player at a practice table: ids only this page ever sees. */
const PLAYER = PlayerIdSchema.parse('p_practice-player');
const PRACTICE_ID = TableIdSchema.parse('practice');
const PRACTICE_CODE = TableCodeSchema.parse(TABLE_CODE_ALPHABET.slice(0, TABLE_CODE_LENGTH));
const SEAT = 0;

// Functions, not constants: their words are the language's at the time.
const OFFLINE = (): Notice => ({ code: 'practice/offline', message: t('notice.practiceOffline') });
const NO_TABLE = (): Notice => ({ code: ErrorCode.notJoined, message: t('notice.notAtTable') });

/** 128 bits from the browser's CSPRNG: what every deal is made from, as on the server. */
const cryptoSeeds: SeedSource = () => Array.from(crypto.getRandomValues(new Uint32Array(4)), (w) => w.toString(16).padStart(8, '0')).join('');

/**
 * The practice table: the player in seat 0 and computer players in the others, on the server's
 * own table machine run in this page (`LocalTable`), so it deals with the server's dealer and
 * fairness commitments, moves its computer players in the server's order, and keeps the
 * server's Muggins window and clocks. This is only the transport: the client's actions become
 * the machine's decisions, and each state the table broadcasts comes back as `tableState` does
 * from the server, read by the same `tableOf` as online.
 */
export class PracticeConnection extends StateConnection implements Connection {
  readonly kind = 'practice' as const;
  readonly #table: LocalTable;
  readonly #thinker: Thinker;
  readonly #seeds: SeedSource;
  readonly #now: () => number;
  readonly #storage: KeyValueStore | null;
  readonly #fairness = new TableFairness();
  /** The version the player last saw: a move is made on it, as online. */
  #seen = -1;

  constructor(options: PracticeOptions = {}) {
    super({ ...EMPTY_STATE, offers: SUPPORTED });
    const seed = options.seed;
    this.#seeds = seed === undefined ? cryptoSeeds : seedsFrom(seededRandom(`${seed}/deals`));
    this.#now = options.now ?? Date.now;
    this.#storage = options.storage ?? null;
    this.#thinker = options.thinker ?? defaultThinker(seed === undefined ? cryptoSeeds() : `${seed}/bots`);
    const timing = (): Timing => ({ ...TABLE_TIMING, botDelayMs: options.botDelay?.() ?? TABLE_TIMING.botDelayMs });
    this.#table = new LocalTable({
      seeds: this.#seeds,
      thinker: this.#thinker,
      schedule: options.schedule ?? timeoutScheduler,
      now: this.#now,
      timing,
      onChange: (doc) => this.#show(doc, null),
      onTimedOut: (seat) => {
        if (seat === SEAT) this.set({ notice: TIMED_OUT() });
      },
      onStuck: (message) => this.set({ notice: { code: ErrorCode.internal, message: t('notice.botsStuck', { message }) } }),
    });
    this.#resume();
  }

  /** Whether a game is under way at the practice table (leaving it throws it away). */
  get playing(): boolean {
    return this.#table.doc?.phase === 'playing';
  }

  /** The records of this table's finished games, oldest first. */
  records(): GameRecord[] {
    return this.#table.records();
  }

  currentGame(): GameRecord | null {
    return this.#table.currentGame();
  }

  send(action: ClientAction): void {
    switch (action.type) {
      case 'setName': {
        const rule = practiceName(action.name);
        if ('refused' in rule) return this.set({ notice: rule.refused });
        return this.set({ name: rule.name, notice: null });
      }
      case 'playNow':
        return this.#start(action.setup);
      case 'move':
        return this.#move(action.move);
      case 'nextHand':
        return this.#nextHand();
      case 'rematch':
        return this.#decide((d) => rematch(d, PLAYER, this.#seeds));
      case 'leaveTable':
        this.#table.close();
        forgetPractice(this.#storage);
        return this.set({ table: null, notice: null });
      case 'createTable':
      case 'joinTable':
      case 'joinCode':
      case 'setSeat':
      case 'tableSettings':
      case 'joinQueue':
      case 'leaveQueue':
      case 'watchOpenTables':
      case 'previewTable':
      case 'startGame':
        return this.set({ notice: OFFLINE() });
      case 'answerRematch':
        // Not offered: the practice table's rematch asks nobody (the only person there is the one rematching).
        return;
      case 'react':
        // Not offered: nobody at a practice table reads them (the button is not shown).
        return;
      default:
        return assertNever(action);
    }
  }

  close(): void {
    this.#table.close();
    this.#thinker.close();
    this.forgetListeners();
  }

  /** The game kept from before a reload, if any, goes on. */
  #resume(): void {
    const loaded = loadPractice(this.#storage);
    if (loaded.kind === 'unreadable') {
      this.set({ notice: { code: 'practice/unreadable', message: t('notice.practiceUnreadable', { reason: loaded.reason }) } });
      return;
    }
    if (loaded.kind === 'none') return;
    const { doc, games } = loaded.saved;
    const me = doc.seats[SEAT];
    this.set({ name: me?.kind === 'human' ? me.name : null });
    this.#table.resume(doc, games);
    this.#show(doc, games);
  }

  #start(setup: GameSetup): void {
    const resolved = resolveRules(setup.rules);
    if (!resolved.ok) return this.set({ notice: noticeOf({ code: ErrorCode.badRules, message: resolved.error.message }) });
    const players = resolved.value.players;
    if (setup.bots !== players - 1) {
      return this.set({ notice: { code: 'practice/seats', message: t('notice.practiceSeats', { count: players - 1 }) } });
    }
    const me: Person = { id: PLAYER, name: this.state.name ?? t('common.you') };
    const made = startedTable({
      people: [me],
      level: setup.level,
      rulesInput: setup.rules,
      // Days a move are for people apart (a correspondence table online): practice plays live.
      settings: { turnSeconds: setup.turnSeconds !== null && isCorrespondence(setup.turnSeconds) ? null : setup.turnSeconds, listed: false, rated: false },
      seeds: this.#seeds,
    });
    if (!made.ok) return this.set({ notice: noticeOf(made.error) });
    this.set({ notice: null });
    this.#table.open(made.value.table, PRACTICE_ID, PRACTICE_CODE);
  }

  #move(move: Move): void {
    if (this.#table.doc === null) return this.set({ notice: NO_TABLE() });
    // Checked as the server's socket checks it: a tile that does not exist is refused, not thrown.
    const wire = WireActionSchema.safeParse(move);
    if (!wire.success) return this.set({ notice: noticeOf({ code: ErrorCode.invalidMessage, message: t('notice.notDomino') }) });
    this.#decide((d, now) => act(d, now, { playerId: PLAYER, seat: SEAT, version: this.#seen, wire: wire.data }));
  }

  /** The player has read the hand's end: deal now rather than after the server's pause (nobody else to wait for). */
  #nextHand(): void {
    if (this.#table.doc?.state?.status !== 'dealing') return;
    this.#decide((d) => deal(d, this.#seeds));
  }

  #decide(decision: Parameters<LocalTable['decide']>[0]): void {
    if (this.#table.doc === null) return this.set({ notice: NO_TABLE() });
    const out = this.#table.decide(decision);
    // The player's own request, accepted, clears the last refusal (as online); a refused one says why.
    this.set({ notice: out.ok ? null : noticeOf(out.error) });
  }

  /** A state the table broadcast: kept for a reload, and shown as the server's `table:state` would show it. */
  #show(doc: TableDoc, games: readonly GameHands[] | null): void {
    savePractice(this.#storage, { doc, games: games ?? this.#table.games });
    const now = this.#now();
    const s = tableState(doc, SEAT, summarize(doc, now));
    this.#seen = s.version;
    const table = tableOf(s, this.#fairness, null, null, now);
    // Nobody can join a practice table: it has no code to give out.
    this.set({ table: { ...table, summary: { ...table.summary, code: null } } });
  }
}
