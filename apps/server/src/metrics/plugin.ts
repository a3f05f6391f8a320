import type { FastifyPluginAsync } from 'fastify';
import type { MetricsRegistry } from './registry.ts';

/** `GET /metrics`: the app's metrics and the process's, in Prometheus' text format. */
export const metricsRoutes: FastifyPluginAsync<{ registry: MetricsRegistry }> = async (app, { registry }) => {
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    return reply.type(registry.contentType).send(await registry.render());
  });
};
