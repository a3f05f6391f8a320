import { RulesInputSchema, type TableView } from '@fives/engine';
import { z } from 'zod';
import { WireActionSchema } from './actions.ts';
import { RatingSchema } from './archive.ts';
import { type Problem, ProblemSchema } from './errors.ts';
import { FairnessSchema } from './fairness-schema.ts';
import { type ChallengeAnswered, ChallengeAnsweredSchema, type FriendChallenge, FriendChallengeSchema, type TournamentDealt, TournamentDealtSchema } from './friends.ts';
import { PlayerIdSchema, QueueIdSchema, SeatSchema, TableCodeSchema, TableIdSchema, VersionSchema } from './ids.ts';
import { BotLevelSchema, DeadlineSchema, type OpenTables, OpenTablesSchema, SeatSpecSchema, TableSummarySchema, TurnSecondsSchema } from './table.ts';
import { REACTIONS } from './reactions.ts';
import { RulesSchema, TableViewSchema } from './view.ts';

/**
 * Every Socket.IO event, both ways. A client event's payload is one object; the server checks
 * it against the schema here before anything else and refuses it, changing nothing, when it
 * does not fit. Each client event may carry an acknowledgement callback, answered with a
 * `Reply`; refusals are also sent as a `refused` event, so a client that does not use acks still
 * hears every one.
 */

// ---- client → server ----------------------------------------------------------------------

/** Longest a player may choose to wait for people before computer players fill the table. */
export const MAX_QUEUE_WAIT_SECONDS = 600;
export const DEFAULT_QUEUE_WAIT_SECONDS = 30;

export const ClientMessageSchemas = {
  /**
   * Sit at the table (the first open human seat, or your own seat again) or watch it. The table
   * is named by its id (from an invite link) or by its short code; exactly one of them.
   */
  'table:join': z
    .strictObject({
      tableId: TableIdSchema.optional(),
      code: TableCodeSchema.optional(),
      as: z.enum(['player', 'spectator']).optional(),
    })
    .refine((m) => (m.tableId === undefined) !== (m.code === undefined), {
      error: 'name the table by exactly one of tableId and code',
    }),
  /** Stop receiving this table; before the start, also gives your seat up. */
  'table:leave': z.strictObject({ tableId: TableIdSchema }),
  /** Host, before the start: make a seat open for a person, or a computer player. */
  'table:seat': z.strictObject({ tableId: TableIdSchema, seat: SeatSchema, occupant: SeatSpecSchema }),
  /** Host: deal the first hand (every seat must be taken). */
  'table:start': z.strictObject({ tableId: TableIdSchema }),
  /** Host, after a game: a new game with the same seats. */
  'table:rematch': z.strictObject({ tableId: TableIdSchema }),
  /** A seated person's answer to the host's rematch offer. */
  'table:rematchAnswer': z.strictObject({ tableId: TableIdSchema, accept: z.boolean() }),
  /** A move, made on the table version the client last saw. */
  'game:action': z.strictObject({ tableId: TableIdSchema, version: VersionSchema, action: WireActionSchema }),
  /** Host, any time: the turn time (from the next turn on) and whether the table is listed; before the first start, whether its games are rated. */
  'table:settings': z
    .strictObject({ tableId: TableIdSchema, turnSeconds: TurnSecondsSchema.optional(), listed: z.boolean().optional(), rated: z.boolean().optional() })
    .refine((m) => m.turnSeconds !== undefined || m.listed !== undefined || m.rated !== undefined, { error: 'change turnSeconds, listed, rated or any of them' }),
  /**
   * One step to a game against the computer: a new table with you at seat 0 and computer
   * players of `level` (default medium) in every other seat, dealt at once. Joins it as
   * `table:join` does (state first, then the ack).
   */
  'lobby:playNow': z.strictObject({
    rules: RulesInputSchema,
    level: BotLevelSchema.optional(),
    turnSeconds: TurnSecondsSchema.optional(),
  }),
  /** Follow the open-tables list (`lobby:tables` now and on every change), or stop. */
  'lobby:watch': z.strictObject({ on: z.boolean() }),
  /**
   * Wait for random opponents who want the same game (the same rules once resolved, players
   * included). As soon as enough wait whose ratings are close (100 apart, widening by 20 a
   * second waited; "?" meets anyone), they are seated together and dealt. When the first
   * player's `waitSeconds` (default 30) have passed, they and those waiting close enough to them
   * are seated and computer players of `level` (that player's choice, default medium) fill the
   * other seats. Joining
   * another queue leaves the first; joining the same one again keeps your place.
   */
  'queue:join': z.strictObject({
    rules: RulesInputSchema,
    waitSeconds: z.int().min(0).max(MAX_QUEUE_WAIT_SECONDS).optional(),
    level: BotLevelSchema.optional(),
  }),
  /** Stop waiting, at once. */
  'queue:leave': z.strictObject({}),
  /**
   * A seated person's quick reaction, one of `REACTIONS`: the table hears it as `table:reaction`.
   * Not kept anywhere (not in the table, not in the records); limited per player.
   */
  'table:react': z.strictObject({ tableId: TableIdSchema, reaction: z.enum(REACTIONS) }),
} as const;

