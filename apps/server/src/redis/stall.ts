/**
 * A bound on a Redis that stops answering without closing the connection: a paused or wedged
 * server, a network path that went half-open. node-redis's own per-command `timeout` does not
 * give one: it covers only a command's wait to be written, and once written a command waits for
 * its reply for ever (seen: a GET to a SIGSTOPped Redis still waiting after 12 s at node-redis's
 * default 5 s). Its timer per command also lives the whole 5 s, which made it a fifth of what
 * survives the main thread's scavenges at 300 expert tables (docs/performance.md).
 *
 * Instead, one watchdog per connection, ticking every `timeoutMs / TICKS`: each waiting command
 * notes the tick it started in, and a command still waiting `TICKS` ticks later is failed with
 * `RedisStalledError` (the store's caller answers `server/busy`). Counting ticks, not reading the
 * clock, keeps a blocked event loop from failing commands whose replies are already in the
 * socket: a reply is read between two ticks, so only a command that waited through `TICKS`
 * turns of the loop is declared stalled. A failed command may still run if Redis wakes up, as
 * after any timeout: a table's changes are checked by its version, so a move sent again is at
 * worst refused as stale.
 */
export class RedisStalledError extends Error {
  override readonly name: string = 'RedisStalledError';
  constructor(timeoutMs: number, failed: number) {
    super(`Redis did not answer within ${timeoutMs} ms: ${failed} command${failed === 1 ? '' : 's'} failed`);
  }
}

const TICKS = 5;

interface Waiting {
  readonly tick: number;
  readonly fail: (error: Error) => void;
}

export interface StallWatch<T> {
  /** The client, with every command in `commands` watched. */
  readonly client: T;
  /** Commands failed as stalled so far. */
  readonly failed: () => number;
  stop(): void;
}

export interface StallOptions {
  readonly timeoutMs: number;
  /** Told once per stall, after its commands are failed (a single connection is reset then). */
  readonly onStall?: (error: RedisStalledError) => void;
}

type Command = (...args: unknown[]) => unknown;

/** node-redis rejects with errors; anything else is passed on as one. */
export const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

export function watchStalls<T extends object>(client: T, commands: readonly string[], o: StallOptions): StallWatch<T> {
  let tick = 0;
  let failedSoFar = 0;
  // Insertion order is start order: the oldest waiting command is always the first.
  const waiting = new Set<Waiting>();
  const watched = new Set(commands);
  const wrappers = new Map<string, Command>();

  const wrap = (command: Command): Command =>
    function watchedCommand(...args: unknown[]) {
      let sent: unknown;
      try {
        sent = command.apply(client, args);
      } catch (error) {
        return Promise.reject(asError(error));
      }
      return new Promise((resolve, reject) => {
        const entry: Waiting = { tick, fail: reject };
        waiting.add(entry);
        Promise.resolve(sent).then(
          (value) => {
            if (waiting.delete(entry)) resolve(value);
          },
          (error: unknown) => {
            if (waiting.delete(entry)) reject(asError(error));
          },
        );
      });
    };

  const timer = setInterval(
    () => {
      tick += 1;
      const failed: Waiting[] = [];
      for (const entry of waiting) {
        if (tick - entry.tick < TICKS) break;
        failed.push(entry);
      }
      if (failed.length === 0) return;
      failedSoFar += failed.length;
      const error = new RedisStalledError(o.timeoutMs, failed.length);
      for (const entry of failed) {
        waiting.delete(entry);
        entry.fail(error);
      }
      o.onStall?.(error);
    },
    Math.max(1, Math.round(o.timeoutMs / TICKS)),
  );
  timer.unref();

  const proxy = new Proxy(client, {
    get(target, property) {
      // Getters run on the client itself: node-redis's read its private fields.
      const value: unknown = Reflect.get(target, property, target);
      if (typeof property !== 'string' || !watched.has(property) || typeof value !== 'function') return value;
      let wrapper = wrappers.get(property);
      if (wrapper === undefined) {
        wrapper = wrap(value as Command);
        wrappers.set(property, wrapper);
      }
      return wrapper;
    },
  });

  return {
    client: proxy,
    failed: () => failedSoFar,
    stop: () => clearInterval(timer),
  };
}
