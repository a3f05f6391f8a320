import { type Result, resolveRules } from '@fives/engine';
import {
  CHALLENGE_TTL_MS,
  type ChallengeAnswered,
  ChallengeIdSchema,
  ChallengeRequestSchema,
  ErrorCode,
  type FriendChallenge,
  type PlayerId,
  type Problem,
  type TableId,
} from '@fives/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AccountStore } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import type { Identities } from '../identity/identify.ts';
import type { Player } from '../identity/token.ts';
import { sendProblem } from '../http/reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from '../http/schemas.ts';
import { requestPlayer } from '../http/who.ts';
import type { Notifier } from '../push/notifier.ts';
import type { SafetyStore } from '../safety/store.ts';
import type { TableDoc } from '@fives/table';
import { fromGameError, problem } from '../tables/problems.ts';
import { type ChallengeBox, newChallengeId as newId } from './challenges.ts';
import type { FollowStore } from './follows.ts';

export interface ChallengeRoutesOptions {
  readonly box: ChallengeBox;
  readonly identities: Identities;
  readonly safety: Pick<SafetyStore, 'avoided'>;
  readonly follows: Pick<FollowStore, 'follows'>;
  readonly archive: Pick<GameArchive, 'player'>;
  readonly accounts: Pick<AccountStore, 'account'>;
  readonly notifier: Notifier;
  /** Tells every connection of a person, on whichever node (their player room). */
  readonly tell: (player: PlayerId, ...message: ['challenge:received', FriendChallenge] | ['challenge:answered', ChallengeAnswered]) => void;
  /** Deals a private table, the people seated first (the challenger the host), computer players in the rest. */
  readonly startTable: (people: readonly Player[], challenge: FriendChallenge) => Promise<Result<TableDoc, Problem>>;
  readonly now: () => Date;
}

const ChallengeBody = ChallengeRequestSchema.describe('the challenge');
const ChallengeParams = z.strictObject({ challengeId: ChallengeIdSchema }).describe('the challenge id');

/**
 * Challenging a friend to a table (docs/protocol.md, "Friends and presence"): the challenge waits
 * in the shared box for its answer, told to the one challenged live on every connection of theirs
 * (any node) and as a notification; accepted, a private table is dealt with both seated and both
 * are told its id; declined (or withdrawn), both are told. Never between people one of whom
 * blocks the other.
 */
export const challengeRoutes: FastifyPluginAsync<ChallengeRoutesOptions> = async (plugin, o) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  /** The name the challenger knows them by: their follow of them, else the archive or an account; null for nobody known. */
  const nameOf = async (by: PlayerId, id: PlayerId): Promise<string | null> => {
    const followed = (await o.follows.follows(by)).find((f) => f.playerId === id);
    if (followed !== undefined && followed.name !== '') return followed.name;
    const profile = await o.archive.player(id);
    if (profile !== null) return profile.name;
    return (await o.accounts.account(id))?.name ?? null;
  };
  const blocked = async (a: PlayerId, b: PlayerId): Promise<boolean> => (await o.safety.avoided(a)).has(b);
  const answered = (c: FriendChallenge, message: ChallengeAnswered): void => {
    o.tell(c.from.playerId, 'challenge:answered', message);
    o.tell(c.to.playerId, 'challenge:answered', message);
  };

  app.post('/api/challenges', { schema: { body: ChallengeBody } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    const { playerId, rules, turnSeconds = null } = request.body;
    if (playerId === player.id) return sendProblem(reply, problem(ErrorCode.challengeSelf, 'you cannot challenge yourself'));
    const resolved = resolveRules(rules);
    if (!resolved.ok) return sendProblem(reply, fromGameError(resolved.error));
    // Either way round (the one blocked does not learn which of the two it was), and first: a block is a kind of knowing.
    if (await blocked(player.id, playerId)) return sendProblem(reply, problem(ErrorCode.challengeBlocked, 'one of you blocks the other: no challenge'));
    const name = await nameOf(player.id, playerId);
    if (name === null) return sendProblem(reply, problem(ErrorCode.playerNotFound, `no player ${playerId} is known here`));
    const now = o.now().getTime();
    const challenge: FriendChallenge = {
      id: newId(),
      from: { playerId: player.id, name: player.name },
      to: { playerId, name },
      rules,
      turnSeconds,
      expiresAt: new Date(now + CHALLENGE_TTL_MS).toISOString(),
    };
    await o.box.put(challenge, CHALLENGE_TTL_MS);
    o.tell(playerId, 'challenge:received', challenge);
    // Best effort, never failing the request: the note is for a person away from the site.
    void o.notifier.notify(playerId, { kind: 'challenge', params: { from: player.name }, url: '/', tag: `challenge-${challenge.id}` });
    return reply.code(201).send({ challenge });
  });

  app.post('/api/challenges/:challengeId/accept', { schema: { params: ChallengeParams } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    const id = request.params.challengeId;
    const waiting = await o.box.get(id);
    // Another's challenge is as good as none to this person.
    if (waiting === null || waiting.to.playerId !== player.id) return sendProblem(reply, problem(ErrorCode.challengeNotFound, `no challenge ${id} waits for your answer`));
    const challenge = await o.box.take(id);
    if (challenge === null) return sendProblem(reply, problem(ErrorCode.challengeNotFound, `challenge ${id} was answered or has expired`));
    // A block made while it waited counts.
    if (await blocked(player.id, challenge.from.playerId)) {
      answered(challenge, { id, accepted: false, tableId: null });
      return sendProblem(reply, problem(ErrorCode.challengeBlocked, 'one of you blocks the other: no table'));
    }
    const made = await o.startTable([{ id: challenge.from.playerId, name: challenge.from.name }, player], challenge);
    if (!made.ok) {
      answered(challenge, { id, accepted: false, tableId: null });
      return sendProblem(reply, made.error);
    }
    const tableId: TableId = made.value.id;
    answered(challenge, { id, accepted: true, tableId });
    return { challenge: { id, accepted: true, tableId } satisfies ChallengeAnswered };
  });

  app.post('/api/challenges/:challengeId/decline', { schema: { params: ChallengeParams } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    const id = request.params.challengeId;
    const waiting = await o.box.get(id);
    // The one challenged declines; the challenger withdraws: the same answer to both.
    const party = waiting !== null && (waiting.to.playerId === player.id || waiting.from.playerId === player.id);
    const challenge = party ? await o.box.take(id) : null;
    if (challenge === null) return sendProblem(reply, problem(ErrorCode.challengeNotFound, `no challenge ${id} waits for an answer of yours`));
    const message: ChallengeAnswered = { id, accepted: false, tableId: null };
    answered(challenge, message);
    return { challenge: message };
  });
};
