import type { TableId } from '@fives/protocol';

/**
 * When the table moves by itself — a bot's turn, the next deal — the server asks the scheduler
 * to come back to it. A job names the table version it was scheduled on: when it runs, a table
 * that has moved on since is left alone (the change that moved it scheduled its own job).
 *
 * This implementation keeps jobs in this process's timers, one per table (a newer job replaces
 * an older one). A server that starts resumes every table under way, so a restart loses
 * nothing; a job lives only as long as the process that set it, which is what a Redis-backed
 * scheduler (delayed jobs any node can take) will change.
 */
export interface TurnScheduler {
  schedule(tableId: TableId, version: number, delayMs: number): void;
  close(): void;
}

export type JobRunner = (tableId: TableId, version: number) => Promise<void>;

export class TimerScheduler implements TurnScheduler {
  private readonly timers = new Map<TableId, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly run: JobRunner,
    private readonly onError: (error: unknown, tableId: TableId) => void,
  ) {}

  schedule(tableId: TableId, version: number, delayMs: number): void {
    if (this.closed) return;
    this.cancel(tableId);
    const fire = (): void => {
      this.timers.delete(tableId);
      this.run(tableId, version).catch((error: unknown) => this.onError(error, tableId));
    };
    this.timers.set(tableId, setTimeout(fire, Math.max(0, delayMs)));
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.timers.keys()]) this.cancel(id);
  }

  private cancel(tableId: TableId): void {
    const timer = this.timers.get(tableId);
    if (timer === undefined) return;
    this.timers.delete(tableId);
    clearTimeout(timer);
  }
}
