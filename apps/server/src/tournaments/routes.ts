import { ErrorCode, PlayerIdSchema, type Problem } from '@fives/protocol';
import { type Tournament, type TournamentPage, TournamentIdSchema, listingOf, pageOf } from '@fives/tournament';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AccountStore } from '../accounts/store.ts';
import type { Identities } from '../identity/identify.ts';
import { sendProblem } from '../http/reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from '../http/schemas.ts';
import { requestPlayer } from '../http/who.ts';
import { problem } from '../tables/problems.ts';
import type { TournamentService } from './service.ts';

export interface TournamentRoutesOptions {
  readonly tournaments: TournamentService;
  readonly identities: Identities;
  /** Who has an account (one is made with a passkey): only they create tournaments. */
  readonly accounts: Pick<AccountStore, 'account'>;
}

const Params = z.strictObject({ tournamentId: TournamentIdSchema }).describe('the tournament id');
// The settings are checked by the tournament itself (settings.ts), which names every refusal as
// `tournament/bad_settings`; here the body only has to be an object.
const PairBody = z.strictObject({ partner: PlayerIdSchema }).describe('the partner asked');
const SettingsBody = z.record(z.string(), z.unknown()).describe('the tournament settings');

/**
 * Tournaments over HTTP (docs/protocol.md, "Tournaments"): the list of open ones, a tournament's
 * page with its standings, creating one (an account's, signed in with a passkey), joining and
 * withdrawing. The pairings, tables and results are the runner's (runner.ts), not a request's.
 */
export const tournamentRoutes: FastifyPluginAsync<TournamentRoutesOptions> = async (plugin, o) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  const answer = (reply: FastifyReply, out: { ok: true; value: Tournament } | { ok: false; error: Problem }): TournamentPage | FastifyReply =>
    out.ok ? pageOf(out.value) : sendProblem(reply, out.error);

  app.get('/api/tournaments', async () => ({ tournaments: (await o.tournaments.listed()).map(listingOf) }));

  app.get('/api/tournaments/:tournamentId', { schema: { params: Params } }, async (request, reply) => {
    const t = await o.tournaments.get(request.params.tournamentId);
    if (t === null) return sendProblem(reply, problem(ErrorCode.tournamentNotFound, `no tournament ${request.params.tournamentId}`));
    return pageOf(t);
  });

  app.post('/api/tournaments', { schema: { body: SettingsBody } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    if ((await o.accounts.account(player.id)) === null) {
      return sendProblem(reply, problem(ErrorCode.tournamentPasskeyRequired, 'creating a tournament needs an account: keep your name with a passkey first'));
    }
    const made = await o.tournaments.create(player, request.body);
    if (!made.ok) return sendProblem(reply, made.error);
    return reply.code(201).send(pageOf(made.value));
  });

  app.post('/api/tournaments/:tournamentId/join', { schema: { params: Params } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    return answer(reply, await o.tournaments.join(request.params.tournamentId, player));
  });

  // A tournament of pairs is entered by two people asking each other: the first ask waits (on the
  // tournament's page, for the partner to see), the second enters both.
  app.post('/api/tournaments/:tournamentId/pair', { schema: { params: Params, body: PairBody } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    return answer(reply, await o.tournaments.pairWith(request.params.tournamentId, player, request.body.partner));
  });

  app.post('/api/tournaments/:tournamentId/withdraw', { schema: { params: Params } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    return answer(reply, await o.tournaments.withdraw(request.params.tournamentId, player.id));
  });
};
