import { pips } from '@fives/engine';
import { type Attention, SHARP } from './claims.ts';
import { makePolicy } from './make-policy.ts';
import type { BotPolicy } from './policy.ts';
import { nineGreedy } from './nine.ts';
import { pickBest, scoredPlays } from './plays.ts';

/** Any legal play; counts its own plays right half the time and calls half the Muggins it could. */
export const randomPolicy: BotPolicy = makePolicy(
  (_sv, plays, random) => plays[random.int(plays.length)] as (typeof plays)[number],
  { claimsRight: 0.5, callsMuggins: 0.5 },
  (_view, plays, random) => plays[random.int(plays.length)] as (typeof plays)[number],
);

/** The play that scores most now; ties to the heaviest tile (fewer pips left if the hand blocks). */
export function greedyPolicyWith(attention: Attention, missesScore = 0): BotPolicy {
  return makePolicy(
    (sv, plays, random) => {
      const scored = scoredPlays(sv, plays);
      // A person who "misses a count" plays as if the scoring play were not there.
      const seen = missesScore > 0 && random.int(1000) < missesScore * 1000 ? scored.filter((p) => p.points === 0) : scored;
      const pool = seen.length > 0 ? seen : scored;
      return pickBest(pool, (p) => p.points * 1000 + pips(p.tile), random).action;
    },
    attention,
    (_view, plays, random) => nineGreedy(plays, random),
  );
}

export const greedyPolicy: BotPolicy = greedyPolicyWith(SHARP);
