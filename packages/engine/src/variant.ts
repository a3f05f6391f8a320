import type { Rules } from './rules.ts';

export const VARIANTS = ['allFives', 'block', 'draw'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * What a variant is, as play sees it (docs/rules.md#block-and-draw). Everything that differs
 * between All Fives, Block and Draw is read from here, so no code tests a variant's name and a
 * new variant is one more entry in `VARIANT_RULES`.
 */
export interface VariantRules {
  /** The first double played spins: it opens north and south too (docs/rules.md#the-layout-and-the-spinner). */
  readonly spinner: boolean;
  /** A count that is a multiple of five scores as it is made, so there is a count to claim and Muggins to call. */
  readonly scoresDuringPlay: boolean;
  /** A seat that cannot play draws from the boneyard while it has tiles; otherwise it passes. */
  readonly draws: boolean;
  /**
   * How a hand's end scores: `othersPips`, the seat out (or the fewest pips when blocked) scores
   * the others' pips rounded to five, as `blockedScoring` says; `fewestPips`, the fewest pips
   * score the others' minus their own, not rounded, however the hand ended.
   */
  readonly handEnd: 'othersPips' | 'fewestPips';
}

export const VARIANT_RULES: Readonly<Record<Variant, VariantRules>> = {
  allFives: { spinner: true, scoresDuringPlay: true, draws: true, handEnd: 'othersPips' },
  block: { spinner: false, scoresDuringPlay: false, draws: false, handEnd: 'fewestPips' },
  draw: { spinner: false, scoresDuringPlay: false, draws: true, handEnd: 'fewestPips' },
};

/** The variant's rules for a table's rules (or a view's). */
export function variantRules(rules: Pick<Rules, 'variant'>): VariantRules {
  return VARIANT_RULES[rules.variant];
}
