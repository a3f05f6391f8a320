import { ErrorCode } from '@fives/protocol';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/reply.ts';
import { problem } from '../tables/problems.ts';
import { clientAddress } from './address.ts';
import type { Limits } from './limits.ts';
import type { RateCounter, RateRule } from './rates.ts';

/**
 * Per-address limits on the HTTP routes that make something: tables (counted together with
 * `lobby:playNow`) and guest tokens. Over the limit: 429 `rate/limited` with Retry-After.
 * A hook on the root instance, so it sees every route.
 */
export function installHttpLimits(app: FastifyInstance, d: { rates: RateCounter; limits: Limits; now: () => number; trustedHops: number }): void {
  const rules: Record<string, readonly [string, RateRule, string]> = {
    '/api/tables': ['t', d.limits.tables, 'too many tables made from this address'],
    '/api/guests': ['g', d.limits.guests, 'too many guests made from this address'],
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const rule = rules[request.routeOptions.url ?? ''];
    if (rule === undefined) return;
    const address = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], d.trustedHops);
    let verdict;
    try {
      verdict = await d.rates.hit(`${rule[0]}:${address}`, rule[1], d.now());
    } catch {
      return; // The store is away: the route itself answers server/busy.
    }
    if (verdict.ok) return;
    const seconds = Math.ceil(verdict.retryAfterMs / 1000);
    reply.header('retry-after', String(seconds));
    return sendProblem(reply, problem(ErrorCode.rateLimited, `${rule[2]}; try again in ${seconds} s`, { retryAfterMs: verdict.retryAfterMs }));
  });
}
