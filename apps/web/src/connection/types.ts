import type { End, Preset, Rules, RulesInput, Seat, TableView } from '@fives/engine';
import type { FairnessReport } from './fairness.ts';

/**
 * What the table UI needs from a connection, whatever carries it: the local practice game
 * today, Socket.IO to the server next. Actions go in; the client state — the seat's
 * `TableView`, the table's summary, the lobby's lists — comes out. The UI never talks to a
 * transport directly, so wiring the server means writing one more `Connection`.
 */

declare const tableIdBrand: unique symbol;
export type TableId = string & { readonly [tableIdBrand]: true };
export const tableId = (id: string): TableId => id as TableId;

/** The same five levels as the server's protocol (`@fives/protocol` BOT_LEVELS). */
export const BOT_LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** A move by the viewer's own seat; the connection knows which seat that is. */
export type Move =
  | { readonly type: 'play'; readonly tile: string; readonly end: End | null }
  | { readonly type: 'draw' }
  | { readonly type: 'pass' }
  | { readonly type: 'claim'; readonly points: number }
  | { readonly type: 'noScore' }
  | { readonly type: 'muggins' };

/** What a table is set up with: the rules, how many seats the computer fills and how well it plays. */
export interface GameSetup {
  readonly rules: RulesInput;
  readonly bots: number;
  readonly level: BotLevel;
  /** Seconds per turn before a bot moves for the seat; null for no timer. */
  readonly turnSeconds: number | null;
}

export type ClientAction =
  | { readonly type: 'setName'; readonly name: string }
  /** A table with the player and `setup.bots` computer players, dealt at once. */
  | { readonly type: 'playNow'; readonly setup: GameSetup }
  /** A private table: the reply's summary carries the invite link; the host starts it. */
  | { readonly type: 'createTable'; readonly setup: GameSetup }
  | { readonly type: 'joinTable'; readonly table: TableId }
  | { readonly type: 'joinQueue'; readonly players: 2 | 3 | 4; readonly preset: Preset }
  | { readonly type: 'leaveQueue' }
  | { readonly type: 'watchOpenTables'; readonly on: boolean }
  | { readonly type: 'startGame' }
  | { readonly type: 'move'; readonly move: Move }
  /**
   * The viewer has seen the end of the hand and is ready for the next deal. The practice table
   * waits for it; the server deals by itself, so an online connection need not send anything.
   */
  | { readonly type: 'nextHand' }
  | { readonly type: 'rematch' }
  | { readonly type: 'leaveTable' };

export type ClientActionType = ClientAction['type'];

/** A seat as everyone sees it (the protocol's SeatInfo, with presence from `table:presence`). */
export interface SeatSummary {
  readonly seat: Seat;
  /** `open`: waiting for a person to sit down. */
  readonly kind: 'human' | 'bot' | 'open';
  /** Empty for an open seat. */
  readonly name: string;
  /** For bots; for a human, set while a bot stands in for them (disconnected, or out of time). */
  readonly level: BotLevel | null;
  readonly connected: boolean;
}

export interface TableSummary {
  readonly id: TableId;
  /** A short code a friend can type. */
  readonly code: string;
  /** The link that seats a friend; null for tables nobody can join (practice). */
  readonly inviteUrl: string | null;
  readonly rules: Rules;
  readonly seats: readonly SeatSummary[];
  /** The host's seat, or null when the host does not sit at the table. */
  readonly hostSeat: Seat | null;
  readonly phase: 'waiting' | 'playing' | 'over';
  /** The game number at this table (rematches count up). */
  readonly game: number;
  readonly turnSeconds: number | null;
  /** When the current turn runs out, in this client's clock (ms since the epoch); null without a timer. */
  readonly turnDeadline: number | null;
}

export interface OpenTable {
  readonly id: TableId;
  readonly host: string;
  readonly rules: Rules;
  readonly seatsTaken: number;
}

export interface QueueStatus {
  readonly players: 2 | 3 | 4;
  readonly preset: Preset;
  /** How many people wait for the same game, this player included. */
  readonly waiting: number;
  /** When empty seats will be filled with computer players (client clock, ms). */
  readonly botsAt: number | null;
}

export type LinkStatus = 'offline' | 'connecting' | 'online' | 'reconnecting';

export interface Notice {
  readonly code: string;
  readonly message: string;
}

export interface ClientState {
  readonly link: LinkStatus;
  readonly name: string | null;
  readonly queue: QueueStatus | null;
  readonly openTables: readonly OpenTable[];
  /** `fairness`: how the server's deals check out (see `connection/fairness.ts`); absent at a practice table. */
  readonly table: { readonly summary: TableSummary; readonly view: TableView; readonly fairness?: FairnessReport } | null;
  /** Why the last action was refused; cleared by the next accepted one. */
  readonly notice: Notice | null;
}

export interface Connection {
  readonly kind: 'practice' | 'online';
  /** Which actions this connection carries; the lobby hides the rest. */
  readonly supports: ReadonlySet<ClientActionType>;
  readonly state: ClientState;
  /** Svelte store contract: called at once with the current state, then on every change. */
  subscribe(listener: (state: ClientState) => void): () => void;
  send(action: ClientAction): void;
  close(): void;
}

export const EMPTY_STATE: ClientState = { link: 'offline', name: null, queue: null, openTables: [], table: null, notice: null };
