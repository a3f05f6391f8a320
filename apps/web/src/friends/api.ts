import type { ChallengeAnswered, FriendChallenge, Friends } from '@fives/protocol';
import { challengePaths, friendsPaths } from '@fives/protocol';
import type { RulesInput } from '@fives/engine';
import { type Answer, send } from '../account/api.ts';

/** The friends and challenge routes (docs/protocol.md, "Friends and presence"). */
export const friendsApi = {
  friends: (token: string): Promise<Answer<Friends>> => send(friendsPaths.friends, { method: 'GET', token }),
  follow: (token: string, playerId: string): Promise<Answer<Friends>> => send(friendsPaths.follow(playerId), { method: 'PUT', token, body: {} }),
  /** Whoever sits at the seat now (a seat's panel knows no player id). */
  followSeat: (token: string, tableId: string, seat: number): Promise<Answer<Friends>> => send(friendsPaths.follows, { method: 'POST', token, body: { tableId, seat } }),
  unfollow: (token: string, playerId: string): Promise<Answer<Friends>> => send(friendsPaths.follow(playerId), { method: 'DELETE', token }),
  /** A challenge with the lobby's rules and turn time (days: a correspondence game). */
  challenge: (token: string, playerId: string, rules: RulesInput, turnSeconds: number | null): Promise<Answer<{ challenge: FriendChallenge }>> =>
    send(challengePaths.challenges, { method: 'POST', token, body: { playerId, rules, turnSeconds } }),
  answer: (token: string, id: string, accept: boolean): Promise<Answer<{ challenge: ChallengeAnswered }>> =>
    send(accept ? challengePaths.accept(id) : challengePaths.decline(id), { method: 'POST', token }),
};
