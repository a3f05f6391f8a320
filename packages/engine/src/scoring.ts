import type { Rules } from './rules.ts';
import { sideCount, sideOf } from './rules.ts';
import type { Award, Seat } from './state.ts';
import { variantRules } from './variant.ts';

/** Nearest multiple of five, halves up: 27 → 25, 28 → 30, 12.5 → 15 (docs/rules.md#the-end-of-a-hand). */
export function round5(x: number): number {
  return Math.floor((x + 2.5) / 5) * 5;
}

/** Points as the rules keep them: unchanged, or in fives on a cribbage board. */
export function inUnits(rules: Rules, points: number): number {
  return rules.scoreUnit === 'fives' ? points / 5 : points;
}

/** What a play's count scores on its own (before any Muggins claim). */
export function countScore(rules: Rules, count: number): number {
  return count > 0 && count % 5 === 0 ? inUnits(rules, count) : 0;
}

/**
 * What a play leaving `count` on the layout is worth by itself: its count score in games that
 * score during play, nothing in Block and Draw. Under Muggins it is only earned by claiming it.
 * The engine scores plays with it, its hints show it, and the table lights the count box by it.
 */
export function playScore(rules: Rules, count: number): number {
  return variantRules(rules).scoresDuringPlay ? countScore(rules, count) : 0;
}

/**
 * The end-of-hand awards of docs/rules.md#the-end-of-a-hand and #block-and-draw, from the pips left in each hand and the seat
 * that went out (null when blocked). Awards are in the rules' unit; zero awards are left out.
 */
export function handAwards(rules: Rules, pips: ArrayLike<number>, out: Seat | null): Award[] {
  const awards = variantRules(rules).handEnd === 'othersPips' ? allFivesAwards(rules, pips, out) : fewestPipsAwards(rules, pips);
  return awards.filter((a) => a.points > 0).map((a) => ({ seat: a.seat, points: inUnits(rules, a.points) }));
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

function allFivesAwards(rules: Rules, pips: ArrayLike<number>, out: Seat | null): Award[] {
  if (out !== null) return [{ seat: out, points: outAward(rules, pips, out) }];
  const sides = sidePips(rules, pips);
  const low = Math.min(...sides);
  const lowest = sides.flatMap((p, side) => (p === low ? [side] : []));
  const total = sides.reduce((a, b) => a + b, 0);
  if (lowest.length === 1) {
    const side = lowest[0] as number;
    const others = total - low;
    const points = rules.blockedScoring === 'others' ? others : others - low;
    return [{ seat: side, points: round5(points) }];
  }
  // Seed 000's exception: of three players two tie for fewest and split the third's pips.
  if (rules.blockedScoring === 'others' && sides.length === 3 && lowest.length === 2) {
    const third = total - 2 * low;
    return lowest.map((seat) => ({ seat, points: round5(third / 2) }));
  }
  return [];
}

/** Block and Draw: the fewest pips score the others' pips minus their own, not rounded. */
function fewestPipsAwards(rules: Rules, pips: ArrayLike<number>): Award[] {
  const sides = sidePips(rules, pips);
  const low = Math.min(...sides);
  const lowest = sides.flatMap((p, side) => (p === low ? [side] : []));
  if (lowest.length !== 1) return [];
  const side = lowest[0] as number;
  const total = sides.reduce((a, b) => a + b, 0);
  return [{ seat: side, points: total - low - low }];
}

/**
 * Pips per side. A side is named by its lowest seat, which is also its index: seat 0 for the
 * team 0+2 and seat 1 for 1+3, so an award to a team reads as an award to that seat.
 */
function sidePips(rules: Rules, pips: ArrayLike<number>): number[] {
  const sides = new Array<number>(sideCount(rules)).fill(0);
  for (let seat = 0; seat < pips.length; seat++) {
    const side = sideOf(rules, seat);
    sides[side] = (sides[side] as number) + (pips[seat] as number);
  }
  return sides;
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
