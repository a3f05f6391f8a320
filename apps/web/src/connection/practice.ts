import {
  type Action,
  type GameState,
  type RandomSource,
  type Rules,
  actionFromText,
  apply,
  dealHand,
  legalActions,
  newGame,
  resolveRules,
  seededRandom,
  startHand,
  view,
} from '@fives/engine';
import { t } from '../i18n/i18n.svelte.ts';
import { mugginsChance } from '../lib/hints.ts';
import { botAction } from './bot.ts';
import {
  type BotLevel,
  type ClientAction,
  type ClientActionType,
  type ClientState,
  type Connection,
  EMPTY_STATE,
  type GameSetup,
  type Move,
  type Notice,
  type SeatSummary,
  type TableSummary,
  tableId,
} from './types.ts';

/** Runs `task` after `ms`; returns a cancel function. Injected so tests can drive time by hand. */
export type Scheduler = (task: () => void, ms: number) => () => void;

export interface PracticeOptions {
  /** Seeds every deal, lead and bot choice: the same seed and the same moves replay the same game. */
  readonly seed: string;
  /** How long a computer player seems to think, read before each of its moves. */
  readonly botDelay?: () => number;
  readonly schedule?: Scheduler;
  readonly now?: () => number;
}

const BOT_NAMES = ['Ada', 'Basil', 'Cleo'] as const;
const HUMAN: number = 0;
const SUPPORTED: ReadonlySet<ClientActionType> = new Set(['setName', 'playNow', 'move', 'nextHand', 'rematch', 'leaveTable']);

const timeoutScheduler: Scheduler = (task, ms) => {
  const id = setTimeout(task, ms);
  return () => clearTimeout(id);
};

interface Game {
  readonly setup: GameSetup;
  readonly rules: Rules;
  readonly levels: readonly BotLevel[];
  state: GameState;
  number: number;
  deadline: number | null;
}

/**
 * A whole table in the browser: the player in seat 0 and computer players in the others, the
 * engine deciding everything, deals from `seededRandom`. Offline practice, and the way the UI and
 * its tests play real games without a server. It speaks the same `Connection` as the server will.
 */
export class PracticeConnection implements Connection {
  readonly kind = 'practice' as const;
  #state: ClientState = { ...EMPTY_STATE, offers: SUPPORTED };
  #listeners = new Set<(s: ClientState) => void>();
  #random: RandomSource;
  #game: Game | null = null;
  #pending: (() => void) | null = null;
  #timer: (() => void) | null = null;
  readonly #options: PracticeOptions;
  readonly #schedule: Scheduler;
  readonly #now: () => number;

  constructor(options: PracticeOptions) {
    this.#options = options;
    this.#random = seededRandom(options.seed);
    this.#schedule = options.schedule ?? timeoutScheduler;
    this.#now = options.now ?? Date.now;
  }

  get state(): ClientState {
    return this.#state;
  }

  subscribe(listener: (s: ClientState) => void): () => void {
    this.#listeners.add(listener);
    listener(this.#state);
    return () => this.#listeners.delete(listener);
  }

  send(action: ClientAction): void {
    switch (action.type) {
      case 'setName': {
        const name = action.name.trim().slice(0, 24);
        if (name === '') return this.#refuse({ code: 'name/empty', message: t('notice.emptyName') });
        return this.#set({ name, notice: null });
      }
      case 'playNow':
        return this.#start(action.setup);
      case 'move':
        return this.#move(action.move);
      case 'nextHand':
        return this.#nextHand();
      case 'rematch':
        return this.#rematch();
      case 'leaveTable':
        this.#cancelTimers();
        this.#game = null;
        return this.#set({ table: null, notice: null });
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
        return this.#refuse({ code: 'practice/offline', message: t('notice.practiceOffline') });
      default:
        return assertNever(action);
    }
  }

  close(): void {
    this.#cancelTimers();
    this.#listeners.clear();
  }

  #start(setup: GameSetup): void {
    const resolved = resolveRules(setup.rules);
    if (!resolved.ok) return this.#refuse(resolved.error);
    const rules = resolved.value;
    if (setup.bots !== rules.players - 1) {
      return this.#refuse({ code: 'practice/seats', message: t('notice.practiceSeats', { count: rules.players - 1 }) });
    }
    const created = newGame(setup.rules);
    if (!created.ok) return this.#refuse(created.error);
    this.#cancelTimers();
    const levels = Array.from({ length: rules.players }, () => setup.level);
    this.#game = { setup, rules, levels, state: created.value, number: 1, deadline: null };
    this.#deal();
  }

  #deal(): void {
    const game = this.#game;
    if (game === null) return;
    const { deal, leader } = dealHand(game.state, this.#random);
    const started = startHand(game.state, deal, leader);
    if (!started.ok) return this.#refuse(started.error);
    game.state = started.value;
    this.#advance(null);
  }

