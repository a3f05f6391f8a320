import { Counter } from 'prom-client';
import { MetricsRegistry } from './registry.ts';

/** What this process counts about itself and its tables. */
export interface ServerMetrics {
  readonly registry: MetricsRegistry;
  /** Game actions (people's and bots') this process committed. */
  readonly moves: { inc(): void };
}

/** The app's registry (the process's own metrics, CPU and memory among them, come with it: `MetricsRegistry`). */
export function serverMetrics(): ServerMetrics {
  const registry = new MetricsRegistry();
  const moves = new Counter({
    name: 'fives_moves_total',
    help: 'Game actions (plays, draws, passes, claims, Muggins calls) committed by this process.',
    registers: [registry.registry],
  });
  return { registry, moves: { inc: () => moves.inc() } };
}
