import { Playout, type RandomSource, sideOf } from '@fives/engine';
import type { PlayAction } from './policy.ts';
import { scoredPlays } from './plays.ts';
import { type RolloutKind, rollout } from './rollout.ts';
import { type Determinization, determinize } from './sample.ts';
import type { SeatView } from './seat-view.ts';
import { utility } from './utility.ts';

/**
 * What each candidate play is worth, as the expert estimates it: the same determinized rollouts
 * as its search (every candidate sees the same deals), but reporting, per candidate, both the
 * chance to win and the points it gains on the best other side by the end of the hand. The
 * post-game analysis compares the play made with the best of these; a sample budget, never a
 * clock, so the same seed gives the same numbers on every machine.
 */
export interface PlayEstimate {
  readonly action: PlayAction;
  /** Mean utility (the chance to win the game, as `utility` estimates it), 0..1. */
  readonly win: number;
  /** Mean of (own side's points − the best other side's points) scored from here to the hand's end, in the rules' unit. */
  readonly points: number;
}

export interface Evaluation {
  readonly samples: number;
  /** One per candidate, in the order given. */
  readonly plays: readonly PlayEstimate[];
}

/** Where the hidden tiles come from: a fresh guess per sample, or the truth (hindsight). */
export type DealSource = () => Determinization;

/** Guesses consistent with what the seat knows (the expert's own sampling). */
export function sampledDeals(sv: SeatView, random: RandomSource): DealSource {
  return () => determinize(sv, random);
}

/** The tiles as they really lay: for a hindsight look, once the game is over. */
export function knownDeal(deal: Determinization): DealSource {
  return () => deal;
}

export function evaluatePlays(sv: SeatView, plays: readonly PlayAction[], deals: DealSource, samples: number, kind: RolloutKind = 'wary'): Evaluation {
  const candidates = scoredPlays(sv, plays).map((p) => ((p.tile as number) << 2) | Math.max(0, p.end));
  const wins = new Float64Array(candidates.length);
  const points = new Float64Array(candidates.length);
  const side = sideOf(sv.rules, sv.seat);
  const buf = new Int32Array(64);
  let work: Playout | null = null;
  const n = Math.max(1, Math.floor(samples));
  for (let s = 0; s < n; s++) {
    const deal = deals();
    const base = Playout.fromParts({
      rules: sv.rules,
      hands: deal.hands,
      boneyard: deal.boneyard,
      board: sv.board,
      turn: sv.seat,
      passes: sv.passes,
      scores: sv.scores,
      forcedLead: sv.forcedLead,
    });
    work ??= Playout.fromParts({ rules: sv.rules, hands: deal.hands, boneyard: deal.boneyard, board: sv.board, turn: sv.seat, passes: 0, scores: sv.scores });
    for (let i = 0; i < candidates.length; i++) {
      work.copyFrom(base);
      work.play(candidates[i] as number);
      rollout(kind, work, buf);
      wins[i] = (wins[i] as number) + utility(sv.rules, sv.seat, work.scores, work.winner);
      points[i] = (points[i] as number) + swing(work.scores, sv.scores, side);
    }
  }
  return { samples: n, plays: plays.map((action, i) => ({ action, win: (wins[i] as number) / n, points: (points[i] as number) / n })) };
}

/** Points gained by `side` since `before`, less the most any other side gained. */
function swing(after: ArrayLike<number>, before: ArrayLike<number>, side: number): number {
  const gained = (s: number): number => (after[s] as number) - (before[s] as number);
  let other = 0;
  for (let s = 0; s < after.length; s++) if (s !== side) other = Math.max(other, gained(s));
  return gained(side) - other;
}
