import { ErrorCode, type Problem, issuesOf } from '@fives/protocol';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { httpStatus, problem } from '../tables/problems.ts';
import { sendProblem } from './reply.ts';

/**
 * Route schemas are the protocol's zod schemas, as they are: the handler's `request.body`,
 * `params` and `query` are typed by them (`app.withTypeProvider<ZodTypeProvider>()`) and hold
 * what they parse to (coerced numbers, branded ids, trimmed names).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A request part refused by its route's schema, carrying the Problem it is answered with. */
export class SchemaRefusal extends Error {
  readonly statusCode: number;

  constructor(readonly problem: Problem) {
    super(problem.message);
    this.statusCode = httpStatus(problem.code);
  }
}

/**
 * Fastify's validator compiler for zod schemas. A refusal names the part by the schema's
 * description (`.describe('the guest request')`), lists zod's issues, and is `rules/invalid`
 * when they are about the rules. Zod itself, not a JSON Schema made from it, checks the input:
 * refinements and transforms (a table code's normalising, `superRefine` on seats) have no
 * JSON Schema form, and the issues' paths and messages stay zod's, as the protocol documents.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) return { value: parsed.data };
    const code = parsed.error.issues.some((i) => i.path[0] === 'rules') ? ErrorCode.badRules : ErrorCode.invalidMessage;
    const what = schema.description ?? `the request's ${httpPart ?? 'input'}`;
    return { error: new SchemaRefusal(problem(code, `${what} does not fit its schema`, { issues: issuesOf(parsed.error) })) };
  };

/**
 * The error handler of a context whose routes have zod schemas: a schema's refusal is answered
 * with its Problem; any other error goes on to the parent context's handler.
 */
export function answerSchemaRefusals(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof SchemaRefusal) return sendProblem(reply, error.problem);
  throw error;
}
