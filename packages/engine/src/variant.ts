import type { Rules } from './rules.ts';

export const VARIANTS = ['allFives', 'block', 'draw', 'fivesAndThrees'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * How the count left on the layout scores as it is made: `none`, it never does (Block and Draw);
 * `fives`, a multiple of five scores itself (All Fives); `fivesAndThrees`, a multiple of five
 * scores a point a five and a multiple of three a point a three, both when it is both.
 */
export const COUNT_SCORINGS = ['none', 'fives', 'fivesAndThrees'] as const;
export type CountScoring = (typeof COUNT_SCORINGS)[number];

/**
 * What a variant is, as play sees it (docs/rules.md#block-and-draw, #fives-and-threes). Everything
 * that differs between All Fives, Block, Draw and Fives-and-Threes is read from here, so no code
 * tests a variant's name and a new variant is one more entry in `VARIANT_RULES`.
 */
export interface VariantRules {
  /** The first double played spins: it opens north and south too (docs/rules.md#the-layout-and-the-spinner). */
  readonly spinner: boolean;
  /** How a count scores as it is made; anything but `none` gives a count to claim and Muggins to call. */
  readonly countScoring: CountScoring;
  /** A seat that cannot play draws from the boneyard while it has tiles; otherwise it passes. */
  readonly draws: boolean;
  /**
   * How a hand's end scores: `othersPips`, the seat out (or the fewest pips when blocked) scores
   * the others' pips rounded to five, as `blockedScoring` says; `fewestPips`, the fewest pips
   * score the others' minus their own, not rounded, however the hand ended; `go`, the seat out
   * scores one point and a blocked hand nothing.
   */
  readonly handEnd: 'othersPips' | 'fewestPips' | 'go';
  /** The tiles each player is dealt unless `handSize` (or the preset) says otherwise: 2, 3 and 4 players. */
  readonly handSizes: readonly [number, number, number];
}

export const VARIANT_RULES: Readonly<Record<Variant, VariantRules>> = {
  allFives: { spinner: true, countScoring: 'fives', draws: true, handEnd: 'othersPips', handSizes: [9, 7, 5] },
  block: { spinner: false, countScoring: 'none', draws: false, handEnd: 'fewestPips', handSizes: [9, 7, 5] },
  draw: { spinner: false, countScoring: 'none', draws: true, handEnd: 'fewestPips', handSizes: [9, 7, 5] },
  fivesAndThrees: { spinner: false, countScoring: 'fivesAndThrees', draws: false, handEnd: 'go', handSizes: [7, 5, 5] },
};

/** The variant's rules for a table's rules (or a view's). */
export function variantRules(rules: Pick<Rules, 'variant'>): VariantRules {
  return VARIANT_RULES[rules.variant];
}

/** Whether plays score as they are made (All Fives, Fives-and-Threes), not only at a hand's end. */
export function scoresDuringPlay(rules: Pick<Rules, 'variant'>): boolean {
  return VARIANT_RULES[rules.variant].countScoring !== 'none';
}
