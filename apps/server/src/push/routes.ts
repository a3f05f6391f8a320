import { ErrorCode, PUSH_KINDS, PUSH_SUBSCRIPTIONS_MAX, type PushInfo, type PushKind, PushSubscribeRequestSchema, PushUnsubscribeRequestSchema } from '@fives/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { Identities } from '../identity/identify.ts';
import { sendProblem } from '../http/reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from '../http/schemas.ts';
import { requestPlayer } from '../http/who.ts';
import { problem } from '../tables/problems.ts';
import type { SiteKeys } from './keys.ts';
import type { PushStore } from './store.ts';

export interface PushRoutesOptions {
  readonly store: PushStore;
  readonly keys: SiteKeys;
  readonly identities: Identities;
  readonly now: () => Date;
  /** The kinds of note this server sends (a feature that sends none yet is not offered to the browsers). */
  readonly sent: readonly PushKind[];
  /**
   * Whether an http: endpoint is taken. Never in production: the server would post to any
   * address a browser names. Tests run a push service of their own on loopback, in plain http.
   */
  readonly insecureEndpoints: boolean;
}

const SubscribeBody = PushSubscribeRequestSchema.describe('the push subscription');
const UnsubscribeBody = PushUnsubscribeRequestSchema.describe('the endpoint to forget');

/**
 * Notifications over HTTP (docs/protocol.md#notifications): the site's public key, and a
 * browser's subscription kept or forgotten. Bad input changes nothing.
 */
export const pushRoutes: FastifyPluginAsync<PushRoutesOptions> = async (plugin, o) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  app.get('/api/push', async (): Promise<PushInfo> => ({ publicKey: (await o.keys.get()).publicKey, kinds: PUSH_KINDS.filter((k) => o.sent.includes(k)) }));

  app.put('/api/push/subscription', { schema: { body: SubscribeBody } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    const endpoint = new URL(request.body.endpoint);
    if (endpoint.protocol !== 'https:' && !(o.insecureEndpoints && endpoint.protocol === 'http:')) {
      return sendProblem(reply, problem(ErrorCode.pushEndpointRefused, 'a push endpoint is an https: URL of a push service, as the browser gives it'));
    }
    const kinds = PUSH_KINDS.filter((k) => request.body.kinds.includes(k));
    await o.store.subscribe(
      {
        player: player.id,
        endpoint: request.body.endpoint,
        p256dh: request.body.keys.p256dh,
        auth: request.body.keys.auth,
        kinds,
        lang: request.body.lang,
        since: o.now().toISOString(),
      },
      PUSH_SUBSCRIPTIONS_MAX,
    );
    return { kinds };
  });

  app.delete('/api/push/subscription', { schema: { body: UnsubscribeBody } }, async (request, reply) => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    // Forgetting what is not there is done already: the browser's wish holds either way.
    await o.store.unsubscribe(player.id, request.body.endpoint);
    return { kinds: [] };
  });
};
