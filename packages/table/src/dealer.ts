import { type GameState, type RandomSource, type Result, dealHand, ok, startHand } from '@fives/engine';
import { commitmentOf } from '@fives/protocol';
import type { DealSecret, FairDeals } from './doc.ts';

/** Where each hand's secret seed comes from. */
export type SeedSource = () => string;

/**
 * Seeds drawn from a given source (four 32-bit words, as hex): a server built with a seeded
 * `random` (tests) deals the same games every run. Never used with a predictable source in
 * production: `build()` uses `cryptoSeeds` unless told otherwise.
 */
export function seedsFrom(random: RandomSource): SeedSource {
  return () => Array.from({ length: 4 }, () => random.int(0x1_0000_0000).toString(16).padStart(8, '0')).join('');
}

/**
 * The one dealer: every hand of every table is dealt here, from a fresh secret seed, as the
 * engine's `dealHand(state, seed)` makes it (the deal of `dealFromSeed(rules, seed)`, and the
 * leader when the rules leave the lead to chance), so the seed revealed after the hand proves the deal (docs/fairness.md). Returns
 * the new state and the table's seeds: this hand's (secret until it is over) and the last one's.
 */
export function dealNextHand(state: GameState, game: number, seeds: SeedSource, before: FairDeals | null): Result<{ state: GameState; fair: FairDeals }> {
  const seed = seeds();
  const { deal, leader } = dealHand(state, seed);
  const started = startHand(state, deal, leader);
  if (!started.ok) return started;
  const current: DealSecret = { game, hand: started.value.hands.length, seed, commitment: commitmentOf(seed) };
  // The hand before this one, in this game or the last: its seed is public from now on.
  const previous = before?.current ?? null;
  return ok({ state: started.value, fair: { current, previous } });
}
