import { PRESETS, RecordSchema } from '@fives/engine';
import { z } from 'zod';
import { GAME_ID_PATTERN } from './id-text.ts';
import { ratingKey } from './rating-text.ts';
import { PlayerIdSchema, SeatSchema, TableIdSchema } from './ids.ts';
import { BotLevelSchema } from './table.ts';
import { RulesSchema } from './view.ts';

/**
 * The archive's API (docs/protocol.md#the-archive): every finished game, kept for good, and each
 * person's games and stats. Only finished games are archived, so nothing here can show a hand
 * that is still being played.
 */

/** A game's id: its table's id and its number at that table, `<tableId>-<n>` (n from 1). */
export const GameIdSchema = z.string().regex(GAME_ID_PATTERN, { error: 'a game id is a table id, "-" and the game number (from 1)' }).brand<'GameId'>();
export type GameId = z.output<typeof GameIdSchema>;

/** The id of game `n` at table `tableId`. */
export function gameIdOf(tableId: string, n: number): GameId {
  return `${tableId}-${n}` as GameId;
}

/** The table and game number a game id names. */
export function splitGameId(id: GameId): { tableId: z.output<typeof TableIdSchema>; game: number } {
  const dash = id.lastIndexOf('-');
  return { tableId: id.slice(0, dash) as z.output<typeof TableIdSchema>, game: Number(id.slice(dash + 1)) };
}

/**
 * A seat as the game ended: a person (by player id and the name they played under) or a computer
 * player (by level). `score` is the seat's side's final score (a team's for both partners).
 */
export const ArchivedSeatSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    seat: SeatSchema,
    kind: z.literal('human'),
    name: z.string(),
    playerId: PlayerIdSchema,
    score: z.int(),
    /** The person deleted their account: `name` is "" and the seat shows as "deleted player". */
    deleted: z.literal(true).optional(),
    /**
     * The person left the game (`table:leave`, or away past the grace) and did not come back
     * before it ended: a stand-in finished it. In a rated game, a loss against every opponent.
     */
    left: z.literal(true).optional(),
  }),
  z.strictObject({ seat: SeatSchema, kind: z.literal('bot'), name: z.string(), level: BotLevelSchema, score: z.int() }),
]);
export type ArchivedSeat = z.output<typeof ArchivedSeatSchema>;

/**
 * A finished game without its record: an entry of a player's list of games. `winner` is the
 * winning seat, or with partnerships the winning team (0: seats 0 and 2, 1: seats 1 and 3), as
 * docs/records.md names it.
 */
export const GameSummarySchema = z.strictObject({
  id: GameIdSchema,
  tableId: TableIdSchema,
  game: z.int().min(1),
  rules: RulesSchema,
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  seats: z.array(ArchivedSeatSchema).min(2).max(4),
  winner: SeatSchema,
  /** Counted in the players' ratings (docs/protocol.md#ratings): a queue game among people, or a private table its host marked rated. */
  rated: z.boolean(),
});
export type GameSummary = z.output<typeof GameSummarySchema>;

/** `GET /api/games/:gameId`: the summary and the game record (docs/records.md#the-record). */
export const ArchivedGameSchema = GameSummarySchema.extend({ record: RecordSchema });
export type ArchivedGame = z.output<typeof ArchivedGameSchema>;

/** The key of a `stats.byRules` entry: the rules' preset and player count, e.g. `allFives/2`. */
export function rulesKey(preset: string, players: number): string {
  return ratingKey(preset, players);
}

const RulesKeySchema = z.string().regex(new RegExp(`^(${PRESETS.join('|')})/[234]$`), { error: 'a rules key is "<preset>/<players>"' });
const count = z.int().min(0);

