import { type PlayAction, type PlayEstimate, evaluatePlays, readSeatView, sampledDeals } from '@fives/bots';
import { type TableView, legalActions, seededRandom } from '@fives/engine';
import { type Decision, analyseDecision, decisionSteps } from '../archive/analysis.ts';
import { replayOf } from '../archive/replay.ts';

/**
 * The practice table's coach: the expert's own estimates (the post-game analysis's, `evaluatePlays`
 * over deals consistent with what the player knows), asked at two moments. A hint: the best play
 * now, from the player's view only. After a hand: the player's plays of that hand that gave up
 * the most, each beside the play the expert would have made. Deterministic for a seed and a
 * sample budget (never a clock), as the analysis is; the worker (coach.worker.ts) runs it off
 * the page's thread.
 */

/** Sampled deals per estimate: the analysis's middle depth, about 10 ms a decision. */
export const COACH_SAMPLES = 200;
/** How many of a hand's plays the coach names at most. */
export const COACH_SHOWN = 3;

export interface Hint {
  /** The play the expert would make now. */
  readonly best: PlayEstimate;
  /** How many legal plays it chose among. */
  readonly options: number;
}

/** The best play of the player's view, or null when there is no choice to make (not their turn, one legal play, none). */
export function hintFor(view: TableView, seed: string, samples: number = COACH_SAMPLES): Hint | null {
  const plays = legalActions(view).filter((a): a is PlayAction => a.type === 'play');
  if (plays.length < 2) return null;
  const sv = readSeatView(view);
  if (sv === null) return null;
  const { plays: estimates } = evaluatePlays(sv, plays, sampledDeals(sv, seededRandom(seed)), samples);
  const best = estimates.reduce((a, b) => (b.win > a.win || (b.win === a.win && b.points > a.points) ? b : a));
  return { best, options: plays.length };
}

/** One play of the hand the coach points out. */
export interface Lesson {
  readonly made: PlayAction;
  readonly best: PlayAction;
  /** Chance to win given up, 0..1. */
  readonly winLost: number;
  /** Points (rules' unit) given up by the hand's end. */
  readonly pointsLost: number;
  /** The play's place in the hand: 1 for the seat's first play. */
  readonly turn: number;
}

/**
 * The plays of `seat` in hand `hand` (from 0) of the game `record` that cost the most, costliest
 * first, at most `COACH_SHOWN`; only plays that gave up something (the analysis's "best" within
 * its noise are left out). Empty when the hand held no real choice or the record does not read.
 */
export function handLessons(record: unknown, seat: number, hand: number, seed: string, samples: number = COACH_SAMPLES): Lesson[] {
  const replayed = replayOf(record);
  if (!replayed.ok) return [];
  const replay = replayed.value;
  const steps = decisionSteps(replay, seat).filter((step) => replay.frames[step]?.hand === hand);
  const decisions: { d: Decision; turn: number }[] = steps.map((step) => ({
    d: analyseDecision(replay, step, { seat, seed, samples, mode: 'fair' }),
    turn: turnOf(replay.frames[step + 1]?.state.hand?.log ?? [], seat),
  }));
  return decisions
    .filter(({ d }) => !d.isBest)
    .sort((a, b) => b.d.winLost - a.d.winLost || b.d.pointsLost - a.d.pointsLost)
    .slice(0, COACH_SHOWN)
    .map(({ d, turn }) => ({ made: d.made.action, best: d.best.action, winLost: d.winLost, pointsLost: d.pointsLost, turn }));
}

/** How many plays `seat` has made in the log (the last of them the one just made). */
function turnOf(log: readonly { readonly type: string; readonly seat?: number }[], seat: number): number {
  return log.filter((e) => e.type === 'play' && e.seat === seat).length;
}

/** What the coach asks its worker: one question, one answer, matched by `id`. */
export type CoachRequest =
  | { readonly id: number; readonly kind: 'hint'; readonly view: TableView; readonly seed: string }
  | { readonly id: number; readonly kind: 'hand'; readonly record: unknown; readonly seat: number; readonly hand: number; readonly seed: string };

export type CoachAnswer =
  | { readonly id: number; readonly kind: 'hint'; readonly hint: Hint | null }
  | { readonly id: number; readonly kind: 'hand'; readonly lessons: readonly Lesson[] }
  | { readonly id: number; readonly kind: 'failed'; readonly message: string };

/** Answers a request (here, or in the page where there is no worker). */
export function answer(r: CoachRequest): CoachAnswer {
  try {
    if (r.kind === 'hint') return { id: r.id, kind: 'hint', hint: hintFor(r.view, r.seed) };
    return { id: r.id, kind: 'hand', lessons: handLessons(r.record, r.seat, r.hand, r.seed) };
  } catch (e) {
    return { id: r.id, kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
}
