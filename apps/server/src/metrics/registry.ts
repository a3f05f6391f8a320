import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's own metrics — prom-client's defaults: CPU (the bot threads' included),
 * resident memory, event-loop lag (what people wait on; the computer players think off the
 * loop, in threads), GC pauses, heap, open handles and file descriptors — collected once per
 * process however many apps it builds (tests build several): the GC observer and the
 * event-loop histogram they start cannot be stopped, and one set of them tells everything
 * about the process.
 */
let processRegistry: Registry | null = null;

function processMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * One app's metrics: its own prom-client `Registry` (add a metric to it with
 * `new Counter({ name, help, registers: [metrics.registry] })`), rendered after the process's.
 */
export class MetricsRegistry {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;

  /** Both registries in Prometheus' text format (version 0.0.4). */
  async render(): Promise<string> {
    const [own, shared] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${shared}`;
  }
}

/** Parses the sample lines of a text exposition into name → value (labels kept in the name). */
export function parseMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    if (space <= 0) continue;
    out.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return out;
}
