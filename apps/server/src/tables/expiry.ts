import type { TableId } from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { TableStore } from '../store/store.ts';

export interface TableExpiryOptions {
  /** A table nobody has changed for this long is removed (0: never). */
  readonly ttlMs: number;
  /** How often each node looks for such tables. */
  readonly sweepMs: number;
  readonly now: () => number;
  readonly log: FastifyBaseLogger;
  /** Told which tables were removed (the open-tables list may have changed; who is at them is told). */
  readonly onExpired: (ids: readonly TableId[]) => void;
}

/**
 * Abandoned tables expire: every node looks now and then for tables not changed for `ttlMs`
 * (waiting for players nobody brought, a finished game nobody restarted, a game everyone left)
 * and removes each, with everything pointing at it, in one atomic step of the store's. Two
 * nodes sweeping at once remove each table once. Game records stay for their own retention.
 */
export class TableExpiry {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: TableStore,
    private readonly o: TableExpiryOptions,
  ) {}

  start(): void {
    if (this.o.ttlMs <= 0 || this.timer !== null) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.o.log.warn({ err: error }, 'looking for abandoned tables failed; trying again later'));
    }, this.o.sweepMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Removes every table idle for longer than the time to live; resolves to how many. */
  async sweep(): Promise<number> {
    if (this.o.ttlMs <= 0) return 0;
    const batch = 100;
    const removed: TableId[] = [];
    for (;;) {
      const now = this.o.now();
      const ids = await this.store.expireIdle(now - this.o.ttlMs, batch, now);
      for (const id of ids) this.o.log.info({ tableId: id, event: 'expired' }, 'table event');
      removed.push(...ids);
      if (ids.length < batch) break;
    }
    if (removed.length > 0) this.o.onExpired(removed);
    return removed.length;
  }
}
