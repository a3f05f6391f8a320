import { type ClaimScope, type Job, type ClaimedJob, type JobQueue, jobOf } from './job.ts';

/** Jobs of a claimed batch run side by side. */
const RUN_AT_ONCE = 8;

/**
 * What a job's run resolves to: `'replaced'` when its own atomic change already set the job anew or
 * cleared it (a table's commit sets the table's next step), so marking it done would be a
 * round trip to Redis that changes nothing; otherwise nothing, and the job is marked done.
 * (A union of promises: the runs that never replace their job return a plain `Promise<void>`.)
 */
export type RunEnd = Promise<'replaced' | undefined> | Promise<void>;

export interface JobRunnerOptions {
  /** How often to look for due jobs set by other nodes (or by a node that died), ms. */
  readonly pollMs: number;
  /** How long a claimed job is this node's alone before another may take it again, ms. */
  readonly leaseMs: number;
  /** Jobs claimed per round trip. */
  readonly batch: number;
  readonly onError: (error: unknown, job: Job | string) => void;
}

/**
 * Runs due jobs on this node. Every node polls the shared queue now and then (so a job set by a
 * node that has died still runs), and wakes up exactly when a job it set itself falls due (so
 * a bot's move does not wait for the next poll). Time is read from `now` only, never from the
 * timers: a test moves a fake clock on and calls `poll()`.
 */
export class JobRunner {
  private interval: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private current: Promise<number> | null = null;
  private next: Promise<number> | null = null;
  /** What the round queued after the current one looks at: everywhere if any of its callers asked so. */
  private nextScope: ClaimScope = 'expected';
  private closed = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly now: () => number,
    private readonly run: (job: Job) => RunEnd,
    private readonly o: JobRunnerOptions,
  ) {}

  start(): void {
    if (this.closed || this.interval !== null) return;
    this.interval = setInterval(() => void this.poll(), this.o.pollMs);
    this.interval.unref();
    void this.poll();
  }

  /** A job this node set falls due at `at`: poll then, not at the next interval. */
  wake(at: number): void {
    if (this.closed) return;
    if (at <= this.now()) {
      // Due already: at once, whatever later wake-up is pending (a clock moved on by a test is one).
      setImmediate(() => void this.poll('expected'));
      return;
    }
    if (at >= this.wakeAt) return;
    if (this.wakeTimer !== null) clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    const delay = Math.min(Math.max(0, at - this.now()), 2 ** 31 - 1);
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeAt = Number.POSITIVE_INFINITY;
      void this.poll('expected');
    }, delay);
    this.wakeTimer.unref();
  }

  /**
   * Claims and runs every job due now, until none is left; resolves to how many ran. A call
   * made while a round is under way runs one more round after it, so whatever was due when
   * it was called has run when it resolves. `expected`: a wake-up for this node's own jobs
   * (the queue may look only where it knows they are, `JobQueue.claim`); default: everywhere.
   */
  poll(scope: ClaimScope = 'all'): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    if (this.current === null) {
      this.current = this.drain(scope).finally(() => {
        this.current = null;
      });
      return this.current;
    }
    if (scope === 'all') this.nextScope = 'all';
    this.next ??= this.current.then(
      () => this.pollNext(),
      () => this.pollNext(),
    );
    return this.next;
  }

  private pollNext(): Promise<number> {
    const scope = this.nextScope;
    this.next = null;
    this.nextScope = 'expected';
    return this.poll(scope);
  }

  close(): void {
    this.closed = true;
    if (this.interval !== null) clearInterval(this.interval);
    if (this.wakeTimer !== null) clearTimeout(this.wakeTimer);
    this.interval = null;
    this.wakeTimer = null;
  }

  /** Resolves once the round under way (if any) and the one queued after it have run. */
  async idle(): Promise<void> {
    while (this.current !== null || this.next !== null) await Promise.allSettled([this.current, this.next]);
  }

  private async drain(scope: ClaimScope): Promise<number> {
    let ran = 0;
    for (;;) {
      let claimed: ClaimedJob[];
      try {
        const now = this.now();
        claimed = await this.queue.claim(now, now + this.o.leaseMs, this.o.batch, scope);
      } catch (error) {
        this.o.onError(error, 'claim');
        return ran;
      }
      // A few at a time, yielding between them: a batch of computer players' moves must not hold
      // up the people's moves that arrive meanwhile (docs/performance.md, "At a human pace").
      for (let i = 0; i < claimed.length; i += RUN_AT_ONCE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        await Promise.all(claimed.slice(i, i + RUN_AT_ONCE).map((c) => this.runOne(c)));
      }
      ran += claimed.length;
      if (claimed.length < this.o.batch || this.closed) return ran;
    }
  }

  private async runOne(claimed: ClaimedJob): Promise<void> {
    const job = jobOf(claimed.key, claimed.payload);
    // A key this node does not know (set by a newer server?) stays for a node that does.
    if (job === null) return;
    try {
      if ((await this.run(job)) !== 'replaced') await this.queue.done(claimed);
    } catch (error) {
      // Not done: the lease runs out and some node tries again.
      this.o.onError(error, job);
    }
  }
}
