import type { RecordHand } from '@fives/engine';
import type { Cause, Change } from './change.ts';
import { withClock } from './clock.ts';
import type { TableDoc } from './doc.ts';
import { type StepTiming, nextStepAt } from './next-step.ts';
import { openEntry } from './summary.ts';

/** The times a table runs on, chosen by whoever runs it (the server's settings; a test's own). */
export interface Timing extends StepTiming {
  /** How long opponents may call Muggins on a missed count. */
  readonly mugginsWindowMs: number;
}

/**
 * What a committed change asks its runner to do, as data: the runner (the server's
 * `TableService`) executes them once the change is stored, in this order. `record` is stored
 * with the change itself, atomically; the rest follow it.
 */
export type Effect =
  | { readonly kind: 'record'; readonly game: number; readonly hand: RecordHand }
  /** The change finished game `game`: it goes to the archive (the job that writes it is stored with the change). */
  | { readonly kind: 'archive'; readonly game: number }
  | { readonly kind: 'broadcast'; readonly cause: Cause }
  | { readonly kind: 'schedule'; readonly at: number }
  | { readonly kind: 'timedOut'; readonly seat: number }
  | { readonly kind: 'openTablesChanged' };

/** A change made ready to commit: the new table (next version, its clocks and time), its next automatic step, and its effects. */
export interface Settled {
  readonly doc: TableDoc;
  readonly stepAt: number | null;
  readonly effects: readonly Effect[];
}

/** Settles `change`, decided on `before`, at `now`: the one way a table moves to its next version. */
export function settle(before: TableDoc, change: Change, now: number, timing: Timing): Settled {
  const at = new Date(now).toISOString();
  // A new game number is a game dealt now: its start, for the archive.
  const started = change.doc.game !== before.game ? { gameStartedAt: at } : {};
  const doc = withClock(before, { ...change.doc, ...started, version: before.version + 1, updatedAt: at }, now, timing.mugginsWindowMs);
  const stepAt = nextStepAt(doc, now, timing);
  const { cause, append } = change;
  const effects: Effect[] = [];
  if (append !== undefined) effects.push({ kind: 'record', game: append.game, hand: append.hand });
  if (before.phase === 'playing' && doc.phase === 'over') effects.push({ kind: 'archive', game: doc.game });
  effects.push({ kind: 'broadcast', cause });
  if (stepAt !== null) effects.push({ kind: 'schedule', at: stepAt });
  if (cause.kind === 'action' && cause.by === 'timeout') effects.push({ kind: 'timedOut', seat: cause.seat });
  if (JSON.stringify(openEntry(before)) !== JSON.stringify(openEntry(doc))) effects.push({ kind: 'openTablesChanged' });
  return { doc, stepAt, effects };
}
