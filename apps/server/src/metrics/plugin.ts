import type { FastifyPluginAsync } from 'fastify';
import type { MetricsRegistry } from './registry.ts';

/** `GET /metrics`: the registry in Prometheus' text format. */
export const metricsRoutes: FastifyPluginAsync<{ registry: MetricsRegistry }> = async (app, { registry }) => {
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(registry.render());
  });
};
