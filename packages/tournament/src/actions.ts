import { NameSchema, type PlayerId, PlayerIdSchema } from '@fives/protocol';
import { z } from 'zod';
import { type TournamentGameId, TournamentGameIdSchema } from './ids.ts';
import type { Member } from './state.ts';

/** The largest number of points a side may report for one game: far past any target (rules.ts TARGET_RANGE). */
export const MAX_GAME_POINTS = 1_000_000;

/**
 * What may happen to a tournament after it is created:
 * - `join`: one person, or a fixed pair (two people) in a tournament of pairs; before or during.
 * - `pairWith`: in a tournament of pairs, `by` asks `partner` to enter with them; if `partner` had
 *   asked `by` already, the two are entered as a pair (`join`), else the ask waits for theirs.
 * - `withdraw`: a person leaves, and their unit with them (before the start: the entry is struck
 *   out; during: withdrawn for good, its game under way forfeited).
 * - `start`, `pair`, `finish`: the steps the runner's jobs take (`nextStep` says which is due).
 * - `tableOpened`: the runner opened the table of a game (for watching and replaying).
 * - `gameFinished`: a game's points per side, in the game's unit order.
 */
export type TournamentAction =
  | { readonly type: 'join'; readonly members: readonly Member[] }
  | { readonly type: 'pairWith'; readonly by: Member; readonly partner: PlayerId }
  | { readonly type: 'withdraw'; readonly playerId: PlayerId }
  | { readonly type: 'start' }
  | { readonly type: 'pair' }
  | { readonly type: 'finish' }
  | { readonly type: 'tableOpened'; readonly game: TournamentGameId; readonly table: string }
  | { readonly type: 'gameFinished'; readonly game: TournamentGameId; readonly points: readonly [number, number] };

const MemberSchema = z.strictObject({ playerId: PlayerIdSchema, name: NameSchema });
const PointsSchema = z.int().min(0).max(MAX_GAME_POINTS);

/** The actions as a schema, for a runner that receives them from outside (a queue, a test harness). */
export const TournamentActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('join'), members: z.array(MemberSchema).min(1).max(2) }),
  z.strictObject({ type: z.literal('pairWith'), by: MemberSchema, partner: PlayerIdSchema }),
  z.strictObject({ type: z.literal('withdraw'), playerId: PlayerIdSchema }),
  z.strictObject({ type: z.literal('start') }),
  z.strictObject({ type: z.literal('pair') }),
  z.strictObject({ type: z.literal('finish') }),
  z.strictObject({ type: z.literal('tableOpened'), game: TournamentGameIdSchema, table: z.string().min(1).max(64) }),
  z.strictObject({ type: z.literal('gameFinished'), game: TournamentGameIdSchema, points: z.tuple([PointsSchema, PointsSchema]) }),
]);

// What the schema lets through must be an action (the union's fields are readonly, the schema's
// output mutable, so only this direction holds): this does not compile otherwise.
type Holds<T extends true> = T;
export type SchemaOutputIsAnAction = Holds<[z.output<typeof TournamentActionSchema>] extends [TournamentAction] ? true : false>;
