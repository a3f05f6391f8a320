import type { Health, Readiness } from '@fives/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { GameArchive } from '../archive/archive.ts';
import type { StoreMonitor } from '../store/monitor.ts';
import type { TableStore } from '../store/store.ts';

export interface HealthOptions {
  readonly store: TableStore;
  /** Said as it is: which archive, and whether it keeps games past this process. */
  readonly archive: GameArchive;
  readonly monitor: StoreMonitor;
  /** Whether this node is shutting down (it takes no new traffic). */
  readonly draining: () => boolean;
}

/**
 * Liveness and readiness, apart: `/healthz` answers while the process does (a store outage is
 * no reason to restart it: it recovers by itself when the store is back); `/readyz` says
 * whether to send it traffic, which is only a matter of draining. The store is every node's,
 * so a Redis blip would make a balancer take every node out at once and answer the whole site
 * with its own bare 503; kept in, the nodes answer `server/busy` (and retry) until Redis is
 * back. The store's health is reported (`store.up`, the monitor's last look) but decides nothing.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { store, archive, monitor, draining }) => {
  const storeHealth = (): Health['store'] => ({ kind: store.kind, durable: store.durable, up: monitor.up, ...(store.mode === undefined ? {} : { mode: store.mode }) });
  app.get('/healthz', { logLevel: 'warn' }, async () => {
    const health: Health = { ok: true, store: storeHealth(), archive: { kind: archive.kind, durable: archive.durable } };
    return health;
  });
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const readiness: Readiness = { ready: !draining(), store: storeHealth(), draining: draining() };
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });
};
