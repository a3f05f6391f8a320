/**
 * Runs `poll` every `everyMs` on this node, one run at a time: a slow run is not overtaken by the
 * next, which waits for it. A run that fails is handed to `failed` and the next is tried as usual.
 * For the runners that look in a store for what is due (tournaments, correspondence tables).
 */
export class SerialPoll {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly poll: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => {
      this.#running = this.#running.then(() => this.poll().catch(this.failed));
    }, this.everyMs);
    this.#timer.unref();
  }

  /** Stops polling; resolves once the run under way is done. */
  async close(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
