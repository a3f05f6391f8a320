/** What the load generator sees: each move's round trip, and everything that went wrong. */
export class LoadStats {
  /** Round trips (ms) of the moves answered while measuring. */
  readonly latencies: number[] = [];
  errors = 0;
  measuring = false;
  /** The first few errors, said on stderr so a failed run says why. */
  readonly examples: string[] = [];

  error(what: string): void {
    this.errors++;
    if (this.examples.length < 5) this.examples.push(what);
  }

  moved(ms: number): void {
    if (this.measuring) this.latencies.push(ms);
  }
}

/** The p-th percentile (0..100) of the samples, nearest rank; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
