/** The two figures of a node's /metrics the load test reads: moves committed and CPU seconds. */
export interface NodeFigures {
  readonly moves: number;
  readonly cpuSeconds: number;
}

export async function nodeFigures(url: string): Promise<NodeFigures> {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${url}/metrics: ${res.status}`);
  return parseFigures(await res.text());
}

/** Reads `fives_moves_total` and `process_cpu_seconds_total` out of Prometheus' text format. */
export function parseFigures(text: string): NodeFigures {
  const value = (name: string): number => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    if (line === undefined) throw new Error(`/metrics has no ${name}`);
    return Number(line.slice(name.length + 1));
  };
  return { moves: value('fives_moves_total'), cpuSeconds: value('process_cpu_seconds_total') };
}

/** The sum over the nodes. */
export async function allFigures(urls: readonly string[]): Promise<NodeFigures> {
  const each = await Promise.all(urls.map(nodeFigures));
  return { moves: each.reduce((s, f) => s + f.moves, 0), cpuSeconds: each.reduce((s, f) => s + f.cpuSeconds, 0) };
}
