import type { Action, RandomSource, TableView } from '@fives/engine';
import { seededRandom } from '@fives/engine';
import { botAction } from './bot.ts';
import type { BotLevel } from './types.ts';

/**
 * Where the practice table's computer players think: a seat's own view and level in, the
 * engine action it chooses out (null: nothing to do now). In the browser that is a Web Worker,
 * so the search never holds up the page; the table asks and waits for the answer.
 */
export interface Thinker {
  think(level: BotLevel, seen: TableView): Promise<Action | null>;
  close(): void;
}

/** A question to the worker, and its answer. */
export interface ThinkRequest {
  readonly id: number;
  readonly level: BotLevel;
  readonly view: TableView;
}
export type ThinkReply = { readonly id: number; readonly ok: true; readonly action: Action | null } | { readonly id: number; readonly ok: false; readonly message: string };

/** The first message to the worker: the seed its players' random choices come from. */
export interface ThinkStart {
  readonly seed: string;
}

/**
 * The players in this thread, answering at once: only for where there is no `Worker` (the unit
 * tests under Node). Seeded, so a seed replays the same game.
 */
export function inlineThinker(random: RandomSource): Thinker {
  return {
    think: (level, seen) => Promise.resolve(botAction(seen, level, random)),
    close: () => {},
  };
}

/** The players in a Web Worker (`bot-worker.ts`), their choices seeded by `seed`. */
export function workerThinker(seed: string): Thinker {
  const worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module', name: 'fives-bots' });
  const waiting = new Map<number, { resolve: (a: Action | null) => void; reject: (e: Error) => void }>();
  let next = 0;
  const start: ThinkStart = { seed };
  worker.postMessage(start);
  worker.onmessage = (e: MessageEvent<ThinkReply>) => {
    const reply = e.data;
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) w?.resolve(reply.action);
    else w?.reject(new Error(reply.message));
  };
  worker.onerror = (e) => {
    // A worker that cannot start (or died) answers nothing: every question waiting fails, and says why.
    for (const w of waiting.values()) w.reject(new Error(`the computer players' worker failed: ${e.message}`));
    waiting.clear();
  };
  return {
    think: (level, view) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        const request: ThinkRequest = { id, level, view };
        worker.postMessage(request);
      }),
    close: () => {
      worker.terminate();
      for (const w of waiting.values()) w.reject(new Error('the practice table closed'));
      waiting.clear();
    },
  };
}

/** A Web Worker where the page has them; the inline players (seeded by `seed`) where it has none. */
export function defaultThinker(seed: string): Thinker {
  return typeof Worker === 'undefined' ? inlineThinker(seededRandom(seed)) : workerThinker(seed);
}
