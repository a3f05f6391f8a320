import { type Rules, variantRules } from '@fives/engine';

/** The most holes a track is drawn with: a longer game is kept on the sheet's figures alone. */
export const MOST_HOLES = 121;

/**
 * Whether the score sheet shows the game on a cribbage board's track: Fives-and-Threes is kept
 * that way in the pubs (once round a 61-hole board, docs/rules.md#fives-and-threes).
 */
export function showsTrack(rules: Pick<Rules, 'variant' | 'target'>): boolean {
  return variantRules(rules).countScoring === 'fivesAndThrees' && rules.target <= MOST_HOLES;
}

/** Where hole `i` (0 the start, `target` the finish) lies along a street: holes in fives, a gap between the fives. */
export function holeX(i: number): number {
  return i * 6 + Math.floor((i - 1) / 5) * 3 + (i === 0 ? 0 : 3);
}

/** The hole a side's peg stands in: its score, the finish at most. */
export function pegHole(score: number, target: number): number {
  return Math.max(0, Math.min(target, score));
}
