import type { GameRecord, Preset, Rules, RulesInput, Seat, TableView } from '@fives/engine';
import type { BotLevel, FriendChallenge, PlayerId, TableId as ProtocolTableId, ReactionKey, WireAction } from '@fives/protocol';
import type { FairnessReport } from './fairness.ts';

/**
 * What the table UI needs from a connection, whatever carries it: the local practice game
 * today, Socket.IO to the server next. Actions go in; the client state — the seat's
 * `TableView`, the table's summary, the lobby's lists — comes out. The UI never talks to a
 * transport directly, so wiring the server means writing one more `Connection`.
 */

/** The protocol's branded table id, so a table id is never passed where another string belongs. */
export type TableId = ProtocolTableId;
export const tableId = (id: string): TableId => id as TableId;

/** The computer players' levels: the protocol's list, which is the bots' own. */
export { BOT_LEVELS, type BotLevel } from '@fives/protocol';

/**
 * A move by the viewer's own seat: the protocol's wire action itself (the connection knows which
 * seat it is), sent as it is online and read by the engine's own text conversion in practice.
 */
export type Move = WireAction;

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
  /**
   * A private table: the reply's summary carries the invite link; the host starts it. `listed`
   * also shows it among the open tables while it waits for players.
   */
  | { readonly type: 'createTable'; readonly setup: GameSetup; readonly listed?: boolean }
  /** Sit at the table (your own seat again, or an open one), or watch it when `watch` is set or no seat is free. */
  | { readonly type: 'joinTable'; readonly table: TableId; readonly watch?: boolean }
  /** The same, for the table with this short code (as a friend reads it out). */
  | { readonly type: 'joinCode'; readonly code: string }
  /** Host, before the start: a computer player in a seat, or the seat opened again for a person. */
  | { readonly type: 'setSeat'; readonly seat: Seat; readonly occupant: SeatOccupant }
  /** Host, any time: the turn time (from the next turn on; null: none) and whether the table is among the open ones. */
  | { readonly type: 'tableSettings'; readonly turnSeconds?: number | null; readonly listed?: boolean; readonly rated?: boolean }
  | { readonly type: 'joinQueue'; readonly players: 2 | 3 | 4; readonly preset: Preset }
  | { readonly type: 'leaveQueue' }
  | { readonly type: 'watchOpenTables'; readonly on: boolean }
  /** What the table at an invite link is — its host, rules and free seats — before sitting down (`invitation`). */
  | { readonly type: 'previewTable'; readonly table: TableId }
  | { readonly type: 'startGame' }
  | { readonly type: 'move'; readonly move: Move }
  /**
   * The viewer has seen the end of the hand and is ready for the next deal. The practice table
   * waits for it; the server deals by itself, so an online connection need not send anything.
   */
  | { readonly type: 'nextHand' }
  | { readonly type: 'rematch' }
  /** A person's answer to the host's rematch offer (online: the practice table's rematch needs nobody's yes). */
  | { readonly type: 'answerRematch'; readonly accept: boolean }
  /** A quick reaction to the table, from the viewer's seat (online only: computers do not read them). */
  | { readonly type: 'react'; readonly reaction: ReactionKey }
  | { readonly type: 'leaveTable' };

export type ClientActionType = ClientAction['type'];

export type SeatOccupant = { readonly type: 'human' } | { readonly type: 'bot'; readonly level: BotLevel };

/** A seat as everyone sees it (the protocol's SeatInfo, with presence from `table:presence`). */
export interface SeatSummary {
  readonly seat: Seat;
  /** `open`: waiting for a person to sit down. */
  readonly kind: 'human' | 'bot' | 'open';
  /** Empty for an open seat. */
  readonly name: string;
  /** For bots. */
  readonly level: BotLevel | null;
  readonly connected: boolean;
  /** A person's seat that a computer plays until they are back (gone too long, or left mid-game). */
  readonly away: boolean;
  /** A person's rating of the table's key as the server shows it: rounded, or "?" (none, or RD above 110). */
  readonly rating?: string;
  /** A person who kept their name with a passkey (theirs alone); a person without it is a guest, whose name others may share. */
  readonly kept?: boolean;
}

/** A quick reaction heard at the followed table; `id` grows with each one this client hears. */
export interface TableReaction {
  readonly id: number;
  readonly seat: Seat;
  /** Who sent it, wherever they sit: what muting one person is kept by. */
  readonly player: PlayerId;
  readonly reaction: ReactionKey;
}

