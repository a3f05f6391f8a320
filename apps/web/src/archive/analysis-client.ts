import type { Analysis, AnalysisOptions } from './analysis.ts';
import type { AnalysisMessage, AnalysisRequest } from './analysis.worker.ts';

/** A running analysis: its progress as it comes, its answer once, and a way to stop it. */
export interface AnalysisRun {
  readonly result: Promise<{ analysis: Analysis; ms: number }>;
  cancel(): void;
}

/** Starts the analysis in a Web Worker of its own (one per run: cancelling ends the worker). */
export function runAnalysis(record: unknown, options: AnalysisOptions, onProgress: (done: number, total: number) => void): AnalysisRun {
  const worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
  let settle: ((e: Error) => void) | null = null;
  const result = new Promise<{ analysis: Analysis; ms: number }>((resolve, reject) => {
    settle = reject;
    worker.onmessage = (event: MessageEvent<AnalysisMessage>) => {
      const m = event.data;
      switch (m.type) {
        case 'progress':
          onProgress(m.done, m.total);
          break;
        case 'done':
          worker.terminate();
          resolve({ analysis: m.analysis, ms: m.ms });
          break;
        case 'failed':
          worker.terminate();
          reject(new Error(m.message));
          break;
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'the analysis worker failed to start'));
    };
  });
  const request: AnalysisRequest = { record, options };
  worker.postMessage(request);
  return {
    result,
    cancel: () => {
      worker.terminate();
      settle?.(new Error('cancelled'));
    },
  };
}
