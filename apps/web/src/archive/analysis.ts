import { type PlayAction, type PlayEstimate, evaluatePlays, knownDeal, readSeatView, sampledDeals } from '@fives/bots';
import { type GameState, type HandEvent, MAX_PIP, legalActions, maxPipOf, seededRandom, view } from '@fives/engine';
import type { Replay } from './replay.ts';

/**
 * Move-by-move analysis of one seat's plays. For each play the seat chose among two or more, the
 * expert estimates every legal play from what the seat knew then — its own tiles and the public
 * log, read through the engine's `view(state, seat)`, never the hidden hands — and the play
 * made is compared with the best. Hindsight does the same with every tile known (the true hands
 * and boneyard), and says so wherever it is shown.
 *
 * Deterministic: each decision draws its samples from a random source seeded by the seed and
 * the decision's place in the game, with a sample budget rather than a clock, so two people
 * (and a test) get the same numbers, and decisions can be worked in any order.
 */
export type AnalysisMode = 'fair' | 'hindsight';

export interface AnalysisOptions {
  readonly seat: number;
  readonly seed: string;
  /** Sampled deals per decision in the fair view (hindsight needs one: nothing is hidden). */
  readonly samples: number;
  readonly mode: AnalysisMode;
}

export interface Decision {
  /** The frame the decision was made from (the state before the play): the viewer's step. */
  readonly step: number;
  readonly hand: number;
  readonly made: PlayEstimate;
  readonly best: PlayEstimate;
  /** Every legal play, best first. */
  readonly options: readonly PlayEstimate[];
  /** Points (rules' unit) the play made gave up against the best, by the hand's end: 0 or more. */
  readonly pointsLost: number;
  /** Chance to win given up, 0..1. */
  readonly winLost: number;
  readonly isBest: boolean;
  /** Given up enough to be worth a look (see `COSTLY`). */
  readonly costly: boolean;
}

export interface AnalysisSummary {
  readonly decisions: number;
  readonly best: number;
  /** Share of decisions where the play made was (within noise) the expert's best. */
  readonly bestShare: number;
  readonly hands: number;
  readonly pointsLostPerHand: number;
  readonly winLost: number;
}

export interface Analysis {
  readonly options: AnalysisOptions;
  readonly decisions: readonly Decision[];
  readonly summary: AnalysisSummary;
}

/** A play is "best" when no other is estimated better by more than this (win chance) … */
const SAME_WIN = 0.005;
/** … and marked costly when it gives up this much chance to win, or this many points (in fives: 1). */
export const COSTLY = { win: 0.05, points: 10 } as const;

/**
 * The steps at which `seat` chose its play among two or more: the decisions to analyse. None on a
 * double-nine set (the Cuban game): the expert's estimates run on the in-place Playout, whose
 * hands are one 32-bit word, which 55 tiles do not fit (the bots' nine.ts).
 */
export function decisionSteps(replay: Replay, seat: number): number[] {
  const out: number[] = [];
  const rules = replay.frames[0]?.state.rules;
  if (rules !== undefined && maxPipOf(rules) !== MAX_PIP) return out;
  replay.frames.forEach((frame, i) => {
    const next = replay.frames[i + 1];
    if (next === undefined || next.action === null || next.hand !== frame.hand) return;
    const e = next.event;
    if (e?.type !== 'play' || e.seat !== seat) return;
    if (playsFor(frame.state, seat).length >= 2) out.push(i);
  });
  return out;
}

function playsFor(state: GameState, seat: number): PlayAction[] {
  return legalActions(view(state, seat)).filter((a): a is PlayAction => a.type === 'play');
}

/** Analyses one decision (the state at `step`, the play that followed it). */
export function analyseDecision(replay: Replay, step: number, o: AnalysisOptions): Decision {
  const frame = replay.frames[step];
  const next = replay.frames[step + 1];
  if (frame === undefined || next?.event?.type !== 'play') throw new Error(`step ${step} is not followed by a play`);
  const state = frame.state;
  const seen = view(state, o.seat);
  const sv = readSeatView(seen);
  const hand = state.hand;
  if (sv === null || hand === null) throw new Error(`seat ${o.seat} has no hand at step ${step}`);
  const plays = playsFor(state, o.seat);
  const deals =
    o.mode === 'fair'
      ? sampledDeals(sv, seededRandom(`${o.seed}:${frame.hand}:${step}`))
      : knownDeal({ hands: hand.hands.slice(), boneyard: hand.deal.boneyard.slice(hand.drawn) });
  const { plays: estimates } = evaluatePlays(sv, plays, deals, o.mode === 'fair' ? o.samples : 1);
  const madeIndex = plays.findIndex((p) => samePlay(p, next.event as Extract<HandEvent, { type: 'play' }>));
  const made = estimates[madeIndex];
  if (made === undefined) throw new Error(`the play at step ${step + 1} is not among the legal plays`);
  const options = estimates.slice().sort((a, b) => b.win - a.win || b.points - a.points);
  const best = options[0] as PlayEstimate;
  const winLost = Math.max(0, best.win - made.win);
  const pointsLost = Math.max(0, best.points - made.points);
  const isBest = winLost <= SAME_WIN;
  const unit = state.rules.scoreUnit === 'fives' ? 5 : 1;
  return {
    step,
    hand: frame.hand,
    made,
    best: isBest ? made : best,
    options,
    pointsLost: isBest ? 0 : pointsLost,
    winLost: isBest ? 0 : winLost,
    isBest,
    costly: !isBest && (winLost >= COSTLY.win || pointsLost * unit >= COSTLY.points),
  };
}

/** The play event's tile and end against a legal play (the lead has no end, and any spelling of it is the same play). */
function samePlay(p: PlayAction, e: Extract<HandEvent, { type: 'play' }>): boolean {
  return p.tile === e.tile && (e.end === null ? p.end === undefined : p.end === e.end);
}

export function summarise(replay: Replay, decisions: readonly Decision[]): AnalysisSummary {
  const hands = replay.record.hands.length;
  const best = decisions.filter((d) => d.isBest).length;
  const lost = decisions.reduce((sum, d) => sum + d.pointsLost, 0);
  return {
    decisions: decisions.length,
    best,
    bestShare: decisions.length === 0 ? 1 : best / decisions.length,
    hands,
    pointsLostPerHand: hands === 0 ? 0 : lost / hands,
    winLost: decisions.reduce((sum, d) => sum + d.winLost, 0),
  };
}

/** The whole analysis, calling `progress` after each decision (the worker reports it to the page). */
export function analyseGame(replay: Replay, o: AnalysisOptions, progress?: (done: number, total: number) => void): Analysis {
  const steps = decisionSteps(replay, o.seat);
  const decisions: Decision[] = [];
  progress?.(0, steps.length);
  for (const step of steps) {
    decisions.push(analyseDecision(replay, step, o));
    progress?.(decisions.length, steps.length);
  }
  return { options: o, decisions, summary: summarise(replay, decisions) };
}
