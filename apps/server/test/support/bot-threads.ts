import { workerEntry } from '../../src/bots/pool.ts';
import { until } from './until.ts';

/** The shared slots of `fixtures/bot-threads/controlled.ts`. */
export const Slot = {
  /** Decisions a thread has started. */
  started: 0,
  /** The thread id of the latest. */
  lastThread: 1,
  /** How many of the next decisions throw, hang, or wait for a release. */
  throws: 2,
  hangs: 3,
  holds: 4,
  /** Releases given and not yet taken by a held decision. */
  releases: 5,
  /** Decisions held now. */
  held: 6,
  /** Never written: what a hung thread waits on. */
  never: 7,
} as const;
export type Slot = (typeof Slot)[keyof typeof Slot];

/** A test's hold on the bot threads of a server built with `threads.options`. */
export class BotThreads {
  private readonly control = new Int32Array(new SharedArrayBuffer(8 * Int32Array.BYTES_PER_ELEMENT));

  /** For `build()`/`startServer()`: the controlled module, with the loader the sources need. */
  get options(): { botWorkerEntry: { file: URL; execArgv: string[] }; botWorkerData: { control: SharedArrayBuffer } } {
    return {
      botWorkerEntry: { file: new URL('../fixtures/bot-threads/controlled.ts', import.meta.url), execArgv: workerEntry().execArgv },
      botWorkerData: { control: this.control.buffer },
    };
  }

  get started(): number {
    return Atomics.load(this.control, Slot.started);
  }

  get held(): number {
    return Atomics.load(this.control, Slot.held);
  }

  get lastThread(): number {
    return Atomics.load(this.control, Slot.lastThread);
  }

  /** The next `n` decisions throw (inside the server's thread module), hang, or wait for `release()`. */
  next(what: 'throws' | 'hangs' | 'holds', n = 1): void {
    Atomics.add(this.control, Slot[what], n);
  }

  release(): void {
    Atomics.add(this.control, Slot.releases, 1);
    Atomics.notify(this.control, Slot.releases);
  }

  /** Until `n` decisions are held on their threads now. */
  async untilHeld(n = 1): Promise<void> {
    await until(`${n} bot decision(s) held`, () => this.held >= n, 600);
  }

  async untilStarted(n: number): Promise<void> {
    await until(`${n} bot decisions started`, () => this.started >= n, 600);
  }
}