export type ClientEvent = keyof typeof ClientMessageSchemas;
export const CLIENT_EVENTS = Object.keys(ClientMessageSchemas) as ClientEvent[];
export type ClientMessage<E extends ClientEvent> = z.input<(typeof ClientMessageSchemas)[E]>;

export const JoinResultSchema = z.strictObject({
  tableId: TableIdSchema,
  /** Your seat, or null when you watch. */
  seat: SeatSchema.nullable(),
  host: z.boolean(),
  version: VersionSchema,
});
export type JoinResult = z.output<typeof JoinResultSchema>;

export const VersionResultSchema = z.strictObject({ version: VersionSchema });
export type VersionResult = z.output<typeof VersionResultSchema>;

/**
 * A queue as its players see it: how many wait (you included), and when the computer fills the
 * empty seats (null when nobody waits). Sent as the `queue:join` ack and as `queue:status`
 * whenever the count or the time changes.
 */
export const QueueStatusSchema = z.strictObject({
  queue: QueueIdSchema,
  rules: RulesSchema,
  waiting: z.int().min(0),
  botsAt: DeadlineSchema.nullable(),
});
export type QueueStatus = z.output<typeof QueueStatusSchema>;

/**
 * The `queue:join` ack: the queue's status, and the joining person's own rating of its key
 * (`preset/players`), read from the archive at this join: a newcomer's is 1500 with RD 350,
 * shown "?" (`ratingText`); null when the archive could not answer. Only the ack carries it:
 * `queue:status` goes to everyone waiting.
 */
export const QueueJoinedSchema = QueueStatusSchema.extend({ rating: RatingSchema.nullable() });
export type QueueJoined = z.output<typeof QueueJoinedSchema>;

export const QueueLeftSchema = z.strictObject({ left: z.boolean() });
export type QueueLeft = z.output<typeof QueueLeftSchema>;

/** What each client event's acknowledgement carries on success. */
export interface ClientResults {
  'table:join': JoinResult;
  'table:leave': Record<string, never>;
  'table:seat': VersionResult;
  'table:start': VersionResult;
  'table:rematch': VersionResult;
  'table:rematchAnswer': VersionResult;
  'game:action': VersionResult;
  'table:settings': VersionResult;
  'lobby:playNow': JoinResult;
  'lobby:watch': OpenTables;
  'queue:join': QueueJoined;
  'queue:leave': QueueLeft;
  'table:react': Record<string, never>;
}

export type Reply<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: Problem };

// ---- server → client ----------------------------------------------------------------------

/**
 * The table as this socket may see it. Sent to each seat's room and the spectators' room after
 * every change, and to a socket when it joins. `version` grows by one with every change; a
 * client keeps the highest it has seen and ignores an older one arriving late. `view` is the
 * engine's view for `seat` (the spectator view when `seat` is null); null before the first start.
 * `fairness` proves the deal: the commitment while a hand is played, the seed once it is over.
 */
