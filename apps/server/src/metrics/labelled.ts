import type { Metric } from './registry.ts';

/** A counter per value of one label (errors by code, refusals by kind). */
export class LabelledCounter implements Metric {
  readonly type = 'counter';
  private readonly values = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label: string,
  ) {}

  inc(value: string, by = 1): void {
    this.values.set(value, (this.values.get(value) ?? 0) + by);
  }

  samples(): readonly (readonly [string, number])[] {
    return [...this.values.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([v, n]) => [`{${this.label}="${escapeLabel(v)}"}`, n]);
  }
}

/** A gauge per value of one label, set as a whole when read (tables by state). */
export class LabelledGauge implements Metric {
  readonly type = 'gauge';
  private values: readonly (readonly [string, number])[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label: string,
  ) {}

  set(values: Readonly<Record<string, number>>): void {
    this.values = Object.entries(values);
  }

  samples(): readonly (readonly [string, number])[] {
    return this.values.map(([v, n]) => [`{${this.label}="${escapeLabel(v)}"}`, n]);
  }
}

/** Label values are escaped as the text format says (backslash, quote, newline). */
export function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
