import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { sendProblem } from '../http/reply.ts';
import { clientAddress } from './address.ts';
import type { Limits } from './limits.ts';
import type { RateCounter, RateRule } from './rates.ts';
import { rateLimited, retryAfterSeconds } from './refusal.ts';

export interface HttpLimitsOptions {
  readonly rates: RateCounter;
  readonly limits: Limits;
  readonly now: () => number;
  readonly trustedHops: number;
}

/** Its count is of new guests: read after the body. */
const GUESTS = 'POST /api/guests';

const limitRequests: FastifyPluginAsync<HttpLimitsOptions> = async (app, d) => {
  const rules: Record<string, readonly [string, RateRule, string]> = {
    'POST /api/tables': ['t', d.limits.tables, 'too many tables made from this address'],
    [GUESTS]: ['g', d.limits.guests, 'too many guests made from this address'],
    'GET /api/codes/:code': ['k', d.limits.codeLookups, 'too many table codes looked up from this address'],
    'HEAD /api/codes/:code': ['k', d.limits.codeLookups, 'too many table codes looked up from this address'],
    // Every account route: a passkey ceremony costs the server a signature check, and a sign-in is what a guesser would repeat.
    ...Object.fromEntries(
      [
        'POST /api/account/register/options',
        'POST /api/account/register/verify',
        'POST /api/account/login/options',
        'POST /api/account/login/verify',
        'GET /api/account',
        'GET /api/account/export',
        // Reports and blocks: each one is a row an operator or the queue reads.
        'POST /api/reports',
        'GET /api/blocks',
        'POST /api/blocks',
        'PUT /api/blocks/:playerId',
        'DELETE /api/blocks/:playerId',
        'DELETE /api/account',
        'DELETE /api/account/passkeys/:passkeyId',
        // Notifications: each subscription is a row, and a note to it a request to a push service.
        'PUT /api/push/subscription',
        'DELETE /api/push/subscription',
      ].map((route) => [route, ['a', d.limits.accounts, 'too many passkey and account requests from this address'] as const]),
    ),
  };
  const route = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? ''}`;
  app.addHook('onRequest', async (request, reply) => {
    const key = route(request);
    // Guests are counted once their body is read (below): a rename is not a new guest.
    if (key === GUESTS) return;
    return limit(request, reply, rules[key]);
  });
  app.addHook('preHandler', async (request, reply) => {
    if (route(request) !== GUESTS) return;
    const body = request.body as { token?: unknown } | undefined;
    if (typeof body?.token === 'string') return;
    return limit(request, reply, rules[GUESTS]);
  });

  async function limit(request: FastifyRequest, reply: FastifyReply, rule: (typeof rules)[string] | undefined): Promise<FastifyReply | undefined> {
    if (rule === undefined) return;
    const address = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], d.trustedHops);
    let verdict;
    try {
      verdict = await d.rates.hit(`${rule[0]}:${address}`, rule[1], d.now());
    } catch {
      return; // The store is away: the route itself answers server/busy.
    }
    if (verdict.ok) return;
    const refusal = rateLimited(rule[2], verdict.retryAfterMs);
    reply.header('retry-after', String(retryAfterSeconds(refusal.retryAfterMs)));
    return sendProblem(reply, refusal);
  }
};

/**
 * Per-address limits on the HTTP routes that make something — tables (counted together with
 * `lobby:playNow`) and new guests (a rename, with its token, is not one) — and on looking tables up by code (counted together with
 * `table:join {code}`). Over the limit: 429 `rate/limited` with Retry-After. A hook on the root
 * instance (the plugin is not encapsulated), so it sees every route.
 */
export const httpLimits = fastifyPlugin(limitRequests, { name: 'fives-http-limits', fastify: '5.x' });
