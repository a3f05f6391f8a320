import type { TableView } from '@fives/engine';
import type { CoachAnswer, CoachRequest, Hint, Lesson } from './coach.ts';

type Question = CoachRequest extends infer R ? (R extends CoachRequest ? Omit<R, 'id'> : never) : never;

/**
 * The coach's way to its worker: one Web Worker for the table's life, its answers matched to
 * the questions by number. Where there is no Worker (Node) the question is answered in the page.
 */
export class CoachClient {
  #worker: Worker | null = null;
  #next = 0;
  #waiting = new Map<number, (a: CoachAnswer) => void>();

  hint(view: TableView, seed: string): Promise<Hint | null> {
    // A copy of plain data (a view is JSON): what the page holds may be a reactive proxy, which cannot cross.
    return this.#ask({ kind: 'hint', view: JSON.parse(JSON.stringify(view)) as TableView, seed }).then((a) => (a.kind === 'hint' ? a.hint : failed(a)));
  }

  lessons(record: unknown, seat: number, hand: number, seed: string): Promise<readonly Lesson[]> {
    return this.#ask({ kind: 'hand', record, seat, hand, seed }).then((a) => (a.kind === 'hand' ? a.lessons : failed(a)));
  }

  close(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#waiting.clear();
  }

  async #ask(q: Question): Promise<CoachAnswer> {
    const request = { ...q, id: this.#next++ } as CoachRequest;
    if (typeof Worker === 'undefined') {
      const { answer } = await import('./coach.ts');
      return answer(request);
    }
    this.#worker ??= this.#start();
    return new Promise((resolve) => {
      this.#waiting.set(request.id, resolve);
      this.#worker?.postMessage(request);
    });
  }

  #start(): Worker {
    const worker = new Worker(new URL('./coach.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CoachAnswer>) => {
      const resolve = this.#waiting.get(event.data.id);
      this.#waiting.delete(event.data.id);
      resolve?.(event.data);
    };
    worker.onerror = (e) => {
      for (const [id, resolve] of this.#waiting) resolve({ id, kind: 'failed', message: e.message || 'the coach could not start' });
      this.#waiting.clear();
      this.#worker = null;
    };
    return worker;
  }
}

function failed(a: CoachAnswer): never {
  throw new Error(a.kind === 'failed' ? a.message : 'the coach answered another question');
}
