import { Playout, type RandomSource } from '@fives/engine';
import { type Attention, SHARP } from './claims.ts';
import { defaultNow } from './clock.ts';
import { makePolicy } from './make-policy.ts';
import { type Budget, type BotPolicy, DEFAULT_BUDGET_MS, type PlayAction } from './policy.ts';
import { scoredPlays } from './plays.ts';
import { type RolloutKind, rollout } from './rollout.ts';
import { determinize } from './sample.ts';
import type { SeatView } from './seat-view.ts';
import { utility } from './utility.ts';

/**
 * Search under hidden information by determinized sampling (perfect-information Monte Carlo):
 * deal the unseen tiles at random in a way consistent with everything the seat knows (what it
 * holds, what was played, who drew or passed on which numbers), try every candidate play on
 * that deal, finish the hand with fast greedy play for everyone, and score the end of the hand
 * by the chance it gives of winning the game. Every candidate sees the same deals, so their
 * differences are not drowned in the luck of the deal. It samples until the budget runs out.
 */
export interface SearchResult {
  readonly action: PlayAction;
  readonly samples: number;
  /** Mean utility per candidate, in the order given. */
  readonly values: readonly number[];
}

export function search(sv: SeatView, plays: readonly PlayAction[], random: RandomSource, budget: Budget | undefined, kind: RolloutKind = 'wary'): SearchResult {
  const candidates = scoredPlays(sv, plays).map((p) => ((p.tile as number) << 2) | Math.max(0, p.end));
  const sums = new Float64Array(candidates.length);
  const trial = new Float64Array(candidates.length);
  const maxSamples = budget?.samples ?? Infinity;
  const ms = budget?.ms ?? (budget?.samples === undefined ? DEFAULT_BUDGET_MS : Infinity);
  const now = budget?.now ?? defaultNow;
  const timed = Number.isFinite(ms);
  const deadline = timed ? now() + ms : Infinity;
  const buf = new Int32Array(64);
  let work: Playout | null = null;
  let samples = 0;
  // Keep a share of the time in hand for everything around the loop (reading the view, answering).
  const stopAt = timed ? deadline - Math.min(5, ms * 0.05) : Infinity;
  while (samples < maxSamples && (samples === 0 || !timed || now() < stopAt)) {
    const deal = determinize(sv, random);
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
    if (work === null) work = Playout.fromParts({ rules: sv.rules, hands: deal.hands, boneyard: deal.boneyard, board: sv.board, turn: sv.seat, passes: 0, scores: sv.scores });
    let complete = true;
    for (let i = 0; i < candidates.length; i++) {
      // A sample cut short would favour the candidates tried first: drop it whole.
      if (timed && samples > 0 && i > 0 && now() >= deadline) {
        complete = false;
        break;
      }
      work.copyFrom(base);
      work.play(candidates[i] as number);
      rollout(kind, work, buf);
      trial[i] = utility(sv.rules, sv.seat, work.scores, work.winner);
    }
    if (!complete) break;
    for (let i = 0; i < candidates.length; i++) sums[i] = (sums[i] as number) + (trial[i] as number);
    samples++;
  }
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if ((sums[i] as number) > (sums[best] as number)) best = i;
  return { action: plays[best] as PlayAction, samples, values: Array.from(sums, (s) => s / Math.max(1, samples)) };
}

export function expertPolicyWith(attention: Attention, scale = 1, kind: RolloutKind = 'wary'): BotPolicy {
  return makePolicy((sv, plays, random, budget) => search(sv, plays, random, scaled(budget, scale), kind).action, attention);
}

function scaled(budget: Budget | undefined, scale: number): Budget | undefined {
  if (scale === 1) return budget;
  const b = budget ?? { ms: DEFAULT_BUDGET_MS };
  return {
    ...(b.ms === undefined ? {} : { ms: b.ms * scale }),
    ...(b.samples === undefined ? {} : { samples: Math.max(1, Math.round(b.samples * scale)) }),
    ...(b.now === undefined ? {} : { now: b.now }),
  };
}

export const expertPolicy: BotPolicy = expertPolicyWith(SHARP);
