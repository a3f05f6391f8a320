import type { Rules } from './rules.ts';

export const VARIANTS = ['allFives', 'block', 'draw', 'fivesAndThrees', 'latin'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * How the count left on the layout scores as it is made: `none`, it never does (Block and Draw);
 * `fives`, a multiple of five scores itself (All Fives); `fivesAndThrees`, a multiple of five
 * scores a point a five and a multiple of three a point a three, both when it is both.
 */
export const COUNT_SCORINGS = ['none', 'fives', 'fivesAndThrees'] as const;
export type CountScoring = (typeof COUNT_SCORINGS)[number];

/**
 * What a variant is, as play sees it (docs/rules.md#block-and-draw, #fives-and-threes,
 * #the-latin-partnership-game). Everything that differs between All Fives, Block, Draw,
 * Fives-and-Threes and the Latin game is read from here, so no code tests a variant's name and a
 * new variant is one more entry in `VARIANT_RULES`.
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
   * scores one point and a blocked hand nothing; `allPips`, the pair out (or with fewer pips when
   * blocked) scores every pip left in every hand, its own included, not rounded (a blocked tie:
   * nobody).
   */
  readonly handEnd: 'othersPips' | 'fewestPips' | 'go' | 'allPips';
  /** The tiles each player is dealt unless `handSize` (or the preset) says otherwise: 2, 3 and 4 players. */
  readonly handSizes: readonly [number, number, number];
  /**
   * Who the table must be: `any` number of players, with or without partners; `fourInPairs`,
   * four players in two fixed pairs holding the whole set (7 each), so no tile is left out.
   */
  readonly seating: 'any' | 'fourInPairs';
  /**
   * Who leads after a blocked hand when the next lead is the winner's: `random`, chance (no one
   * went out); `fewestPips`, the player with fewest pips of the pair that won the block
   * (docs/rules.md#the-latin-partnership-game).
   */
  readonly blockedLead: 'random' | 'fewestPips';
  /** Whether the capicúa and pase bonuses may be played (the `bonuses` option). */
  readonly bonuses: boolean;
}

/** What every variant but the Latin game says about seating, a blocked hand's lead and bonuses. */
const PLAIN = { seating: 'any', blockedLead: 'random', bonuses: false } as const;

export const VARIANT_RULES: Readonly<Record<Variant, VariantRules>> = {
  allFives: { spinner: true, countScoring: 'fives', draws: true, handEnd: 'othersPips', handSizes: [9, 7, 5], ...PLAIN },
  block: { spinner: false, countScoring: 'none', draws: false, handEnd: 'fewestPips', handSizes: [9, 7, 5], ...PLAIN },
  draw: { spinner: false, countScoring: 'none', draws: true, handEnd: 'fewestPips', handSizes: [9, 7, 5], ...PLAIN },
  fivesAndThrees: { spinner: false, countScoring: 'fivesAndThrees', draws: false, handEnd: 'go', handSizes: [7, 5, 5], ...PLAIN },
  latin: {
    spinner: false,
    countScoring: 'none',
    draws: false,
    handEnd: 'allPips',
    handSizes: [7, 7, 7],
    seating: 'fourInPairs',
    blockedLead: 'fewestPips',
    bonuses: true,
  },
};

/** The variant's rules for a table's rules (or a view's). */
export function variantRules(rules: Pick<Rules, 'variant'>): VariantRules {
  return VARIANT_RULES[rules.variant];
}

/** Whether plays score as they are made (All Fives, Fives-and-Threes), not only at a hand's end. */
export function scoresDuringPlay(rules: Pick<Rules, 'variant'>): boolean {
  return VARIANT_RULES[rules.variant].countScoring !== 'none';
}