/**
 * A person's record over every archived game they sat in:
 * - `games`, `wins` in all, and `byRules` per preset and player count;
 * - `hands` played and `pointsPerHand`: what the seat scored itself in a hand (counts, claims,
 *   Muggins calls) plus the hand-end awards to its side, on average (0 with no hands);
 * - `countsScored`: plays and claims that scored;
 * - `muggins.made`: Muggins calls on an opponent's miss; `muggins.missed`: counts the player made
 *   and did not claim in full (so an opponent could call them);
 * - `bestHand`: the most points in one hand, and the game it was in (null with no hands).
 */
export const PlayerStatsSchema = z.strictObject({
  games: count,
  wins: count,
  byRules: z.record(RulesKeySchema, z.strictObject({ games: count, wins: count })),
  hands: count,
  pointsPerHand: z.number().min(0),
  countsScored: count,
  muggins: z.strictObject({ made: count, missed: count }),
  bestHand: z.strictObject({ points: count, gameId: GameIdSchema }).nullable(),
});
export type PlayerStats = z.output<typeof PlayerStatsSchema>;

/**
 * A person's Glicko-2 rating for one preset and player count: `rd` as of now (it grows a little
 * every whole day without a rated game), `games` the rated games it counts.
 */
export const RatingSchema = z.strictObject({
  rating: z.number(),
  rd: z.number().positive(),
  volatility: z.number().positive(),
  games: count,
});
export type Rating = z.output<typeof RatingSchema>;

/** `GET /api/players/:playerId`: `name` is the one they last played under; `since` their first archived game's start, `lastSeen` their last one's finish. */
export const PlayerProfileSchema = z.strictObject({
  id: PlayerIdSchema,
  name: z.string(),
  since: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
  stats: PlayerStatsSchema,
  /** They kept their name with a passkey (an account); absent or false: a guest, whose name anyone may play under. */
  kept: z.boolean().optional(),
  /** They deleted their account: `name` is "" (shown as "deleted player"); their games stay. */
  deleted: z.literal(true).optional(),
  /** One per rules key they played a rated game of (none: `{}`). */
  ratings: z.record(RulesKeySchema, RatingSchema),
});
export type PlayerProfile = z.output<typeof PlayerProfileSchema>;

/**
 * Where a page of a player's games ends: the last game's finish (ms since the epoch) and id,
 * `<ms>.<gameId>`. The next page holds the games strictly older in (finishedAt, id) order, so a
 * game archived meanwhile never shifts a page (keyset pagination, not an offset).
 */
export const GamesCursorSchema = z
  .string()
  .max(64)
  .regex(/^[0-9]{1,15}\.[a-z0-9]{6,32}-[1-9][0-9]{0,6}$/, { error: 'a cursor is the "next" of an earlier page, as it was given' })
  .brand<'GamesCursor'>();
export type GamesCursor = z.output<typeof GamesCursorSchema>;

export function gamesCursor(finishedAt: string, id: GameId): GamesCursor {
  return `${Date.parse(finishedAt)}.${id}` as GamesCursor;
}

export function readGamesCursor(cursor: GamesCursor): { finishedAtMs: number; id: GameId } {
  const dot = cursor.indexOf('.');
  return { finishedAtMs: Number(cursor.slice(0, dot)), id: cursor.slice(dot + 1) as GameId };
}

export const PLAYER_GAMES_LIMIT = { default: 20, max: 100 } as const;

/** `?before=CURSOR&limit=N` of `GET /api/players/:playerId/games`. */
export const PlayerGamesQuerySchema = z.strictObject({
  before: GamesCursorSchema.optional(),
  limit: z.coerce
    .number()
    .int({ error: `limit is a whole number from 1 to ${PLAYER_GAMES_LIMIT.max}` })
    .min(1, { error: `limit is a whole number from 1 to ${PLAYER_GAMES_LIMIT.max}` })
    .max(PLAYER_GAMES_LIMIT.max, { error: `limit is a whole number from 1 to ${PLAYER_GAMES_LIMIT.max}` })
    .default(PLAYER_GAMES_LIMIT.default),
});
export type PlayerGamesQuery = z.input<typeof PlayerGamesQuerySchema>;

