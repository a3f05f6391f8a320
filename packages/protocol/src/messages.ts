import type { TableView } from '@fives/engine';
import { z } from 'zod';
import { WireActionSchema } from './actions.ts';
import { type Problem, ProblemSchema } from './errors.ts';
import { SeatSchema, TableIdSchema, VersionSchema } from './ids.ts';
import { SeatSpecSchema, TableSummarySchema } from './table.ts';
import { TableViewSchema } from './view.ts';

/**
 * Every Socket.IO event, both ways. A client event's payload is one object; the server checks
 * it against the schema here before anything else and refuses it, changing nothing, when it
 * does not fit. Each client event may carry an acknowledgement callback, answered with a
 * `Reply`; refusals are also sent as a `refused` event, so a client that does not use acks still
 * hears every one.
 */

// ---- client → server ----------------------------------------------------------------------

export const ClientMessageSchemas = {
  /** Sit at the table (the first open human seat, or your own seat again) or watch it. */
  'table:join': z.strictObject({ tableId: TableIdSchema, as: z.enum(['player', 'spectator']).optional() }),
  /** Stop receiving this table; before the start, also gives your seat up. */
  'table:leave': z.strictObject({ tableId: TableIdSchema }),
  /** Host, before the start: make a seat open for a person, or a computer player. */
  'table:seat': z.strictObject({ tableId: TableIdSchema, seat: SeatSchema, occupant: SeatSpecSchema }),
  /** Host: deal the first hand (every seat must be taken). */
  'table:start': z.strictObject({ tableId: TableIdSchema }),
  /** Host, after a game: a new game with the same seats. */
  'table:rematch': z.strictObject({ tableId: TableIdSchema }),
  /** A move, made on the table version the client last saw. */
  'game:action': z.strictObject({ tableId: TableIdSchema, version: VersionSchema, action: WireActionSchema }),
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

/** What each client event's acknowledgement carries on success. */
export interface ClientResults {
  'table:join': JoinResult;
  'table:leave': Record<string, never>;
  'table:seat': VersionResult;
  'table:start': VersionResult;
  'table:rematch': VersionResult;
  'game:action': VersionResult;
}

export type Reply<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: Problem };

// ---- server → client ----------------------------------------------------------------------

/**
 * The table as this socket may see it. Sent to each seat's room and the spectators' room after
 * every change, and to a socket when it joins. `version` grows by one with every change; a
 * client keeps the highest it has seen and ignores an older one arriving late. `view` is the
 * engine's view for `seat` (the spectator view when `seat` is null); null before the first start.
 */
export const TableStateSchema = z.strictObject({
  tableId: TableIdSchema,
  version: VersionSchema,
  seat: SeatSchema.nullable(),
  table: TableSummarySchema,
  view: TableViewSchema.nullable(),
});
/** The view is typed as the engine's `TableView` (the same shape, read-only), so the server sends `view()` as is. */
export type TableState = Omit<z.output<typeof TableStateSchema>, 'view'> & { readonly view: TableView | null };

/** Who is connected, per seat (bots always are). */
export const PresenceSchema = z.strictObject({ tableId: TableIdSchema, connected: z.array(z.boolean()) });
export type Presence = z.output<typeof PresenceSchema>;

/** This socket no longer holds its seat: the same player connected again elsewhere. */
export const DetachedSchema = z.strictObject({ tableId: TableIdSchema, reason: z.enum(['takeover']) });
export type Detached = z.output<typeof DetachedSchema>;

export const ServerMessageSchemas = {
  'table:state': TableStateSchema,
  'table:presence': PresenceSchema,
  'table:detached': DetachedSchema,
  refused: ProblemSchema,
} as const;
export type ServerEvent = keyof typeof ServerMessageSchemas;

// ---- Socket.IO's typed event maps ------------------------------------------------------------

export interface ServerToClientEvents {
  'table:state': (message: TableState) => void;
  'table:presence': (message: Presence) => void;
  'table:detached': (message: Detached) => void;
  refused: (problem: Problem) => void;
}

/** For clients: what they may emit, with typed payloads and replies. */
export type ClientToServerEvents = {
  [E in ClientEvent]: (message: ClientMessage<E>, ack?: (reply: Reply<ClientResults[E]>) => void) => void;
};

/** The handshake's `auth` object: a guest token (optional for spectators). */
export const HandshakeAuthSchema = z.strictObject({ token: z.string().max(1024).optional() });
