import type { Phase } from '@fives/protocol';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { MetricsRegistry } from './registry.ts';

/** Bounds for request-sized latencies: 1 ms to 5 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** What this process reports about its clients, tables and store (on top of `serverMetrics`). */
export interface TrustMetrics {
  /** From a `game:action` arriving to its answer (accepted or refused). */
  readonly moveSeconds: { observe(seconds: number): void };
  /** Every refusal sent, on the socket and over HTTP, by its protocol code. */
  readonly errors: { inc(code: string): void };
  /** Tables in the store by phase, as last read. */
  readonly tables: { set(counts: Readonly<Record<Phase, number>>): void };
  /** Round trips to the store, from the health probe's pings. */
  readonly storeSeconds: { observe(seconds: number): void };
  /** Abandoned tables this process removed. */
  readonly expired: { inc(by?: number): void };
}

export function trustMetrics(metrics: MetricsRegistry, o: { connections: () => number; storeUp: () => boolean; storeStalls: () => number }): TrustMetrics {
  const registers = [metrics.registry];
  new Gauge({
    name: 'fives_connections',
    help: 'Socket.IO connections open on this process.',
    registers,
    collect() {
      this.set(o.connections());
    },
  });
  new Gauge({
    name: 'fives_store_up',
    help: 'Whether the store (Redis) answered the last ping: 1 or 0.',
    registers,
    collect() {
      this.set(o.storeUp() ? 1 : 0);
    },
  });
  new Counter({
    name: 'fives_redis_stalled_commands_total',
    help: 'Commands to Redis failed because no reply came within REDIS_COMMAND_TIMEOUT_MS (a paused or unreachable Redis behind an open connection).',
    registers,
    collect() {
      this.reset();
      this.inc(o.storeStalls());
    },
  });
  const tables = new Gauge({ name: 'fives_tables', help: 'Tables in the store by state (waiting, playing, over), read every few seconds.', labelNames: ['state'], registers });
  const setTables = (counts: Readonly<Record<Phase, number>>): void => {
    for (const [state, n] of Object.entries(counts)) tables.set({ state }, n);
  };
  setTables({ waiting: 0, playing: 0, over: 0 });
  const moveSeconds = new Histogram({ name: 'fives_move_seconds', help: 'Time from a game:action arriving to its answer, in seconds.', buckets: LATENCY_BUCKETS, registers });
  const errors = new Counter({ name: 'fives_errors_total', help: 'Refusals sent to clients (socket and HTTP), by protocol error code.', labelNames: ['code'], registers });
  const storeSeconds = new Histogram({ name: 'fives_redis_seconds', help: 'Round trip of a ping to the store (Redis), in seconds.', buckets: LATENCY_BUCKETS, registers });
  const expired = new Counter({ name: 'fives_tables_expired_total', help: 'Abandoned tables this process removed.', registers });
  return {
    moveSeconds: { observe: (s) => moveSeconds.observe(s) },
    errors: { inc: (code) => errors.inc({ code }) },
    tables: { set: setTables },
    storeSeconds: { observe: (s) => storeSeconds.observe(s) },
    expired: { inc: (by = 1) => expired.inc(by) },
  };
}
