import { ErrorCode } from '@fives/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Identities, refusalOf } from '../identity/identify.ts';
import { type Player, bearerToken } from '../identity/token.ts';
import { problem } from '../tables/problems.ts';
import { sendProblem } from './reply.ts';

/** The bearer token's player; or null, the refusal (no token, a bad or revoked one, a ban) already sent. */
export async function requestPlayer(identities: Identities, request: FastifyRequest, reply: FastifyReply): Promise<Player | null> {
  const token = bearerToken(request.headers.authorization);
  if (token === null) {
    await sendProblem(reply, problem(ErrorCode.authRequired, 'this needs a token (Authorization: Bearer …) from POST /api/guests'));
    return null;
  }
  const checked = await identities.check(token);
  if (!checked.ok) {
    await sendProblem(reply, problem(checked.code, refusalOf(checked)));
    return null;
  }
  return checked.player;
}
