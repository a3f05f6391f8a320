import { Playout, type RandomSource } from '@fives/engine';
import { type Attention, SHARP } from './claims.ts';
import { defaultNow } from './clock.ts';
import { makePolicy } from './make-policy.ts';
import { type Budget, type BotPolicy, DEFAULT_BUDGET_MS, DEFAULT_MAX_SAMPLES, type PlayAction, type SearchReport } from './policy.ts';
import { scoredPlays } from './plays.ts';
import { type RolloutKind, rollout } from './rollout.ts';
import { PASSED_OVER_WEIGHT, Sampler } from './sample.ts';
import type { SeatView } from './seat-view.ts';
import { utility } from './utility.ts';

/**
 * Search under hidden information by determinized sampling (perfect-information Monte Carlo):
 * deal the unseen tiles at random in a way consistent with everything the seat knows (what it
 * holds, what was played, who drew or passed on which numbers), try every candidate play on
 * that deal, finish the hand with fast greedy play for everyone, and score the end of the hand
 * by the chance it gives of winning the game. Every candidate sees the same deals, so their
 * differences are not drowned in the luck of the deal.
 *
 * It stops as soon as the best candidate is settled: a sequential test on the paired per-deal
 * differences (successive elimination, `StopRule`). From `minSamples` deals on, every
 * `checkEvery` deals, the leader (best mean) is compared with each other candidate still in the
 * running: one whose mean is below the leader's by more than `z` standard errors of their paired
 * difference is dropped, and the search ends once every candidate left is either dropped or
 * shown, at the same confidence, to be better than the leader by less than `indifference` (a
 * chance of winning): past that, telling them apart would not change the game. Either cap of
 * the budget — deals or time — ends it earlier.
 */
export interface SearchResult {
  readonly action: PlayAction;
  readonly samples: number;
  /** Mean utility per candidate, in the order given (over the deals it played before it was dropped). */
  readonly values: readonly number[];
  /** Per candidate: the deals it was tried on. */
  readonly tried: readonly number[];
  readonly stop: SearchReport['stop'];
}

/** When the sequential test drops candidates and stops (see `search`). */
export interface StopRule {
  /** No candidate is dropped on fewer deals than this. */
  readonly minSamples: number;
  /** How often, in deals, the test is made. */
  readonly checkEvery: number;
  /** Standard errors of the paired difference a candidate must be behind by to be dropped. */
  readonly z: number;
  /** In utility (a chance of winning): a candidate better than the leader by less than this is as good. */
  readonly indifference: number;
}

/**
 * The expert's: z = 2 is about 97.7% one-sided for each comparison, and 0.004 a 0.4% chance of
 * winning the game. Chosen from arena runs against `defensive` (docs/bots.md): a 1% indifference
 * was cheaper (3.4 ms a decision) but weaker (74.0%), 2.5 and 0.005 stronger (79.0%) at 8 ms.
 */
export const STOP_RULE: StopRule = { minSamples: 24, checkEvery: 8, z: 2, indifference: 0.004 };

/** `hard`'s: settles sooner and on less (about 90% one-sided, a 3% chance), so it plays a notch below. */
export const HARD_STOP_RULE: StopRule = { minSamples: 16, checkEvery: 8, z: 1.3, indifference: 0.03 };