  #move(move: Move): void {
    const game = this.#game;
    if (game === null) return this.#refuse({ code: 'table/none', message: t('notice.notAtTable') });
    // The move is a wire action, read by the engine's conversion as the server reads it.
    const action = actionFromText(move, HUMAN, game.state.hand?.board.tiles === 0);
    if (action === null) return this.#refuse({ code: 'action/invalid', message: t('notice.notDomino') });
    const next = apply(game.state, action);
    if (!next.ok) return this.#refuse(next.error);
    game.state = next.value;
    this.#advance(null);
  }

  #nextHand(): void {
    const game = this.#game;
    if (game === null || game.state.status !== 'dealing' || game.state.hand === null) {
      return this.#refuse({ code: 'game/hand_in_progress', message: t('notice.handInProgress') });
    }
    this.#deal();
  }

  #rematch(): void {
    const game = this.#game;
    if (game === null || game.state.status !== 'over') return this.#refuse({ code: 'game/not_over', message: t('notice.notOver') });
    const created = newGame(game.setup.rules);
    if (!created.ok) return this.#refuse(created.error);
    game.state = created.value;
    game.number += 1;
    this.#deal();
  }

  /** Publishes the new position, then lets the computer players and the turn timer act on it. */
  #advance(notice: Notice | null): void {
    const game = this.#game;
    if (game === null) return;
    this.#cancelTimers();
    const hand = game.state.hand;
    const humanToAct = game.state.status === 'playing' && hand !== null && hand.turn === HUMAN;
    const seconds = game.setup.turnSeconds;
    game.deadline = humanToAct && seconds !== null ? this.#now() + seconds * 1000 : null;
    this.#set({ table: { summary: this.#summary(game), seat: HUMAN, view: view(game.state, HUMAN) }, notice });
    if (game.state.status !== 'playing') return;
    if (this.#botMayAct(game)) {
      const base = this.#options.botDelay?.() ?? 600;
      // Leave the player time to call Muggins on a computer player's missed count.
      const delay = mugginsChance(view(game.state, HUMAN)) ? base + 1500 : base;
      this.#pending = this.#schedule(() => {
        this.#pending = null;
        // Decided when it happens, so a cancelled turn draws no random numbers and a seed
        // replays the same game whatever the player's timing.
        const botAction = this.#nextBotAction(game);
        if (botAction === null) return;
        const next = apply(game.state, botAction);
        if (next.ok) game.state = next.value;
        this.#advance(null);
      }, delay);
    }
    if (game.deadline !== null && seconds !== null) {
      // Out of time: the seat's move is made for it, as the server's turn timer will do.
      this.#timer = this.#schedule(() => {
        this.#timer = null;
        const action = botAction(view(game.state, HUMAN), 'medium', this.#random);
        const next = action === null ? null : apply(game.state, action);
        if (next?.ok) game.state = next.value;
        this.#advance({ code: 'turn/timeout', message: t('notice.timeout') });
      }, seconds * 1000);
    }
  }

  #botMayAct(game: Game): boolean {
    return Array.from({ length: game.rules.players }, (_, s) => s).some((s) => s !== HUMAN && legalActions(view(game.state, s)).length > 0);
  }

  /** The next thing a computer player does: its turn, or a Muggins call on the player's miss. */
  #nextBotAction(game: Game): Action | null {
    const hand = game.state.hand;
    if (hand === null) return null;
    const seats = Array.from({ length: game.rules.players }, (_, s) => s).filter((s) => s !== HUMAN);
    // Whoever must move goes first; otherwise any bot may pounce on a missed count.
    const order = [...seats.filter((s) => s === hand.turn), ...seats.filter((s) => s !== hand.turn)];
    for (const seat of order) {
      const action = botAction(view(game.state, seat), game.levels[seat] ?? 'medium', this.#random);
      if (action !== null) return action;
    }
    return null;
  }

  #summary(game: Game): TableSummary {
    const seats: SeatSummary[] = Array.from({ length: game.rules.players }, (_, seat) =>
      seat === HUMAN
        ? { seat, name: this.#state.name ?? t('common.you'), kind: 'human', level: null, connected: true, away: false }
        : { seat, name: BOT_NAMES[seat - 1] ?? `Bot ${seat}`, kind: 'bot', level: game.levels[seat] ?? 'medium', connected: true, away: false },
    );
    return {
      id: tableId(`practice-${this.#options.seed}`),
      code: 'PRACTICE',
      inviteUrl: null,
      rules: game.rules,
      seats,
      hostSeat: HUMAN,
      phase: game.state.status === 'over' ? 'over' : 'playing',
      game: game.number,
      turnSeconds: game.setup.turnSeconds,
      listed: false,
      turnDeadline: game.deadline,
      mugginsDeadline: null,
    };
  }

  #cancelTimers(): void {
    this.#pending?.();
    this.#pending = null;
    this.#timer?.();
    this.#timer = null;
  }

  #refuse(notice: Notice): void {
    this.#set({ notice });
  }

  #set(patch: Partial<ClientState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of this.#listeners) l(this.#state);
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected action ${JSON.stringify(x)}`);
}
