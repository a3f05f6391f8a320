import { RulesInputSchema } from '@fives/engine';
import { z } from 'zod';
import { CORRESPONDENCE_DAYS, DAY_SECONDS } from './turn-time.ts';
import { BOT_LEVELS } from './table-text.ts';
import { NameSchema, PlayerIdSchema, SeatSchema, TableCodeSchema, TableIdSchema } from './ids.ts';
import { RulesSchema } from './view.ts';

export const BotLevelSchema = z.enum(BOT_LEVELS);
export type BotLevel = z.output<typeof BotLevelSchema>;

/** What a seat is to be: kept for a person (who joins through the invite link) or a computer player. */
export const SeatSpecSchema = z.discriminatedUnion('type', [z.strictObject({ type: z.literal('human') }), z.strictObject({ type: z.literal('bot'), level: BotLevelSchema })], {
  error: 'a seat is {"type":"human"} or {"type":"bot","level":…}',
});
export type SeatSpec = z.output<typeof SeatSpecSchema>;

/**
 * Who sits where, as everyone may see it. `away`: the person has been gone longer than the
 * grace period (or left mid-game), so a computer player plays the seat for them until they
 * come back; the seat stays theirs.
 */
export const SeatInfoSchema = z.discriminatedUnion('kind', [
  z.strictObject({ seat: SeatSchema, kind: z.literal('open') }),
  // rating: their rating of the table's key when they sat down, rounded, or "?" (never rated, or RD above 110).
  // kept: they kept their name with a passkey, so it is theirs alone; absent, a guest (guests' names are not unique).
  z.strictObject({ seat: SeatSchema, kind: z.literal('human'), name: z.string(), away: z.boolean(), rating: z.string().optional(), kept: z.literal(true).optional() }),
  z.strictObject({ seat: SeatSchema, kind: z.literal('bot'), level: BotLevelSchema, name: z.string() }),
]);
export type SeatInfo = z.output<typeof SeatInfoSchema>;

/** `waiting` for seats and the host's start; `playing` a game; `over` until a rematch. */
export const PhaseSchema = z.enum(['waiting', 'playing', 'over']);
export type Phase = z.output<typeof PhaseSchema>;

/**
 * Seconds a seat has for each turn before a computer player moves for it; null: no timer. A live
 * table gives 5 to 600; a correspondence table whole days (`CORRESPONDENCE_DAYS`), and is kept
 * in PostgreSQL between moves rather than in Redis (docs/architecture.md).
 */
export const TurnSecondsSchema = z.union([z.int().min(5).max(600), z.literal(CORRESPONDENCE_DAYS.map((days) => days * DAY_SECONDS))]).nullable();

/**
 * The clocks running now. `turn`: the seat whose turn is timed and when it runs out (a Muggins
 * claim is part of the turn: the same clock). `muggins`: until when an opponent may call Muggins
 * on the count just missed (the rules also close it when the next tile is played). Each gives
 * the instant (server clock) and the milliseconds left when the message was made, so a client
 * with a wrong clock can count down from `remainingMs`.
 */
export const DeadlineSchema = z.strictObject({ at: z.iso.datetime(), remainingMs: z.int().min(0) });
export const TimersSchema = z.strictObject({
  turn: z.strictObject({ seat: SeatSchema, at: z.iso.datetime(), remainingMs: z.int().min(0) }).nullable(),
  muggins: DeadlineSchema.nullable(),
});
export type Timers = z.output<typeof TimersSchema>;

/** A table's public face: what `GET /api/tables/:id` returns and every `table:state` carries. */
export const TableSummarySchema = z.strictObject({
  id: TableIdSchema,
  /** The short code that seats a friend (`table:join {code}`), as the invite link does. */
  code: TableCodeSchema,
  rules: RulesSchema,
  phase: PhaseSchema,
  /** The game being played or last played, from 1; 0 before the first start. */
  game: z.int().min(0),
  /** The host's seat, or null when the host does not sit at the table. */
  hostSeat: SeatSchema.nullable(),
  seats: z.array(SeatInfoSchema),
  /** The current (or last) game's scores per side; null before the first start. */
  scores: z.array(z.int()).nullable(),
  createdAt: z.iso.datetime(),
  /** The host's turn time (seconds), or null for none. */
  turnSeconds: TurnSecondsSchema,
  /** Shown in the open-tables list while it waits for players. */
  listed: z.boolean(),
  /** Its games count in the players' ratings (every seat a person's); the host's choice before the first start. */
  rated: z.boolean(),
  timers: TimersSchema,
  /**
   * The host's rematch offer once a game is over: who offered it, who has accepted (the host
   * among them) and who declined it (null while nobody has). Absent when there is none.
   */
  rematch: z.strictObject({ by: SeatSchema, accepted: z.array(SeatSchema), declined: SeatSchema.nullable() }).optional(),
});
export type TableSummary = z.output<typeof TableSummarySchema>;

