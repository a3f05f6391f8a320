import { Counter } from 'prom-client';
import { unhandledRejections } from '../process-faults.ts';
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
  new Counter({
    name: 'fives_unhandled_rejections_total',
    help: 'Promise rejections nobody handled (each a bug, logged; the process goes on).',
    registers: [registry.registry],
    // Counted by the process's safety net (process-faults.ts), read when scraped.
    collect() {
      this.reset();
      this.inc(unhandledRejections());
    },
  });
  return { registry, moves: { inc: () => moves.inc() } };
}
