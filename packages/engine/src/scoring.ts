import type { Rules } from './rules.ts';
import { sideCount, sideOf } from './rules.ts';
import type { Award, Seat } from './state.ts';
import { assertNever } from './never.ts';
import { scoresDuringPlay, variantRules } from './variant.ts';

/** Nearest multiple of five, halves up: 27 → 25, 28 → 30, 12.5 → 15 (docs/rules.md#the-end-of-a-hand). */
export function round5(x: number): number {
  return Math.floor((x + 2.5) / 5) * 5;
}

/** Points as the rules keep them: unchanged, or in fives on a cribbage board. */
export function inUnits(rules: Rules, points: number): number {
  return rules.scoreUnit === 'fives' ? points / 5 : points;
}

/**
 * What a play's count scores on its own (before any Muggins claim): in All Fives (and what
 * Block and Draw would score, never asked during their hands) a multiple of five scores itself;
 * in Fives-and-Threes a multiple of five scores a point a five and a multiple of three a point
 * a three, both when it is both (15 → 3 + 5 = 8, docs/rules.md#fives-and-threes).
 */
export function countScore(rules: Rules, count: number): number {
  if (count <= 0) return 0;
  const scoring = variantRules(rules).countScoring;
  switch (scoring) {
    case 'none':
    case 'fives':
      return count % 5 === 0 ? inUnits(rules, count) : 0;
    case 'fivesAndThrees':
      return fivesAndThrees(count);
    default:
      return assertNever(scoring);
  }
}

/** A count's worth in Fives-and-Threes: count/5 when a multiple of five, plus count/3 when a multiple of three. */
export function fivesAndThrees(count: number): number {
  return (count % 5 === 0 ? count / 5 : 0) + (count % 3 === 0 ? count / 3 : 0);
}

/**
 * What a play leaving `count` on the layout is worth by itself: its count score in games that
 * score during play, nothing in Block and Draw. Under Muggins it is only earned by claiming it.
 * The engine scores plays with it, its hints show it, and the table lights the count box by it.
 */
export function playScore(rules: Rules, count: number): number {
  return scoresDuringPlay(rules) ? countScore(rules, count) : 0;
}

/**
 * The end-of-hand awards of docs/rules.md#the-end-of-a-hand, #block-and-draw and #fives-and-threes, from the pips left in each hand and the seat
 * that went out (null when blocked). Awards are in the rules' unit; zero awards are left out.
 */
export function handAwards(rules: Rules, pips: ArrayLike<number>, out: Seat | null): Award[] {
  if (out !== null && variantRules(rules).handEnd === 'othersPips') {
    const points = outAward(rules, pips, out);
    return points > 0 ? [{ seat: out, points: inUnits(rules, points) }] : [];
  }
  const sides = new Float64Array(sideCount(rules));
  sideAwards(rules, pips, out, sides);
  const awards: Award[] = [];
  // A side is named by its lowest seat, which is also its index (see sidePips).
  for (let side = 0; side < sides.length; side++) {
    const points = sides[side] as number;
    if (points > 0) awards.push({ seat: side, points: inUnits(rules, points) });
  }
  return awards;
}

/**
 * What the seat that went out scores when the others' pips count (All Fives: `handEnd` is
 * `othersPips`): the opponents' pips rounded to five, in points (not yet in the rules' unit).
 * The in-place playout calls it straight, so a simulated hand's end makes no award objects.
 */
export function outAward(rules: Rules, pips: ArrayLike<number>, out: Seat): number {
  const side = sideOf(rules, out);
  let others = 0;
  for (let seat = 0; seat < pips.length; seat++) if (sideOf(rules, seat) !== side) others += pips[seat] as number;
  return round5(others);
}

/**
 * The end-of-hand awards per side, in points (not yet in the rules' unit), written into `into`
 * (one entry a side). The one statement of the rule: `handAwards` lists it, and the in-place
 * playout adds it to its scores without making an array.
 */
export function sideAwards(rules: Rules, pips: ArrayLike<number>, out: Seat | null, into: Float64Array): void {
  // A loop, not fill(): for two to four entries the call costs more than the writes.
  for (let side = 0; side < into.length; side++) into[side] = 0;
  const handEnd = variantRules(rules).handEnd;
  if (handEnd === 'go') {
    // Fives-and-Threes: a point for the go; the pips left are worth nothing, blocked or not.
    if (out !== null) into[sideOf(rules, out)] = 1;
    return;
  }
  const othersPips = handEnd === 'othersPips';
  if (out !== null && othersPips) {
    into[sideOf(rules, out)] = outAward(rules, pips, out);
    return;
  }
  const n = sidePips(rules, pips);
  let low = Infinity;
  let total = 0;
  for (let side = 0; side < n; side++) {
    const p = SIDE_PIPS[side] as number;
    total += p;
    if (p < low) low = p;
  }
  let lowest = 0;
  let first = -1;
  for (let side = 0; side < n; side++) {
    if (SIDE_PIPS[side] !== low) continue;
    lowest++;
    if (first < 0) first = side;
  }
  if (!othersPips) {
    // Block and Draw: the fewest pips score the others' pips minus their own, not rounded.
    if (lowest === 1) into[first] = total - low - low;
    return;
  }
  if (lowest === 1) {
    const others = total - low;
    into[first] = round5(rules.blockedScoring === 'others' ? others : others - low);
    return;
  }
  // Seed 000's exception: of three players two tie for fewest and split the third's pips.
  if (rules.blockedScoring === 'others' && n === 3 && lowest === 2) {
    const share = round5((total - 2 * low) / 2);
    for (let side = 0; side < n; side++) if (SIDE_PIPS[side] === low) into[side] = share;
  }
}

/** sidePips' answer: one per side (at most four), reused so that no hand's end allocates. */
const SIDE_PIPS = new Float64Array(4);

/**
 * Pips per side, into SIDE_PIPS; returns the number of sides. A side is named by its lowest
 * seat, which is also its index: seat 0 for the team 0+2 and seat 1 for 1+3, so an award to a
 * team reads as an award to that seat.
 */
function sidePips(rules: Rules, pips: ArrayLike<number>): number {
  const n = sideCount(rules);
  for (let side = 0; side < SIDE_PIPS.length; side++) SIDE_PIPS[side] = 0;
  for (let seat = 0; seat < pips.length; seat++) {
    const side = sideOf(rules, seat);
    SIDE_PIPS[side] = (SIDE_PIPS[side] as number) + (pips[seat] as number);
  }
  return n;
}

/**
 * The side that has won, or null. The game ends as soon as a side reaches the target; when two
 * reach it by the same award, the higher total wins, and equal totals play on.
 */
export function winnerOf(rules: Rules, scores: ArrayLike<number>): number | null {
  let best = -1;
  let bestScore = -1;
  let tied = false;
  for (let side = 0; side < scores.length; side++) {
    const s = scores[side] as number;
    if (s < rules.target) continue;
    if (s > bestScore) {
      best = side;
      bestScore = s;
      tied = false;
    } else if (s === bestScore) tied = true;
  }
  return best >= 0 && !tied ? best : null;
}
