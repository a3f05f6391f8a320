import { pips } from '@fives/engine';
import { defensivePolicy, defensivePolicyWith } from './defensive.ts';
import { HARD_STOP_RULE, expertPolicy, expertPolicyWith } from './expert.ts';
import { makePolicy } from './make-policy.ts';
import { nineGreedy } from './nine.ts';
import { pickBest, scoredPlays } from './plays.ts';
import type { BotPolicy } from './policy.ts';
import { greedyPolicy, greedyPolicyWith, randomPolicy } from './simple.ts';

import { LEVELS, type Level } from './level-names.ts';

export { LEVELS, type Level };

/** The four ways of playing underneath the levels. */
export const POLICIES = ['random', 'greedy', 'defensive', 'expert'] as const;
export type PolicyName = (typeof POLICIES)[number];

/**
 * A beginner plays like someone still learning: it often takes a score it sees, but half the
 * time plays whatever tile comes to hand, misses its count a third of the time and rarely
 * notices a Muggins.
 */
const beginner: BotPolicy = makePolicy(
  (sv, plays, random) => {
    if (random.int(2) === 0) return plays[random.int(plays.length)] as (typeof plays)[number];
    return pickBest(scoredPlays(sv, plays), (p) => p.points * 1000 + pips(p.tile), random).action;
  },
  { claimsRight: 0.7, callsMuggins: 0.25 },
  (_view, plays, random) => (random.int(2) === 0 ? (plays[random.int(plays.length)] as (typeof plays)[number]) : nineGreedy(plays, random)),
);

export const LEVEL_POLICIES: Readonly<Record<Level, BotPolicy>> = {
  beginner,
  // Greedy, but one scoring chance in six goes unseen, and so do some counts and Muggins.
  easy: greedyPolicyWith({ claimsRight: 0.85, callsMuggins: 0.5 }, 1 / 6),
  medium: defensivePolicyWith({ claimsRight: 0.97, callsMuggins: 0.9 }),
  // The expert's search with a third of its budget, settling sooner and on less.
  hard: expertPolicyWith({ claimsRight: 1, callsMuggins: 1 }, 1 / 3, 'wary', HARD_STOP_RULE),
  expert: expertPolicy,
};

export const NAMED_POLICIES: Readonly<Record<PolicyName, BotPolicy>> = {
  random: randomPolicy,
  greedy: greedyPolicy,
  defensive: defensivePolicy,
  expert: expertPolicy,
};

/** A level or an underlying policy by name; null when the name is neither. */
export function policyByName(name: string): BotPolicy | null {
  if ((LEVELS as readonly string[]).includes(name)) return LEVEL_POLICIES[name as Level];
  if ((POLICIES as readonly string[]).includes(name)) return NAMED_POLICIES[name as PolicyName];
  return null;
}
