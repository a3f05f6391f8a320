import { Counter, Gauge, Histogram } from 'prom-client';
import type { ThinkFailure } from '../bots/thinker.ts';
import type { MetricsRegistry } from './registry.ts';

/** What the table service reports about its computer players' thinking (`TableService`). */
export interface BotEvents {
  /** A decision made: in a worker thread (`pool`), or where the step ran (`inline`: a forced move, a level that does not search). */
  decided(where: 'pool' | 'inline'): void;
  /** An answer thought about a version the table had moved on from by the time it came back: dropped. */
  stale(): void;
  /** A thread that threw or hung (and was replaced). */
  failed(failure: ThinkFailure): void;
  /** No answer after every try: the first legal action was played instead. */
  fellBack(): void;
  /** A move handed to the worker processes (this node thinks nowhere, BOT_WORKERS=0). */
  handedOff(): void;
}

export interface BotGauges {
  /** Decisions waiting for a free thread of this node's pool. */
  readonly queueDepth: () => number;
  /** Computer players' moves waiting in Redis for a thinker (BOT_WORKERS=0 nodes hand them there). */
  readonly waiting: () => Promise<number>;
  /** Thinkers (nodes and worker processes with threads) seen alive now. */
  readonly thinkers: () => Promise<number>;
}

/** The bot metrics in the app's registry; the gauges are read when /metrics is scraped. */
export function botMetrics(metrics: MetricsRegistry, gauges: BotGauges): BotEvents & { observe(ms: number): void } {
  const registers = [metrics.registry];
  const decisions = new Counter({ name: 'fives_bot_decisions_total', help: "Computer players' decisions, by where they were made.", labelNames: ['where'], registers });
  const stale = new Counter({
    name: 'fives_bot_stale_answers_total',
    help: 'Answers of the worker threads dropped because the table moved on while they were thought about (the new version is thought about again).',
    registers,
  });
  const failures = new Counter({
    name: 'fives_bot_worker_failures_total',
    help: 'Worker threads that threw or hung past their deadline (each replaced).',
    labelNames: ['failure'],
    registers,
  });
  const fallbacks = new Counter({ name: 'fives_bot_fallbacks_total', help: 'Moves played as the first legal action because thinking failed every time.', registers });
  const handedOff = new Counter({ name: 'fives_bot_handed_off_total', help: 'Moves handed to the worker processes (BOT_WORKERS=0 on this node).', registers });
  const waiting = lastReading(gauges.waiting);
  const thinkers = lastReading(gauges.thinkers);
  const think = new Histogram({
    name: 'fives_bot_think_seconds',
    help: 'Time a worker thread spent on one decision.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  new Gauge({
    name: 'fives_bot_queue_depth',
    help: "Decisions waiting for a free thread of this node's pool.",
    registers,
    collect() {
      this.set(gauges.queueDepth());
    },
  });
  new Gauge({
    name: 'fives_bot_moves_waiting',
    help: "Computer players' moves due and waiting in Redis for a thinker (nodes with BOT_WORKERS=0 hand them there; a worker process or a node with threads takes them).",
    registers,
    async collect() {
      this.set(await waiting());
    },
  });
  new Gauge({
    name: 'fives_bot_thinkers',
    help: 'Nodes and worker processes with bot threads seen alive (they take the moves waiting in Redis).',
    registers,
    async collect() {
      this.set(await thinkers());
    },
  });
  return {
    decided: (where) => decisions.inc({ where }),
    stale: () => stale.inc(),
    failed: (failure) => failures.inc({ failure }),
    fellBack: () => fallbacks.inc(),
    handedOff: () => handedOff.inc(),
    observe: (ms) => think.observe(ms / 1000),
  };
}

/**
 * A reading from the store, or the last one while the store does not answer: a scrape must not
 * fail with it (an outage is when /metrics matters most, and `fives_store_up` says it).
 */
function lastReading(read: () => Promise<number>): () => Promise<number> {
  let last = 0;
  return async () => {
    try {
      last = await read();
    } catch {
      // Kept: the store is away.
    }
    return last;
  };
}
