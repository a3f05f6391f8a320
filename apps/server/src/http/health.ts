import type { Health, Readiness } from '@fives/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { StoreMonitor } from '../store/monitor.ts';
import type { TableStore } from '../store/store.ts';

export interface HealthOptions {
  readonly store: TableStore;
  readonly monitor: StoreMonitor;
  /** Whether this node is shutting down (it takes no new traffic). */
  readonly draining: () => boolean;
}

/**
 * Liveness and readiness, apart: `/healthz` answers while the process does (a store outage is
 * no reason to restart it: it recovers by itself when the store is back); `/readyz` says
 * whether to send it traffic — the store answers now, and the node is not draining.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { store, monitor, draining }) => {
  const storeHealth = (up: boolean): Health['store'] => ({ kind: store.kind, durable: store.durable, up });
  app.get('/healthz', { logLevel: 'warn' }, async () => {
    const health: Health = { ok: true, store: storeHealth(monitor.up) };
    return health;
  });
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const up = await monitor.probe();
    const readiness: Readiness = { ready: up && !draining(), store: storeHealth(up), draining: draining() };
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });
};
