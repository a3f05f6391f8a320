import type { FastifyBaseLogger } from 'fastify';
import { StoreTimeoutError } from './availability.ts';
import type { TableStore } from './store.ts';

export interface StoreMonitorOptions {
  /** How often to ping the store, ms. */
  readonly probeMs: number;
  /** A ping slower than this counts as a failure, ms. */
  readonly timeoutMs: number;
  readonly log: FastifyBaseLogger;
  /** Told of every ping: how long it took (seconds) and whether it answered. */
  readonly onPing?: (seconds: number, ok: boolean) => void;
  /** Told after each ping (the metrics read the table counts then). */
  readonly onProbe?: (up: boolean) => Promise<void> | void;
}

/**
 * Whether the store answers, from a ping every `probeMs`: what readiness reports and what
 * makes the sockets refuse messages with `server/busy` instead of letting each one fail. Says
 * once in the log when the store goes away and once when it is back, not at every retry.
 */
export class StoreMonitor {
  private current = true;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;

  constructor(
    private readonly store: TableStore,
    private readonly o: StoreMonitorOptions,
  ) {}

  get up(): boolean {
    return this.current;
  }

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.probe(), this.o.probeMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Pings now (one ping at a time); resolves to whether the store answered. */
  probe(): Promise<boolean> {
    this.running ??= this.ping().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Something failed to reach the store: count it as down until the next ping says otherwise. */
  failed(): void {
    this.set(false);
  }

  private async ping(): Promise<boolean> {
    const started = performance.now();
    let ok: boolean;
    let timer: NodeJS.Timeout | undefined;
    try {
      ok = await Promise.race([
        this.store.ping(),
        new Promise<boolean>((_, reject) => {
          timer = setTimeout(() => reject(new StoreTimeoutError(`no answer in ${this.o.timeoutMs} ms`)), this.o.timeoutMs);
        }),
      ]);
    } catch {
      ok = false;
    } finally {
      clearTimeout(timer);
    }
    this.o.onPing?.((performance.now() - started) / 1000, ok);
    this.set(ok);
    try {
      await this.o.onProbe?.(ok);
    } catch {
      // Metrics that cannot be read this time are read at the next probe.
    }
    return ok;
  }

  private set(up: boolean): void {
    if (up === this.current) return;
    this.current = up;
    if (up) this.o.log.info({ store: this.store.kind }, 'the store answers again: taking actions again');
    else this.o.log.error({ store: this.store.kind }, 'the store does not answer: refusing actions with server/busy until it does');
  }
}
