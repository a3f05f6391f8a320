import type { Rules } from './rules.ts';
import { sideCount, sideOf } from './rules.ts';
import type { Award, HandEvent, Seat } from './state.ts';
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

/** The Latin game's bonuses, in points (docs/rules.md#the-latin-partnership-game): the usual values of the Caribbean clubs. */
export const CAPICUA_BONUS = 25;
export const PASE_BONUS = 25;

/**
 * The end-of-hand awards of docs/rules.md#the-end-of-a-hand, #block-and-draw, #fives-and-threes and
 * #the-latin-partnership-game, from the pips left in each hand and the seat that went out (null
 * when blocked), plus any bonus each side earned in the hand (`bonus`, one entry a side, in
 * points: the Latin game's capicúa and pases, added to the side's award). Awards are in the
 * rules' unit; zero awards are left out.
 */
export function handAwards(rules: Rules, pips: ArrayLike<number>, out: Seat | null, bonus?: ArrayLike<number>): Award[] {
  if (out !== null && variantRules(rules).handEnd === 'othersPips') {
    const points = outAward(rules, pips, out);
    return points > 0 ? [{ seat: out, points: inUnits(rules, points) }] : [];
  }
  const sides = new Float64Array(sideCount(rules));
  sideAwards(rules, pips, out, sides);
  const awards: Award[] = [];
  // A side is named by its lowest seat, which is also its index (see sidePips).
  for (let side = 0; side < sides.length; side++) {
    const points = (sides[side] as number) + (bonus?.[side] ?? 0);
    if (points > 0) awards.push({ seat: side, points: inUnits(rules, points) });
  }
  return awards;
}

/**
 * The pases a hand's log shows, per side, in points: each play followed by every other player
 * passing (a "pase corrido") earns its side PASE_BONUS.
 */
export function paseBonuses(rules: Rules, log: readonly HandEvent[]): number[] {
  const bonus = new Array<number>(sideCount(rules)).fill(0);
  for (let i = 0; i < log.length; i++) {
    const e = log[i] as HandEvent;
    if (e.type !== 'play') continue;
    let passes = 0;
    while (log[i + 1 + passes]?.type === 'pass') passes++;
    if (passes >= rules.players - 1) {
      const side = sideOf(rules, e.seat);
      bonus[side] = (bonus[side] as number) + PASE_BONUS;
    }
  }
  return bonus;
}

/**
 * Whether a play out is a capicúa: the last tile fits both open ends of the line, and the two
 * ends show different numbers (so the tile is exactly their two numbers, never a double).
 * `fitsWest`/`fitsEast`: whether the tile fits each end; `west`/`east`: the numbers they show.
 */
export function isCapicua(fitsWest: boolean, fitsEast: boolean, west: number, east: number): boolean {
  return fitsWest && fitsEast && west !== east;
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
  if (handEnd === 'allPips') {
    allPips(rules, pips, out, into);
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

/**
 * The Latin game: the pair out, or the pair with fewer pips when blocked, scores every pip left
 * in all four hands (its own too), not rounded; a blocked hand with equal pips scores nothing.
 */
function allPips(rules: Rules, pips: ArrayLike<number>, out: Seat | null, into: Float64Array): void {
  const n = sidePips(rules, pips);
  let total = 0;
  for (let side = 0; side < n; side++) total += SIDE_PIPS[side] as number;
  if (out !== null) {
    into[sideOf(rules, out)] = total;
    return;
  }
  const winner = fewestPipsSide(n);
  if (winner >= 0) into[winner] = total;
}

/** The one side with the fewest pips in SIDE_PIPS' first `n`, or -1 on a tie. */
function fewestPipsSide(n: number): number {
  let low = Infinity;
  let best = -1;
  for (let side = 0; side < n; side++) {
    const p = SIDE_PIPS[side] as number;
    if (p < low) {
      low = p;
      best = side;
    } else if (p === low) best = -1;
  }
  return best;
}

/**
 * Who leads after a blocked hand whose lead is the winner's, when the variant's `blockedLead` is
 * `fewestPips`: of the side with fewest pips, its player with fewest (the first in turn from
 * the hand's leader on a tie within the pair); null when the sides tie.
 */
export function blockedWinnerSeat(rules: Rules, pips: ArrayLike<number>, leader: Seat): Seat | null {
  const side = fewestPipsSide(sidePips(rules, pips));
  if (side < 0) return null;
  let best: Seat | null = null;
  for (let k = 0; k < rules.players; k++) {
    const seat = (leader + k) % rules.players;
    if (sideOf(rules, seat) !== side) continue;
    if (best === null || (pips[seat] as number) < (pips[best] as number)) best = seat;
  }
  return best;
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
