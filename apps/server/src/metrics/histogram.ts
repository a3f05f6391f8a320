import type { Metric } from './registry.ts';

/** A Prometheus histogram: cumulative buckets (upper bounds in seconds), a sum and a count. */
export class Histogram implements Metric {
  readonly type = 'histogram';
  private readonly counts: number[];
  private sum = 0;
  private count = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Array<number>(bounds.length).fill(0);
  }

  observe(value: number): void {
    this.sum += value;
    this.count++;
    const i = this.bounds.findIndex((b) => value <= b);
    if (i >= 0) this.counts[i] = (this.counts[i] as number) + 1;
  }

  samples(): readonly (readonly [string, number])[] {
    const out: [string, number][] = [];
    let running = 0;
    this.bounds.forEach((b, i) => {
      running += this.counts[i] as number;
      out.push([`_bucket{le="${b}"}`, running]);
    });
    out.push(['_bucket{le="+Inf"}', this.count], ['_sum', this.sum], ['_count', this.count]);
    return out;
  }
}

/** Bounds for request-sized latencies: 1 ms to 5 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;
