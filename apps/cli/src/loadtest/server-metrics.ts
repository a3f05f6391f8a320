/**
 * The figures of a node's /metrics the load test reads: moves committed, CPU seconds, and the
 * event loop's lag p99 since the last scrape (prom-client's histogram starts afresh at each
 * scrape, so read at the end of the measured seconds after a read at their start, it covers them
 * exactly, and not the set-up or the clients leaving). Null where a node does not export it.
 */
export interface NodeFigures {
  readonly moves: number;
  readonly cpuSeconds: number;
  readonly loopLagP99Seconds: number | null;
}

export async function nodeFigures(url: string): Promise<NodeFigures> {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${url}/metrics: ${res.status}`);
  return parseFigures(await res.text());
}

/** Reads `fives_moves_total`, `process_cpu_seconds_total` and `nodejs_eventloop_lag_p99_seconds` out of Prometheus' text format. */
export function parseFigures(text: string): NodeFigures {
  const lines = text.split('\n');
  const optional = (name: string): number | null => {
    const line = lines.find((l) => l.startsWith(`${name} `));
    return line === undefined ? null : Number(line.slice(name.length + 1));
  };
  const value = (name: string): number => {
    const v = optional(name);
    if (v === null) throw new Error(`/metrics has no ${name}`);
    return v;
  };
  return { moves: value('fives_moves_total'), cpuSeconds: value('process_cpu_seconds_total'), loopLagP99Seconds: optional('nodejs_eventloop_lag_p99_seconds') };
}

/** The sum over the nodes, and the worst node's lag. */
export async function allFigures(urls: readonly string[]): Promise<NodeFigures> {
  const each = await Promise.all(urls.map(nodeFigures));
  const lags = each.flatMap((f) => (f.loopLagP99Seconds === null ? [] : [f.loopLagP99Seconds]));
  return {
    moves: each.reduce((s, f) => s + f.moves, 0),
    cpuSeconds: each.reduce((s, f) => s + f.cpuSeconds, 0),
    loopLagP99Seconds: lags.length === 0 ? null : Math.max(...lags),
  };
}
