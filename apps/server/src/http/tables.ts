import {
  CreateTableRequestSchema,
  ErrorCode,
  GuestRequestSchema,
  type GuestResponse,
  type TokenRefreshResponse,
  TableCodeSchema,
  TableIdSchema,
  invitePath,
} from '@fives/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Identities, refusalOf } from '../identity/identify.ts';
import { type Player, type TokenSigner, bearerToken, newPlayerId } from '../identity/token.ts';
import { skeleton } from '../accounts/skeleton.ts';
import type { AccountStore } from '../accounts/store.ts';
import { problem } from '../tables/problems.ts';
import type { LobbyService } from '../lobby/service.ts';
import type { TableStore } from '../store/store.ts';
import type { TableService } from '../tables/service.ts';
import { summarize } from '@fives/table';
import { sendProblem } from './reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from './schemas.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The player of the request's bearer token, for the routes that ask for one (`requireGuest`). */
    guest: Player | null;
  }
}

export interface TablesRoutesOptions {
  readonly service: TableService;
  /** The tables as stored (a table's summary is read from here). */
  readonly store: Pick<TableStore, 'load'>;
  readonly lobby: LobbyService;
  readonly signer: TokenSigner;
  /** Every token shown is checked here: a deleted account's is refused. */
  readonly identities: Identities;
  /** Kept names: a guest may not take one, and a player who kept theirs renames the account. */
  readonly accounts: AccountStore;
  readonly now: () => Date;
  /** The origin invite links start with; the request's own origin when unset. */
  readonly publicUrl: string | undefined;
}

// Each schema's description names the part in a refusal: "the table id does not fit its schema".
const GuestBody = GuestRequestSchema.describe('the guest request');
const CreateTableBody = CreateTableRequestSchema.describe('the table request');
const TableParams = z.strictObject({ id: TableIdSchema }).describe('the table id');
const CodeParams = z.strictObject({ code: TableCodeSchema }).describe('the table code');
const RecordParams = z.strictObject({ id: TableIdSchema, n: z.coerce.number().int().min(1).max(1_000_000) }).describe('the record address');

/** Guests, tables and records over HTTP. */
export const tablesRoutes: FastifyPluginAsync<TablesRoutesOptions> = async (plugin, { service, store, lobby, signer, identities, accounts, publicUrl, now }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);
  app.decorateRequest('guest', null);

  /** A preValidation hook: who asks comes before what they ask (a stranger learns nothing of the schema). */
  const requireGuest = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const token = bearerToken(request.headers.authorization);
    const checked = token === null ? null : await identities.check(token);
    request.guest = checked?.ok === true ? checked.player : null;
    if (request.guest !== null) return undefined;
    const code = request.headers.authorization === undefined ? ErrorCode.authRequired : checked?.ok === false ? checked.code : ErrorCode.badToken;
    const what = request.routeOptions.url === '/api/tables' ? 'creating a table' : 'refreshing a token';
    return sendProblem(reply, problem(code, `${what} needs a guest token (Authorization: Bearer …) from POST /api/guests`));
  };

  /** Who keeps a name; null too while the account store cannot be asked: an archive outage must not keep newcomers from playing. */
  const keeper = async (name: string, request: FastifyRequest): Promise<string | null> => {
    try {
      return await accounts.holder(skeleton(name));
    } catch (error) {
      request.log.warn({ err: error }, 'accounts could not be read: the name is let through');
      return null;
    }
  };

  app.post('/api/guests', { schema: { body: GuestBody } }, async (request, reply) => {
    const body = request.body;
    const checked = body.token === undefined ? null : await identities.check(body.token);
    if (checked !== null && !checked.ok)
      return sendProblem(reply, problem(checked.code, checked.code === ErrorCode.banned ? refusalOf(checked) : `${refusalOf(checked)}; leave it out to become a new guest`));
    const earlier = checked?.player ?? null;
    // A name an operator gave stays: the player plays under it whatever they ask for.
    if (checked?.ok === true && checked.operatorNamed === true) return { player: checked.player, token: signer.sign(checked.player) } satisfies GuestResponse;
    const kept = earlier === null ? null : await accounts.account(earlier.id);
    const taken = (): FastifyReply =>
      sendProblem(reply, problem(ErrorCode.nameTaken, `another player keeps the name ${JSON.stringify(body.name)} (or one that looks the same) with a passkey; choose another`));
    if (kept !== null) {
      // A player who kept their name renames the account itself: the lobby and the account never disagree.
      if (kept.name !== body.name && (await accounts.rename(kept.id, body.name, skeleton(body.name))) === 'name_taken') return taken();
    } else if ((await keeper(body.name, request)) !== null) {
      // A kept name is its keeper's alone: a guest may not play under it (or a look-alike of it).
      return taken();
    }
    const player: Player = { id: earlier?.id ?? newPlayerId(), name: body.name };
    const answer: GuestResponse = { player, token: signer.sign(player) };
    return answer;
  });

  // Rotation: a client shows its token once per visit; one old enough (or signed with a
  // previous secret) comes back re-signed, so tokens in use never reach their expiry.
  app.post('/api/tokens/refresh', { preValidation: requireGuest }, async (request) => {
    const token = bearerToken(request.headers.authorization) as string;
    const checked = signer.check(token);
    if (!checked.ok || request.guest === null) throw new Error('POST /api/tokens/refresh reached its handler without a token');
    // Whether there is an account to show: a guest's client then asks nothing more (no 404 to log on every visit).
    const kept = (await accounts.account(request.guest.id)) !== null;
    const answer: TokenRefreshResponse = { player: request.guest, token: checked.rotate ? signer.sign(request.guest) : token, rotated: checked.rotate, kept };
    return answer;
  });

  app.post('/api/tables', { schema: { body: CreateTableBody }, preValidation: requireGuest }, async (request, reply) => {
    const host = request.guest;
    // requireGuest has answered every request without one.
    if (host === null) throw new Error('POST /api/tables reached its handler without a guest');
    const body = request.body;
    const settings = { turnSeconds: body.turnSeconds ?? null, listed: body.listed ?? false, rated: body.rated ?? false };
    const created = await service.create(host, body.rules, body.seats, settings);
    if (!created.ok) return sendProblem(reply, created.error);
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    return reply.code(201).send({
      tableId: created.value.id,
      code: created.value.code,
      inviteUrl: `${origin.replace(/\/+$/, '')}${invitePath(created.value.id)}`,
      table: summarize(created.value, now().getTime()),
    });
  });

  app.get('/api/tables/:id', { schema: { params: TableParams } }, async (request, reply) => {
    const { id } = request.params;
    const doc = await store.load(id);
    if (doc === null) return sendProblem(reply, problem(ErrorCode.tableNotFound, `there is no table ${id}`));
    return summarize(doc, now().getTime());
  });

  app.get('/api/codes/:code', { schema: { params: CodeParams } }, async (request, reply) => {
    const { code } = request.params;
    const doc = await service.tableForCode(code);
    if (doc === null) return sendProblem(reply, problem(ErrorCode.tableNotFound, `there is no table with the code ${code}`));
    return summarize(doc, now().getTime());
  });

  app.get('/api/open-tables', async () => ({ tables: await lobby.openTables() }));

  app.get('/api/tables/:id/games/:n/record', { schema: { params: RecordParams } }, async (request, reply) => {
    const record = await service.record(request.params.id, request.params.n);
    if (!record.ok) return sendProblem(reply, record.error);
    return record.value;
  });
};
