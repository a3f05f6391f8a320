import { ErrorCode, FOLLOWS_MAX, FollowSeatRequestSchema, type Friends, type PlayerId, PlayerIdSchema, type FriendPresence, type TableId, TableIdSchema } from '@fives/protocol';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AccountStore } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import type { Identities } from '../identity/identify.ts';
import type { Player } from '../identity/token.ts';
import { sendProblem } from '../http/reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from '../http/schemas.ts';
import { requestPlayer } from '../http/who.ts';
import type { TableStore } from '../store/store.ts';
import { problem } from '../tables/problems.ts';
import type { FollowStore } from './follows.ts';

export interface FriendsRoutesOptions {
  readonly follows: FollowStore;
  readonly identities: Identities;
  /** Where each of these people is now (across every node), in the same order. */
  readonly presence: (ids: readonly PlayerId[]) => Promise<FriendPresence[]>;
  /** Where a person is known from: a table they sit at, an archived game, their account. */
  readonly store: Pick<TableStore, 'load'>;
  readonly archive: GameArchive;
  readonly accounts: AccountStore;
  readonly now: () => Date;
}

const FollowParams = z.strictObject({ playerId: PlayerIdSchema }).describe('the player id');
const FollowSeatBody = FollowSeatRequestSchema.describe('the seat to follow');
const FollowBody = z.strictObject({ tableId: TableIdSchema.optional() }).optional().describe('the follow');

/**
 * Following people and the list of them with where each is now (docs/protocol.md, "Friends and
 * presence"). A person is known to whoever follows them as they are known to a block: from the
 * table named (a newcomer has no archived game yet), else the archive or the accounts.
 */
export const friendsRoutes: FastifyPluginAsync<FriendsRoutesOptions> = async (plugin, o) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  const friendsOf = async (id: PlayerId): Promise<Friends> => {
    const follows = await o.follows.follows(id);
    const presence = await o.presence(follows.map((f) => f.playerId));
    return { friends: follows.map((f, i) => ({ ...f, presence: presence[i] ?? { kind: 'offline' } })) };
  };
  /** The name a person is known by: at the table named, else anywhere; null for an id nobody has played under. */
  const nameOf = async (id: PlayerId, tableId: TableId | undefined): Promise<string | null> => {
    if (tableId !== undefined) {
      const seat = (await o.store.load(tableId))?.seats.find((s) => s.kind === 'human' && s.playerId === id);
      if (seat?.kind === 'human') return seat.name;
    }
    const profile = await o.archive.player(id);
    if (profile !== null) return profile.name;
    return (await o.accounts.account(id))?.name ?? null;
  };

  app.get('/api/friends', async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    return friendsOf(player.id);
  });

  /** Following again keeps the first follow; past FOLLOWS_MAX nothing changes. */
  const followOne = async (reply: FastifyReply, player: Player, id: PlayerId, name: string): Promise<Friends | FastifyReply> => {
    if (id === player.id) return sendProblem(reply, problem(ErrorCode.followSelf, 'you cannot follow yourself'));
    const followed = await o.follows.follow(player.id, id, name, o.now().toISOString(), FOLLOWS_MAX);
    if (followed === 'too_many') return sendProblem(reply, problem(ErrorCode.tooManyFollows, `you follow ${FOLLOWS_MAX} people already; unfollow someone first`));
    return friendsOf(player.id);
  };

  app.put('/api/follows/:playerId', { schema: { params: FollowParams, body: FollowBody } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    const { playerId } = request.params;
    if (playerId === player.id) return sendProblem(reply, problem(ErrorCode.followSelf, 'you cannot follow yourself'));
    const name = await nameOf(playerId, request.body?.tableId);
    if (name === null) return sendProblem(reply, problem(ErrorCode.playerNotFound, `no player ${playerId} is known here`));
    return followOne(reply, player, playerId, name);
  });

  app.post('/api/follows', { schema: { body: FollowSeatBody } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    const { tableId, seat } = request.body;
    const s = (await o.store.load(tableId))?.seats[seat];
    if (s?.kind !== 'human') return sendProblem(reply, problem(ErrorCode.playerNotFound, `nobody sits at seat ${seat} of table ${tableId}`));
    return followOne(reply, player, s.playerId, s.name);
  });

  app.delete('/api/follows/:playerId', { schema: { params: FollowParams } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    // Unfollowing someone not followed leaves things as they are: the list says so.
    await o.follows.unfollow(player.id, request.params.playerId);
    return friendsOf(player.id);
  });
};
