import '../lib/no-eval.ts';
import { type Analysis, type AnalysisOptions, analyseGame } from './analysis.ts';
import { replayOf } from './replay.ts';

/**
 * The analysis runs here, off the page's thread and on the reader's own machine (the server
 * spends nothing on it). One request, one answer: progress while it works, then the analysis.
 */
export interface AnalysisRequest {
  readonly record: unknown;
  readonly options: AnalysisOptions;
}

export type AnalysisMessage =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'done'; readonly analysis: Analysis; readonly ms: number }
  | { readonly type: 'failed'; readonly message: string };

const post = (m: AnalysisMessage): void => {
  self.postMessage(m);
};

self.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const { record, options } = event.data;
  const t0 = performance.now();
  try {
    const replayed = replayOf(record);
    if (!replayed.ok) {
      post({ type: 'failed', message: replayed.error.kind === 'empty' ? 'the record holds no hand' : `${replayed.error.path}: ${replayed.error.message}` });
      return;
    }
    const analysis = analyseGame(replayed.value, options, (done, total) => post({ type: 'progress', done, total }));
    post({ type: 'done', analysis, ms: performance.now() - t0 });
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
};