// ---- HTTP bodies --------------------------------------------------------------------------

export const GuestRequestSchema = z.strictObject({
  name: NameSchema,
  /** An earlier token: keeps the same player id under the new name. */
  token: z.string().max(1024).optional(),
});
export type GuestRequest = z.input<typeof GuestRequestSchema>;

export const GuestResponseSchema = z.strictObject({
  player: z.strictObject({ id: PlayerIdSchema, name: z.string() }),
  token: z.string(),
});
export type GuestResponse = z.output<typeof GuestResponseSchema>;

/**
 * `POST /api/tokens/refresh`: the same token, or (`rotated`) a fresh one when it was old or signed
 * with a previous secret; `kept`: the player kept their name with a passkey (an account to show).
 */
export const TokenRefreshResponseSchema = z.strictObject({
  player: z.strictObject({ id: PlayerIdSchema, name: z.string() }),
  token: z.string(),
  rotated: z.boolean(),
  kept: z.boolean(),
});
export type TokenRefreshResponse = z.output<typeof TokenRefreshResponseSchema>;

/** `seats` lists every seat in order (default: all human); the creator sits at the first human seat. */
export const CreateTableRequestSchema = z
  .strictObject({
    rules: RulesInputSchema,
    seats: z.array(SeatSpecSchema).min(2).max(4).optional(),
    /** Seconds per turn (default: none). */
    turnSeconds: TurnSecondsSchema.optional(),
    /** List the table among the open tables anyone may sit down at (default: invite only). */
    listed: z.boolean().optional(),
    /** Count its games among people in their ratings (default: unrated); changeable until the first start. */
    rated: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.seats !== undefined && body.seats.length !== body.rules.players) {
      ctx.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `the rules seat ${body.rules.players} players, but ${body.seats.length} seats are given`,
      });
    }
  });
export type CreateTableRequest = z.input<typeof CreateTableRequestSchema>;

export const CreateTableResponseSchema = z.strictObject({
  tableId: TableIdSchema,
  code: TableCodeSchema,
  inviteUrl: z.string(),
  table: TableSummarySchema,
});
export type CreateTableResponse = z.output<typeof CreateTableResponseSchema>;

/** A table in the open-tables list: waiting, listed by its host, with a seat for a person. */
export const OpenTableSchema = z.strictObject({
  tableId: TableIdSchema,
  code: TableCodeSchema,
  /** The host's name (null if the host does not sit at the table). */
  host: z.string().nullable(),
  rules: RulesSchema,
  /** Seats in all, and seats taken (by people or computer players). */
  seats: z.int().min(2).max(4),
  taken: z.int().min(0).max(4),
  turnSeconds: TurnSecondsSchema,
  createdAt: z.iso.datetime(),
});
export type OpenTable = z.output<typeof OpenTableSchema>;

/** `GET /api/open-tables` and the `lobby:tables` event: newest first, at most `OPEN_TABLES_LIMIT`. */
export const OpenTablesSchema = z.strictObject({ tables: z.array(OpenTableSchema) });
export type OpenTables = z.output<typeof OpenTablesSchema>;
export const OPEN_TABLES_LIMIT = 50;

/** `mode`, for Redis: one instance, a Redis Cluster, or a Sentinel-managed instance. */
const StoreHealthSchema = z.strictObject({
  kind: z.enum(['redis', 'memory']),
  durable: z.boolean(),
  up: z.boolean(),
  mode: z.enum(['single', 'cluster', 'sentinel']).optional(),
});

/**
 * `GET /healthz`, liveness: the process is up and answering (always 200, `ok` true);
 * `store.up` is what the last look at the store found; `archive` says where finished games are
 * kept and whether that outlives the process. Restart the process only when this fails.
 */
export const HealthSchema = z.strictObject({
  ok: z.boolean(),
  store: StoreHealthSchema,
  /** Where finished games are kept: PostgreSQL (durable) or this process's memory (lost when it stops). */
  archive: z.strictObject({ kind: z.enum(['postgres', 'memory']), durable: z.boolean() }),
});
export type Health = z.output<typeof HealthSchema>;

/**
 * `GET /readyz`, readiness: whether to send this node traffic now, i.e. it is not shutting down
 * (`draining`). 200 when `ready`, 503 when not. `store` is the last look at the store, for
 * information only: a store outage is every node's, so it does not make a node unready.
 */
export const ReadinessSchema = z.strictObject({ ready: z.boolean(), store: StoreHealthSchema, draining: z.boolean() });
export type Readiness = z.output<typeof ReadinessSchema>;

/** The table id in an invite link (or a bare id), or null. */
export function tableIdFromInvite(link: string): string | null {
  const m = /(?:^|\/t\/)([a-z0-9]{6,32})\/?(?:[?#].*)?$/.exec(link.trim());
  return m?.[1] ?? null;
}
