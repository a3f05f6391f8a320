import type { Problem } from '@fives/protocol';
import type { FastifyReply } from 'fastify';
import { httpStatus } from '../tables/problems.ts';

export function sendProblem(reply: FastifyReply, p: Problem): FastifyReply {
  return reply.code(httpStatus(p.code)).send({ error: p });
}