/** `GET /api/players/:playerId/games`: newest first; `next` is the cursor of the following page, null on the last. */
export const PlayerGamesSchema = z.strictObject({ games: z.array(GameSummarySchema), next: GamesCursorSchema.nullable() });
export type PlayerGames = z.output<typeof PlayerGamesSchema>;

/** A rating after one rated game: the points of the player page's chart. */
export const RatingPointSchema = z.strictObject({ gameId: GameIdSchema, at: z.iso.datetime(), rating: z.number(), rd: z.number().positive() });
export type RatingPoint = z.output<typeof RatingPointSchema>;

export const RATING_HISTORY_LIMIT = 200;

/** `GET /api/players/:playerId/ratings`: per rules key, the rating after each rated game, oldest first (the latest RATING_HISTORY_LIMIT). */
export const RatingHistorySchema = z.strictObject({ history: z.record(RulesKeySchema, z.array(RatingPointSchema)) });
export type RatingHistory = z.output<typeof RatingHistorySchema>;

export const LEADERBOARD_LIMIT = { default: 20, max: 100 } as const;
/** On the leaderboard: played a rated game of the key within this many days. */
export const LEADERBOARD_DAYS = 90;

const limitError = `limit is a whole number from 1 to ${LEADERBOARD_LIMIT.max}`;

/** `?preset=allFives&players=2&limit=N` of `GET /api/leaderboard`. */
export const LeaderboardQuerySchema = z.strictObject({
  preset: z.enum(PRESETS, { error: `preset is one of ${PRESETS.join(', ')}` }),
  players: z.coerce.number().int({ error: 'players is 2, 3 or 4' }).min(2, { error: 'players is 2, 3 or 4' }).max(4, { error: 'players is 2, 3 or 4' }),
  limit: z.coerce.number().int({ error: limitError }).min(1, { error: limitError }).max(LEADERBOARD_LIMIT.max, { error: limitError }).default(LEADERBOARD_LIMIT.default),
});
export type LeaderboardQuery = z.input<typeof LeaderboardQuerySchema>;

export const LeaderboardEntrySchema = z.strictObject({
  rank: z.int().min(1),
  playerId: PlayerIdSchema,
  name: z.string(),
  rating: z.number(),
  rd: z.number().positive(),
  games: count,
  /** Its RD is still above SHOWN_RD: listed below every settled rating, marked as not yet sure. */
  provisional: z.boolean(),
});
export type LeaderboardEntry = z.output<typeof LeaderboardEntrySchema>;

/**
 * `GET /api/leaderboard`: the ratings of the key of players who played within 90 days: those whose
 * RD is at most 110 best first, then (a young site has few) the provisional ones, best first.
 */
export const LeaderboardSchema = z.strictObject({ key: RulesKeySchema, entries: z.array(LeaderboardEntrySchema) });
export type Leaderboard = z.output<typeof LeaderboardSchema>;

/** The archive's paths, for clients. */
export const archivePaths = {
  game: (id: string): string => `/api/games/${encodeURIComponent(id)}`,
  player: (id: string): string => `/api/players/${encodeURIComponent(id)}`,
  playerGames: (id: string, q: { before?: string | null; limit?: number } = {}): string => {
    const params = new URLSearchParams();
    if (q.before != null) params.set('before', q.before);
    if (q.limit !== undefined) params.set('limit', String(q.limit));
    const query = params.toString();
    return `/api/players/${encodeURIComponent(id)}/games${query === '' ? '' : `?${query}`}`;
  },
  playerRatings: (id: string): string => `/api/players/${encodeURIComponent(id)}/ratings`,
  leaderboard: (q: { preset: string; players: number; limit?: number }): string =>
    `/api/leaderboard?${new URLSearchParams({ preset: q.preset, players: String(q.players), ...(q.limit === undefined ? {} : { limit: String(q.limit) }) }).toString()}`,
} as const;
