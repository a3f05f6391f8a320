import { RulesInputSchema } from '@fives/engine';
import { z } from 'zod';
import { PlayerIdSchema, QueueIdSchema, SeatSchema, TableIdSchema } from './ids.ts';
import { TurnSecondsSchema } from './table.ts';

/**
 * Friends and presence (docs/protocol.md#friends-and-presence): a person follows others (one
 * way, as a list of their own) and sees, for each, whether they are online now, at a table (to
 * watch), waiting in a queue, or away.
 */

/** How many people one person may follow. */
export const FOLLOWS_MAX = 500;

/**
 * Where a followed person is now, across every node: `playing` at a table under way (its id, to
 * watch), `queue` waiting for random opponents (the queue's id), `online` with the site open,
 * `offline` otherwise.
 */
export const FriendPresenceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('offline') }),
  z.strictObject({ kind: z.literal('online') }),
  z.strictObject({ kind: z.literal('playing'), tableId: TableIdSchema }),
  z.strictObject({ kind: z.literal('queue'), queue: QueueIdSchema }),
]);
export type FriendPresence = z.output<typeof FriendPresenceSchema>;

/** A person followed: by id, the name they go by now ("" once they deleted their account), since when, and where they are. */
export const FriendSchema = z.strictObject({ playerId: PlayerIdSchema, name: z.string(), since: z.iso.datetime(), presence: FriendPresenceSchema });
export type Friend = z.output<typeof FriendSchema>;

/** `GET /api/friends` (and what following and unfollowing answer): the people you follow, newest first. */
export const FriendsSchema = z.strictObject({ friends: z.array(FriendSchema) });
export type Friends = z.output<typeof FriendsSchema>;

/** `POST /api/follows`: follow whoever sits at `seat` of table `tableId` now (a seat's panel knows no player id). */
export const FollowSeatRequestSchema = z.strictObject({ tableId: TableIdSchema, seat: SeatSchema });
export type FollowSeatRequest = z.input<typeof FollowSeatRequestSchema>;

export const friendsPaths = {
  friends: '/api/friends',
  follows: '/api/follows',
  follow: (id: string): string => `/api/follows/${encodeURIComponent(id)}`,
} as const;

// ---- Challenges ------------------------------------------------------------------------------

/** How long a challenge waits for its answer, ms: then it is gone, as if declined. */
export const CHALLENGE_TTL_MS = 120_000;

export const ChallengeIdSchema = z
  .string()
  .regex(/^c_[a-z0-9]{16}$/, { error: 'a challenge id is "c_" and 16 letters or digits' })
  .brand<'ChallengeId'>();
export type ChallengeId = z.output<typeof ChallengeIdSchema>;

/**
 * `POST /api/challenges`: whom, and the rules of the table (the lobby's setup form's), with its
 * turn time (absent or null: none; days: a correspondence game).
 */
export const ChallengeRequestSchema = z.strictObject({ playerId: PlayerIdSchema, rules: RulesInputSchema, turnSeconds: TurnSecondsSchema.optional() });
export type ChallengeRequest = z.input<typeof ChallengeRequestSchema>;

const PersonSchema = z.strictObject({ playerId: PlayerIdSchema, name: z.string() });

/** A challenge waiting for its answer (`challenge:received` to the one challenged, on every connection of theirs). */
export const FriendChallengeSchema = z.strictObject({
  id: ChallengeIdSchema,
  from: PersonSchema,
  to: PersonSchema,
  rules: RulesInputSchema,
  /** The table's turn time (null: none; days: a correspondence game). */
  turnSeconds: TurnSecondsSchema,
  expiresAt: z.iso.datetime(),
});
export type FriendChallenge = z.output<typeof FriendChallengeSchema>;

/** `challenge:answered`, to both: accepted (the table they are both seated at, dealt) or declined. */
export const ChallengeAnsweredSchema = z.strictObject({ id: ChallengeIdSchema, accepted: z.boolean(), tableId: TableIdSchema.nullable() });
export type ChallengeAnswered = z.output<typeof ChallengeAnsweredSchema>;

/**
 * `tournament:dealt`, to each person of a tournament game as its table is dealt: the table to go
 * to (they are seated at it). Sent to every connection of theirs, on any node.
 */
export const TournamentDealtSchema = z.strictObject({ tournamentId: z.string().min(1).max(64), tableId: TableIdSchema });
export type TournamentDealt = z.output<typeof TournamentDealtSchema>;

export const challengePaths = {
  challenges: '/api/challenges',
  accept: (id: string): string => `/api/challenges/${encodeURIComponent(id)}/accept`,
  decline: (id: string): string => `/api/challenges/${encodeURIComponent(id)}/decline`,
} as const;