export function search(
  sv: SeatView,
  plays: readonly PlayAction[],
  random: RandomSource,
  budget: Budget | undefined,
  kind: RolloutKind = 'wary',
  rule: StopRule = STOP_RULE,
  passedOverWeight: number = PASSED_OVER_WEIGHT,
): SearchResult {
  const candidates = Int32Array.from(scoredPlays(sv, plays), (p) => ((p.tile as number) << 2) | Math.max(0, p.end));
  const k = candidates.length;
  const adaptive = budget?.adaptive ?? true;
  const maxSamples = budget?.samples ?? (adaptive ? DEFAULT_MAX_SAMPLES : Infinity);
  const ms = budget?.ms ?? (budget?.samples === undefined ? DEFAULT_BUDGET_MS : Infinity);
  const now = budget?.now ?? defaultNow;
  const timed = Number.isFinite(ms);
  const deadline = timed ? now() + ms : Infinity;
  // Keep a share of the time in hand for everything around the loop (reading the view, answering).
  const stopAt = timed ? deadline - Math.min(5, ms * 0.05) : Infinity;

  const sums = new Float64Array(k);
  // Σ x_i·x_j over the deals both played: the paired differences' variances come from it.
  const cross = new Float64Array(k * k);
  const tried = new Int32Array(k);
  const trial = new Float64Array(k);
  /** The candidates still in the running, by index; `alive` of them. */
  const live = Int32Array.from({ length: k }, (_, i) => i);
  let alive = k;

  const sampler = new Sampler(sv, passedOverWeight);
  const base = Playout.fromParts({
    rules: sv.rules,
    hands: sampler.hands,
    boneyard: sampler.boneyard,
    boneyardSize: 0,
    board: sv.board,
    turn: sv.seat,
    passes: sv.passes,
    scores: sv.scores,
    forcedLead: sv.forcedLead,
  });
  const work = Playout.fromParts({
    rules: sv.rules,
    hands: sampler.hands,
    boneyard: sampler.boneyard,
    boneyardSize: 0,
    board: sv.board,
    turn: sv.seat,
    passes: 0,
    scores: sv.scores,
  });
  const buf = new Int32Array(64);
  let samples = 0;
  let stop: SearchReport['stop'];

  for (;;) {
    if (samples >= maxSamples) {
      stop = 'samples';
      break;
    }
    if (samples > 0 && timed && now() >= stopAt) {
      stop = 'time';
      break;
    }
    sampler.next(random);
    base.setHidden(sampler.hands, sampler.boneyard, sampler.boneyardSize);
    let complete = true;
    for (let a = 0; a < alive; a++) {
      // A sample cut short would favour the candidates tried first: drop it whole.
      if (timed && samples > 0 && a > 0 && now() >= deadline) {
        complete = false;
        break;
      }
      const i = live[a] as number;
      work.copyFrom(base);
      work.play(candidates[i] as number);
      rollout(kind, work, buf);
      trial[i] = utility(sv.rules, sv.seat, work.scores, work.winner);
    }
    if (!complete) {
      stop = 'time';
      break;
    }
    for (let a = 0; a < alive; a++) {
      const i = live[a] as number;
      const x = trial[i] as number;
      sums[i] = (sums[i] as number) + x;
      tried[i] = (tried[i] as number) + 1;
      for (let b = a; b < alive; b++) {
        const j = live[b] as number;
        const at = i < j ? i * k + j : j * k + i;
        cross[at] = (cross[at] as number) + x * (trial[j] as number);
      }
    }
    samples++;
    if (alive === 1) {
      stop = 'settled';
      break;
    }
    if (adaptive && samples >= rule.minSamples && samples % rule.checkEvery === 0) {
      alive = eliminate(live, alive, sums, cross, k, samples, rule.z);
      if (alive === 1 || settled(live, alive, sums, cross, k, samples, rule)) {
        stop = 'settled';
        break;
      }
    }
  }
  const best = leaderOf(live, alive, sums);
  const report: SearchReport = { samples, candidates: k, stop };
  budget?.onSearch?.(report);
  return {
    action: plays[best] as PlayAction,
    samples,
    values: Array.from(sums, (s, i) => s / Math.max(1, tried[i] as number)),
    tried: Array.from(tried),
    stop,
  };
}

/** The candidate in the running with the best mean. */
function leaderOf(live: Int32Array, alive: number, sums: Float64Array): number {
  let best = live[0] as number;
  for (let a = 1; a < alive; a++) {
    const i = live[a] as number;
    if ((sums[i] as number) > (sums[best] as number)) best = i;
  }
  return best;
}

/** The mean and standard error of (leader − candidate i), paired over the `n` deals both played. */
function gap(l: number, i: number, sums: Float64Array, cross: Float64Array, k: number, n: number): { mean: number; se: number } {
  const mean = ((sums[l] as number) - (sums[i] as number)) / n;
  const li = l < i ? l * k + i : i * k + l;
  const square = ((cross[l * k + l] as number) + (cross[i * k + i] as number) - 2 * (cross[li] as number)) / n;
  const variance = Math.max(0, square - mean * mean) * (n / (n - 1));
  return { mean, se: Math.sqrt(variance / n) };
}

/** Drops every candidate confidently worse than the leader; returns how many are left (kept first in `live`). */
function eliminate(live: Int32Array, alive: number, sums: Float64Array, cross: Float64Array, k: number, n: number, z: number): number {
  const l = leaderOf(live, alive, sums);
  let kept = 0;
  for (let a = 0; a < alive; a++) {
    const i = live[a] as number;
    if (i !== l) {
      const g = gap(l, i, sums, cross, k, n);
      if (g.mean > z * g.se && g.mean > 0) continue;
    }
    live[kept++] = i;
  }
  return kept;
}

/** True when no candidate left could beat the leader by the rule's indifference or more, at the test's confidence. */
function settled(live: Int32Array, alive: number, sums: Float64Array, cross: Float64Array, k: number, n: number, rule: StopRule): boolean {
  const l = leaderOf(live, alive, sums);
  for (let a = 0; a < alive; a++) {
    const i = live[a] as number;
    if (i === l) continue;
    const g = gap(l, i, sums, cross, k, n);
    if (rule.z * g.se - g.mean >= rule.indifference) return false;
  }
  return true;
}

export function expertPolicyWith(attention: Attention, scale = 1, kind: RolloutKind = 'wary', rule: StopRule = STOP_RULE, passedOverWeight = PASSED_OVER_WEIGHT): BotPolicy {
  // On a double-nine set, where the Playout cannot go, makePolicy's default: the defensive
  // player's double-nine play (nine.ts; docs/bots.md says why not a search through apply).
  return makePolicy((sv, plays, random, budget) => search(sv, plays, random, scaled(budget, scale), kind, rule, passedOverWeight).action, attention);
}

function scaled(budget: Budget | undefined, scale: number): Budget | undefined {
  if (scale === 1) return budget;
  const b = budget ?? { ms: DEFAULT_BUDGET_MS };
  const adaptive = b.adaptive ?? true;
  const samples = b.samples ?? (adaptive ? DEFAULT_MAX_SAMPLES : undefined);
  return {
    ...b,
    ...(b.ms === undefined ? {} : { ms: b.ms * scale }),
    ...(samples === undefined ? {} : { samples: Math.max(1, Math.round(samples * scale)) }),
  };
}

export const expertPolicy: BotPolicy = expertPolicyWith(SHARP);
