import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { type BotThinker, type ThinkReply, type ThinkTask, type Thought, WARM_UP } from './thinker.ts';

export interface BotPoolOptions {
  /** Worker threads (at least 1). */
  readonly threads: number;
  /**
   * How long one decision may run on its thread, ms, before the thread counts as hung: it is
   * terminated, a fresh one takes its place, and the decision fails (`hung`). The clock starts
   * when a thread takes the decision (this pool hands a thread one decision at a time), so a long
   * queue never counts against it.
   */
  readonly deadlineMs: number;
  /** The thread's module (default: `workerEntry()`); tests give one that fails on purpose. */
  readonly entry?: { readonly file: URL; readonly execArgv: readonly string[] };
  /** Given to every thread as piscina's `workerData` (a test's shared counters). */
  readonly workerData?: unknown;
  /** Told of each decision a thread took and finished, ms of its thinking. */
  readonly thought?: (ms: number) => void;
  /** Told of a thread that failed between decisions. */
  readonly failed?: (error: unknown) => void;
}

/** How long a decision whose thread threw waits for that thread to end before its slot goes on. */
const THREAD_END_WAIT_MS = 2000;

/**
 * The thread's module, wherever the server runs from. From the sources (tsx, vitest) it is
 * `worker.ts`, and the thread needs tsx's loader to import TypeScript (a worker thread starts
 * without the hooks of the thread that made it). From the bundle (scripts/bundle.mjs) it is
 * `bot-worker.mjs`, bundled beside `main.mjs`, plain JavaScript.
 */
export function workerEntry(): { file: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: new URL('./worker.ts', here), execArgv: ['--import', tsx] };
  }
  return { file: new URL('./bot-worker.mjs', here), execArgv: [] };
}

/**
 * The computer players' worker threads (piscina: a pool kept by Node.js contributors, which
 * terminates the thread of an aborted task and starts another in its place — what a hung search
 * needs). Threads start on the first decision, not before: a node (or a test) whose tables have
 * no searching players never starts one. A decision goes to the pool only when a thread is free
 * (the rest wait here, in order), so its deadline measures its own thinking.
 */
export class BotPool implements BotThinker {
  private pool: Piscina<ThinkTask | typeof WARM_UP, ThinkReply | null> | null = null;
  /** `workerCreate` events still to ignore: the first threads' (piscina reports them at once, before they have loaded anything; their warm-up says when they have). */
  private firstCreates = 0;
  private busy = 0;
  private readonly queue: (() => void)[] = [];
  private closed = false;
  /** Threads ended so far (piscina's `workerDestroy`), and who waits for the next one to end. */
  private ended = 0;
  private readonly onEnd: (() => void)[] = [];
  /** Threads started and ready (piscina's `workerCreate`) and not ended, and who waits for one. */
  private ready = 0;
  private readonly onReady: (() => void)[] = [];

  constructor(private readonly o: BotPoolOptions) {}

  waiting(): number {
    return this.queue.length;
  }

  async think(task: ThinkTask): Promise<Thought> {
    if (this.closed) return { ok: false, failure: 'closed', message: 'the bot pool is closed' };
    // A free thread's slot, or wait for one to be handed over (in order) when a decision ends.
    if (this.busy < this.o.threads) this.busy++;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await this.run(task);
    } finally {
      const next = this.queue.shift();
      if (next === undefined) this.busy--;
      else next();
    }
  }

  private async run(task: ThinkTask): Promise<Thought> {
    // Closed while it waited for a thread (the node is stopping).
    if (this.isClosed()) return { ok: false, failure: 'closed', message: 'the bot pool is closed' };
    const pool = this.piscina();
    // A thread's start (the node's first decision, a thread replaced) is no part of the deadline:
    // from the sources it loads tsx and the bots in seconds on a busy machine, and a deadline
    // that counted it would call the fresh thread hung, and the next, and the next.
    while (this.ready < this.busy && !this.isClosed()) await new Promise<void>((resolve) => this.onReady.push(resolve));
    if (this.isClosed()) return { ok: false, failure: 'closed', message: 'the bot pool is closed' };
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`no answer within ${this.o.deadlineMs} ms`)), this.o.deadlineMs);
    const endedBefore = this.ended;
    try {
      const reply = await pool.run(task, { signal: deadline.signal });
      if (reply === null) throw new Error('a thread answered a decision with nothing');
      this.o.thought?.(reply.ms);
      return { ok: true, action: reply.action, ms: reply.ms };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.isClosed()) return { ok: false, failure: 'closed', message };
      if (deadline.signal.aborted) return { ok: false, failure: 'hung', message };
      // The thread ends itself once its answer is out (worker.ts): its slot is handed on only
      // then, or the next decision could go to the thread on its way out.
      if (this.ended === endedBefore) await this.threadEnded(THREAD_END_WAIT_MS);
      return { ok: false, failure: 'threw', message };
    } finally {
      clearTimeout(timer);
    }
  }

  private threadReady(): void {
    this.ready++;
    for (const go of this.onReady.splice(0)) go();
  }

  /** Until a thread ends (or `ms` pass: a failure that was not the thread's, which goes on). */
  private threadEnded(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const onEnd = this.onEnd;
      function done(): void {
        clearTimeout(timer);
        const i = onEnd.indexOf(done);
        if (i >= 0) onEnd.splice(i, 1);
        resolve();
      }
      onEnd.push(done);
    });
  }

  private isClosed(): boolean {
    return this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.queue.splice(0)) resolve();
    for (const go of this.onReady.splice(0)) go();
    const pool = this.pool;
    this.pool = null;
    // Threads mid-search are ended, not waited for: their tables' jobs run again elsewhere.
    if (pool !== null) await pool.destroy();
  }

  private piscina(): Piscina<ThinkTask | typeof WARM_UP, ThinkReply | null> {
    if (this.pool === null) {
      const entry = this.o.entry ?? workerEntry();
      this.firstCreates = this.o.threads;
      this.pool = new Piscina<ThinkTask | typeof WARM_UP, ThinkReply | null>({
        filename: entry.file.href,
        execArgv: [...entry.execArgv],
        minThreads: this.o.threads,
        maxThreads: this.o.threads,
        concurrentTasksPerWorker: 1,
        // Threads are kept for the life of the node: starting one costs far more than a decision.
        idleTimeout: Number.POSITIVE_INFINITY,
        // Between decisions a thread waits on its event loop, not blocked in Atomics.wait: a thread
        // whose policy threw ends itself once its answer is out (worker.ts), before it takes another.
        atomics: 'disabled',
        workerData: this.o.workerData,
      });
      // A thread that fails with no decision on it (piscina replaces it): an EventEmitter's
      // 'error' with no listener would end the process.
      this.pool.on('error', (error: unknown) => this.o.failed?.(error));
      this.pool.on('workerCreate', () => {
        if (this.firstCreates > 0) this.firstCreates--;
        else this.threadReady();
      });
      // One warm-up per first thread (each busy with its own: piscina gives the next to another).
      // One that fails counts too: the decisions then meet the failure themselves, under their deadline.
      const pool = this.pool;
      for (let i = 0; i < this.o.threads; i++) {
        pool.run(WARM_UP).then(
          () => this.threadReady(),
          () => this.threadReady(),
        );
      }
      this.pool.on('workerDestroy', () => {
        this.ended++;
        this.ready = Math.max(0, this.ready - 1);
        for (const done of this.onEnd.splice(0)) done();
      });
    }
    return this.pool;
  }
}
