import { unhandledRejections } from '../process-faults.ts';
import { Counter, Gauge, MetricsRegistry } from './registry.ts';

/** What this process counts about itself and its tables. */
export interface ServerMetrics {
  readonly registry: MetricsRegistry;
  /** Game actions (people's and bots') this process committed. */
  readonly moves: Counter;
}

export function serverMetrics(): ServerMetrics {
  const registry = new MetricsRegistry();
  registry.add(
    new Gauge(
      'process_cpu_seconds_total',
      'Total user and system CPU time spent in seconds.',
      () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1e6;
      },
      'counter',
    ),
  );
  registry.add(new Gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () => process.memoryUsage.rss()));
  registry.add(
    new Gauge('fives_unhandled_rejections_total', 'Promise rejections nobody handled (each a bug, logged; the process goes on).', unhandledRejections, 'counter'),
  );
  const moves = registry.add(new Counter('fives_moves_total', 'Game actions (plays, draws, passes, claims, Muggins calls) committed by this process.'));
  return { registry, moves };
}
