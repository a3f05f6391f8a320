import { type Result, GameErrorCode, fail, ok } from './errors.ts';
import { type RandomSource, seededRandom, shuffleInPlace } from './random.ts';
import { type Rules, maxPipOf } from './rules.ts';
import type { Deal, Seat } from './state.ts';
import { type Tile, formatTile, high, isDouble, pips, setTiles } from './tiles.ts';

/** Shuffles the set and deals `handSize` tiles to each seat in turn; the rest is the boneyard (on a double-nine set, possibly tiles left out: variant.ts). */
export function randomDeal(rules: Rules, random: RandomSource): Deal {
  const tiles = shuffleInPlace(setTiles(maxPipOf(rules)).slice(), random);
  return dealFromOrder(rules, tiles);
}

/** Deals a shuffled order of the set's tiles: seat 0 takes the first hand, and so on. */
export function dealFromOrder(rules: Rules, order: readonly Tile[]): Deal {
  const n = rules.handSize;
  const hands = Array.from({ length: rules.players }, (_, s) => order.slice(s * n, (s + 1) * n));
  return { hands, boneyard: order.slice(rules.players * n) };
}

/** A deal must give each seat `handSize` tiles and hold every tile of the set (28, or 55) exactly once, and no other. */
export function checkDeal(rules: Rules, deal: Deal): Result<Deal> {
  if (deal.hands.length !== rules.players) {
    return fail(GameErrorCode.badDeal, `the deal has ${deal.hands.length} hands for ${rules.players} players`);
  }
  const set = setTiles(maxPipOf(rules));
  const seen = new Set<Tile>();
  for (const [seat, hand] of deal.hands.entries()) {
    if (hand.length !== rules.handSize) {
      return fail(GameErrorCode.badDeal, `seat ${seat} is dealt ${hand.length} tiles; the rules deal ${rules.handSize}`);
    }
  }
  for (const t of [...deal.hands.flat(), ...deal.boneyard]) {
    if (!(Number.isInteger(t) && t >= 0 && t < set.length)) return fail(GameErrorCode.badDeal, `${String(t)} is not a tile of the set`);
    if (seen.has(t)) return fail(GameErrorCode.badDeal, `tile ${formatTile(t)} is dealt twice`);
    seen.add(t);
  }
  if (seen.size !== set.length) {
    const missing = set.filter((t) => !seen.has(t)).map(formatTile);
    return fail(GameErrorCode.badDeal, `the deal is missing ${missing.join(', ')}`);
  }
  return ok(deal);
}

/** Whose lead it is under the highest-double rule, and the tile they must lead (docs/rules.md#who-leads). */
export function highestDoubleLead(deal: Deal): { seat: Seat; tile: Tile } {
  let bestSeat = -1;
  let bestTile = -1 as Tile;
  let bestRank = -1;
  for (const [seat, hand] of deal.hands.entries()) {
    for (const t of hand) {
      // Any double outranks any other tile; then more pips; then the higher top half (6-3 over 5-4).
      const rank = (isDouble(t) ? 1000 : 0) + pips(t) * 10 + high(t);
      if (rank > bestRank) {
        bestSeat = seat;
        bestTile = t;
        bestRank = rank;
      }
    }
  }
  if (bestSeat < 0) throw new Error('highestDoubleLead needs a deal with tiles');
  return { seat: bestSeat, tile: bestTile };
}

/**
 * The deal a seed makes, and the seat that leads when the rules leave the lead to chance. This
 * is what makes deals checkable: the server commits to a secret seed before a hand and reveals
 * it after, and anyone can run this to see that the seed makes exactly the hand that was played
 * (docs/fairness.md). Changing it would break the checking of every game ever recorded.
 */
export function dealFromSeed(rules: Rules, seed: string): { deal: Deal; randomLeader: Seat } {
  const random = seededRandom(seed);
  const deal = randomDeal(rules, random);
  return { deal, randomLeader: random.int(rules.players) };
}