export interface TableSummary {
  readonly id: TableId;
  /** A short code a friend can type; null where the server has none. */
  readonly code: string | null;
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
  /** Shown among the open tables while it waits for players (the host's choice). */
  readonly listed: boolean;
  /** Its games count in the ratings (the host's choice before the start; absent offline). */
  readonly rated?: boolean;
  /** When the current turn runs out, in this client's clock (ms since the epoch); null without a timer. */
  readonly turnDeadline: number | null;
  /**
   * Until when an opponent's missed count may be called (client clock, ms); a time already past
   * when the window is closed; null when nothing but the rules closes it (the next tile played).
   */
  readonly mugginsDeadline: number | null;
  /** The host's rematch offer once the game is over (online; docs/protocol.md): who offered, who said yes, who said no. */
  readonly rematch?: { readonly by: Seat; readonly accepted: readonly Seat[]; readonly declined: Seat | null };
}

export interface OpenTable {
  readonly id: TableId;
  readonly code: string | null;
  /** The host's name; null when the host does not sit at the table. */
  readonly host: string | null;
  readonly rules: Rules;
  /** Seats taken, by people or computer players, of `rules.players`. */
  readonly seatsTaken: number;
  readonly turnSeconds: number | null;
}

export interface QueueStatus {
  readonly players: 2 | 3 | 4;
  readonly preset: Preset;
  /** How many people wait for the same game, this player included. */
  readonly waiting: number;
  /** When empty seats will be filled with computer players (client clock, ms). */
  readonly botsAt: number | null;
  /**
   * This player's rating of the queue's key as shown ("1512", or "?" while unsure), from the
   * `queue:join` ack (`queue:status` goes to everyone and has none); null until the ack comes.
   */
  readonly rating: string | null;
}

/**
 * Kept out of the random-opponent queues for leaving rated games (`queue/banned`): until when
 * (client clock, ms), and why: the rated games left in the last `windowHours`.
 */
export interface QueueBan {
  readonly until: number;
  readonly leaves: number;
  readonly windowHours: number;
}

export type LinkStatus = 'offline' | 'connecting' | 'online' | 'reconnecting';

export interface Notice {
  readonly code: string;
  readonly message: string;
}

export interface ClientState {
  readonly link: LinkStatus;
  /** The actions this connection can carry (practice has no invitations, queue or open tables); the lobby disables the rest. */
  readonly offers: ReadonlySet<ClientActionType>;
  readonly name: string | null;
  readonly queue: QueueStatus | null;
  /** The queue ban the last `queue:join` was refused with; null once a join is accepted. */
  readonly queueBan: QueueBan | null;
  readonly openTables: readonly OpenTable[];
  /**
   * The table this client follows: its summary, the viewer's seat (null: watching) and the
   * seat's view of the game (null before the first deal).
   */
  readonly table: {
    readonly summary: TableSummary;
    readonly seat: Seat | null;
    readonly view: TableView | null;
    /** How the server's deals check out (see `connection/fairness.ts`); absent at a practice table. */
    readonly fairness?: FairnessReport;
  } | null;
  /** A table being joined (or joined again after a reload) whose first state has not come yet. */
  readonly joining: TableId | null;
  /** The table this client was following until another tab or window of the same player took its seat over. */
  readonly detached: TableId | null;
  /** A move is on its way to the server and not answered yet (never for a table in this browser). */
  readonly sending: boolean;
  /** Why the last action was refused; cleared by the next accepted one. */
  readonly notice: Notice | null;
  /**
   * A game under way where this player still has a seat, while they are not at it (they left,
   * or opened the lobby in another tab): the lobby offers the way back.
   */
  readonly yourGame: { readonly id: TableId; readonly code: string | null } | null;
  /** The table an invite link leads to, as `previewTable` found it; null until then (or when there is none). */
  readonly invitation: Invitation | null;
  /** The followed table's latest quick reactions, newest last (a few; the screen shows each for a while). */
  readonly reactions: readonly TableReaction[];
  /** A friend's challenge to this player waiting for the answer (online only); null when none. */
  readonly challenge: FriendChallenge | null;
}

export interface Invitation {
  readonly id: TableId;
  /** The host's name; null when the host does not sit at the table. */
  readonly host: string | null;
  readonly rules: Rules;
  readonly phase: 'waiting' | 'playing' | 'over';
  /** Seats open for a person now. */
  readonly free: number;
  readonly turnSeconds: number | null;
}

export interface Connection {
  readonly kind: 'practice' | 'online';
  readonly state: ClientState;
  /** Svelte store contract: called at once with the current state, then on every change. */
  subscribe(listener: (state: ClientState) => void): () => void;
  send(action: ClientAction): void;
  close(): void;
  /**
   * The game at the table as a record (docs/records.md) of the hands finished so far. Only the
   * practice table has one to give (its coach replays it); null when no hand has finished.
   */
  currentGame?(): GameRecord | null;
}

export const EMPTY_STATE: ClientState = {
  link: 'offline',
  offers: new Set(),
  name: null,
  queue: null,
  queueBan: null,
  openTables: [],
  table: null,
  joining: null,
  detached: null,
  sending: false,
  notice: null,
  yourGame: null,
  invitation: null,
  reactions: [],
  challenge: null,
};
