import type { Phase } from '@fives/protocol';
import { Histogram, LATENCY_BUCKETS } from './histogram.ts';
import { LabelledCounter, LabelledGauge } from './labelled.ts';
import { Gauge, type MetricsRegistry } from './registry.ts';

/** What this process reports about its clients, tables and store (on top of `serverMetrics`). */
export interface TrustMetrics {
  /** From a `game:action` arriving to its answer (accepted or refused). */
  readonly moveSeconds: Histogram;
  /** Every refusal sent, on the socket and over HTTP, by its protocol code. */
  readonly errors: LabelledCounter;
  /** Tables in the store by phase, as last read. */
  readonly tables: LabelledGauge;
  /** Round trips to the store, from the health probe's pings. */
  readonly storeSeconds: Histogram;
  /** Abandoned tables this process removed. */
  readonly expired: { inc(by?: number): void };
}

export function trustMetrics(registry: MetricsRegistry, o: { connections: () => number; storeUp: () => boolean }): TrustMetrics {
  registry.add(new Gauge('fives_connections', 'Socket.IO connections open on this process.', o.connections));
  registry.add(new Gauge('fives_store_up', 'Whether the store (Redis) answered the last ping: 1 or 0.', () => (o.storeUp() ? 1 : 0)));
  const tables = registry.add(new LabelledGauge('fives_tables', 'Tables in the store by state (waiting, playing, over), read every few seconds.', 'state'));
  tables.set({ waiting: 0, playing: 0, over: 0 } satisfies Record<Phase, number>);
  const moveSeconds = registry.add(new Histogram('fives_move_seconds', 'Time from a game:action arriving to its answer, in seconds.', LATENCY_BUCKETS));
  const errors = registry.add(new LabelledCounter('fives_errors_total', 'Refusals sent to clients (socket and HTTP), by protocol error code.', 'code'));
  const storeSeconds = registry.add(new Histogram('fives_redis_seconds', 'Round trip of a ping to the store (Redis), in seconds.', LATENCY_BUCKETS));
  let expiredCount = 0;
  registry.add(new Gauge('fives_tables_expired_total', 'Abandoned tables this process removed.', () => expiredCount, 'counter'));
  return { moveSeconds, errors, tables, storeSeconds, expired: { inc: (by = 1) => void (expiredCount += by) } };
}