export const TableStateSchema = z.strictObject({
  tableId: TableIdSchema,
  version: VersionSchema,
  seat: SeatSchema.nullable(),
  table: TableSummarySchema,
  view: TableViewSchema.nullable(),
  /** The hand's commitment, and its seed once the hand is over (docs/fairness.md); null before the first deal. */
  fairness: FairnessSchema.nullable(),
});
/** The view is typed as the engine's `TableView` (the same shape, read-only), so the server sends `view()` as is. */
export type TableState = Omit<z.output<typeof TableStateSchema>, 'view'> & { readonly view: TableView | null };

/** Who is connected, per seat (bots always are). */
export const PresenceSchema = z.strictObject({ tableId: TableIdSchema, connected: z.array(z.boolean()) });
export type Presence = z.output<typeof PresenceSchema>;

/** This socket no longer holds its seat: the same player connected again elsewhere. */
export const DetachedSchema = z.strictObject({ tableId: TableIdSchema, reason: z.enum(['takeover']) });
export type Detached = z.output<typeof DetachedSchema>;

/** Your queue found its table: join it (`table:join {tableId}`); the seat is already yours. */
export const QueueMatchedSchema = z.strictObject({ queue: QueueIdSchema, tableId: TableIdSchema, seat: SeatSchema });
export type QueueMatched = z.output<typeof QueueMatchedSchema>;

/**
 * A seat's turn time ran out and a computer player moved for it (the move is in the
 * `table:state` of `version`). Under Muggins the claim belongs to the turn, so it may be made
 * for the seat too.
 */
export const TimeoutSchema = z.strictObject({ tableId: TableIdSchema, seat: SeatSchema, version: VersionSchema });
export type Timeout = z.output<typeof TimeoutSchema>;

/**
 * A seated person reacted (see `table:react`): to everyone at the table, the sender too. `player`
 * lets a reader mute one person's reactions wherever they sit.
 */
export const ReactionSchema = z.strictObject({ tableId: TableIdSchema, seat: SeatSchema, player: PlayerIdSchema, reaction: z.enum(REACTIONS) });
export type Reaction = z.output<typeof ReactionSchema>;

/**
 * This server node is shutting down (a deploy, a scale-in): connect again now — through the load
 * balancer that lands on another node — and join the table again. The node finishes what it was
 * doing first, then closes the connection; nothing sent before this message is lost.
 */
export const ServerDrainingSchema = z.strictObject({ reason: z.enum(['shutdown']) });
export type ServerDraining = z.output<typeof ServerDrainingSchema>;

export const ServerMessageSchemas = {
  'table:state': TableStateSchema,
  'table:presence': PresenceSchema,
  'table:detached': DetachedSchema,
  'table:timeout': TimeoutSchema,
  'table:reaction': ReactionSchema,
  'queue:status': QueueStatusSchema,
  'queue:matched': QueueMatchedSchema,
  'lobby:tables': OpenTablesSchema,
  'server:draining': ServerDrainingSchema,
  'challenge:received': FriendChallengeSchema,
  'challenge:answered': ChallengeAnsweredSchema,
  'tournament:dealt': TournamentDealtSchema,
  refused: ProblemSchema,
} as const;
export type ServerEvent = keyof typeof ServerMessageSchemas;

// ---- Socket.IO's typed event maps ------------------------------------------------------------

export interface ServerToClientEvents {
  'table:state': (message: TableState) => void;
  'table:presence': (message: Presence) => void;
  'table:detached': (message: Detached) => void;
  'table:timeout': (message: Timeout) => void;
  'table:reaction': (message: Reaction) => void;
  'queue:status': (message: QueueStatus) => void;
  'queue:matched': (message: QueueMatched) => void;
  'lobby:tables': (message: OpenTables) => void;
  'server:draining': (message: ServerDraining) => void;
  'challenge:received': (message: FriendChallenge) => void;
  'challenge:answered': (message: ChallengeAnswered) => void;
  'tournament:dealt': (message: TournamentDealt) => void;
  refused: (problem: Problem) => void;
}

/** For clients: what they may emit, with typed payloads and replies. */
export type ClientToServerEvents = {
  [E in ClientEvent]: (message: ClientMessage<E>, ack?: (reply: Reply<ClientResults[E]>) => void) => void;
};

/** The handshake's `auth` object: a guest token (optional for spectators). */
export const HandshakeAuthSchema = z.strictObject({ token: z.string().max(1024).optional() });
