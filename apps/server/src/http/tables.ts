import {
  CreateTableRequestSchema,
  ErrorCode,
  GuestRequestSchema,
  type GuestResponse,
  TableCodeSchema,
  TableIdSchema,
  invitePath,
} from '@fives/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Player, type TokenSigner, bearerToken, newPlayerId } from '../identity/token.ts';
import { problem } from '../tables/problems.ts';
import type { LobbyService } from '../lobby/service.ts';
import type { TableService } from '../tables/service.ts';
import { summarize } from '../tables/summary.ts';
import { parseOr400, sendProblem } from './reply.ts';

export interface TablesRoutesOptions {
  readonly service: TableService;
  readonly lobby: LobbyService;
  readonly signer: TokenSigner;
  readonly now: () => Date;
  /** The origin invite links start with; the request's own origin when unset. */
  readonly publicUrl: string | undefined;
}

const TableParams = z.strictObject({ id: TableIdSchema });
const CodeParams = z.strictObject({ code: TableCodeSchema });
const RecordParams = z.strictObject({ id: TableIdSchema, n: z.coerce.number().int().min(1).max(1_000_000) });

/** Guests, tables and records over HTTP. */
export const tablesRoutes: FastifyPluginAsync<TablesRoutesOptions> = async (app, { service, lobby, signer, publicUrl, now }) => {
  const playerOf = (request: FastifyRequest): Player | null => {
    const token = bearerToken(request.headers.authorization);
    return token === null ? null : signer.verify(token);
  };

  app.post('/api/guests', async (request, reply) => {
    const body = parseOr400(reply, GuestRequestSchema, request.body, 'the guest request');
    if (body === null) return reply;
    const earlier = body.token === undefined ? null : signer.verify(body.token);
    if (body.token !== undefined && earlier === null) {
      return sendProblem(reply, problem(ErrorCode.badToken, 'that token is not valid; leave it out to become a new guest'));
    }
    const player: Player = { id: earlier?.id ?? newPlayerId(), name: body.name };
    const answer: GuestResponse = { player, token: signer.sign(player) };
    return answer;
  });

  app.post('/api/tables', async (request, reply) => {
    const host = playerOf(request);
    if (host === null) {
      const code = request.headers.authorization === undefined ? ErrorCode.authRequired : ErrorCode.badToken;
      return sendProblem(reply, problem(code, 'creating a table needs a guest token (Authorization: Bearer …) from POST /api/guests'));
    }
    const body = parseOr400(reply, CreateTableRequestSchema, request.body, 'the table request');
    if (body === null) return reply;
    const settings = { turnSeconds: body.turnSeconds ?? null, listed: body.listed ?? false };
    const created = await service.create(host, body.rules, body.seats, settings);
    if (!created.ok) return sendProblem(reply, created.problem);
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    return reply.code(201).send({
      tableId: created.value.id,
      code: created.value.code,
      inviteUrl: `${origin.replace(/\/+$/, '')}${invitePath(created.value.id)}`,
      table: summarize(created.value, now().getTime()),
    });
  });

  app.get('/api/tables/:id', async (request, reply) => {
    const params = parseOr400(reply, TableParams, request.params, 'the table id');
    if (params === null) return reply;
    const doc = await service.load(params.id);
    if (doc === null) return sendProblem(reply, problem(ErrorCode.tableNotFound, `there is no table ${params.id}`));
    return summarize(doc, now().getTime());
  });

  app.get('/api/codes/:code', async (request, reply) => {
    const params = parseOr400(reply, CodeParams, request.params, 'the table code');
    if (params === null) return reply;
    const doc = await service.tableForCode(params.code);
    if (doc === null) return sendProblem(reply, problem(ErrorCode.tableNotFound, `there is no table with the code ${params.code}`));
    return summarize(doc, now().getTime());
  });

  app.get('/api/open-tables', async () => ({ tables: await lobby.openTables() }));

  app.get('/api/tables/:id/games/:n/record', async (request, reply) => {
    const params = parseOr400(reply, RecordParams, request.params, 'the record address');
    if (params === null) return reply;
    const record = await service.record(params.id, params.n);
    if (!record.ok) return sendProblem(reply, record.problem);
    return record.value;
  });
};
