/**
 * A few Prometheus metrics, rendered in the text exposition format (version 0.0.4). Small on
 * purpose: a counter is a number and a line, and rendering is a join. Issue 8 adds more kinds.
 */
export interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  /** The current value(s): one sample line each, without the name (a histogram's start with `_bucket`, `_sum`, `_count`). */
  samples(): readonly (readonly [labels: string, value: number])[];
}

export class Counter implements Metric {
  readonly type = 'counter';
  private value = 0;

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(by = 1): void {
    this.value += by;
  }

  get(): number {
    return this.value;
  }

  samples(): readonly (readonly [string, number])[] {
    return [['', this.value]];
  }
}

/** A value read when the metrics are scraped (CPU time, memory, open connections). */
export class Gauge implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => number,
    readonly type: 'counter' | 'gauge' = 'gauge',
  ) {}

  samples(): readonly (readonly [string, number])[] {
    return [['', this.read()]];
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  add<M extends Metric>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} is registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }

  render(): string {
    const lines: string[] = [];
    for (const m of this.metrics.values()) {
      lines.push(`# HELP ${m.name} ${m.help}`, `# TYPE ${m.name} ${m.type}`);
      for (const [labels, value] of m.samples()) lines.push(`${m.name}${labels} ${formatValue(value)}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
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
