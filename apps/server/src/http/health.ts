import type { Health } from '@fives/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { TableStore } from '../store/store.ts';

/** Liveness and the store: 200 when both answer, 503 when the store does not. */
export const healthRoutes: FastifyPluginAsync<{ store: TableStore }> = async (app, { store }) => {
  app.get('/healthz', async (_request, reply) => {
    const up = await store.ping();
    const health: Health = { ok: up, store: { kind: store.kind, durable: store.durable, up } };
    return reply.code(up ? 200 : 503).send(health);
  });
};
