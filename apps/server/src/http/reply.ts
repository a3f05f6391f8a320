import { ErrorCode, type Problem, issuesOf } from '@fives/protocol';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { httpStatus, problem } from '../tables/problems.ts';

export function sendProblem(reply: FastifyReply, p: Problem): FastifyReply {
  return reply.code(httpStatus(p.code)).send({ error: p });
}

/** Parses a body or params with a protocol schema, or answers 400 with the issues and returns null. */
export function parseOr400<S extends z.ZodType>(reply: FastifyReply, schema: S, input: unknown, what: string): z.output<S> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const code = parsed.error.issues.some((i) => i.path[0] === 'rules') ? ErrorCode.badRules : ErrorCode.invalidMessage;
  void sendProblem(reply, problem(code, `${what} does not fit its schema`, { issues: issuesOf(parsed.error) }));
  return null;
}
