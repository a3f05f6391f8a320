import { describe, expect, it } from 'vitest';
import { PRESETS, VARIANTS, VARIANT_RULES, type Variant, boardRules, presetVariant, resolveRules, variantRules } from '../src/index.ts';
import { playRandomGame } from './support/random-game.ts';

/**
 * The variant strategy is the only place play learns what a variant means, so each of its
 * answers is checked against what whole seeded games of that variant do: a variant without a
 * spinner never gets one, one that scores only at the end scores no play, one that never draws
 * has no draw in any hand — and the converse shows up in the variants that have them.
 */
const PRESET: Record<Variant, string> = { allFives: 'allFives', block: 'block', draw: 'draw', fivesAndThrees: 'fivesAndThrees', latin: 'latin' };

/** The tables each variant is played at: the Latin game only by four in pairs. */
const PLAYERS = (variant: Variant): readonly (2 | 3 | 4)[] => (VARIANT_RULES[variant].seating === 'fourInPairs' ? [4] : [2, 3, 4]);

/**
 * docs/rules.md#block-and-draw, #fives-and-threes and #the-latin-partnership-game, read again: no
 * spinner and no scoring during a Block or Draw hand; Block never draws; Fives-and-Threes has no
 * spinner, never draws, scores fives and threes as it goes and a point for the go, seven tiles
 * each with two players, five with more; the Latin game has no spinner, never draws, scores
 * nothing during a hand and every pip left at its end, four players in pairs with seven tiles
 * each, the lead after a block to the winning pair's fewest pips, and its two bonuses.
 */
const PLAIN = { seating: 'any', blockedLead: 'random', bonuses: false };
const DOCUMENTED: Record<
  Variant,
  { spinner: boolean; countScoring: string; draws: boolean; handEnd: string; handSizes: number[]; seating: string; blockedLead: string; bonuses: boolean }
> = {
  allFives: { spinner: true, countScoring: 'fives', draws: true, handEnd: 'othersPips', handSizes: [9, 7, 5], ...PLAIN },
  block: { spinner: false, countScoring: 'none', draws: false, handEnd: 'fewestPips', handSizes: [9, 7, 5], ...PLAIN },
  draw: { spinner: false, countScoring: 'none', draws: true, handEnd: 'fewestPips', handSizes: [9, 7, 5], ...PLAIN },
  fivesAndThrees: { spinner: false, countScoring: 'fivesAndThrees', draws: false, handEnd: 'go', handSizes: [7, 5, 5], ...PLAIN },
  latin: { spinner: false, countScoring: 'none', draws: false, handEnd: 'allPips', handSizes: [7, 7, 7], seating: 'fourInPairs', blockedLead: 'fewestPips', bonuses: true },
};

function playedHands(variant: Variant): { spinner: boolean; scoredPlay: boolean; drew: boolean }[] {
  const out: { spinner: boolean; scoredPlay: boolean; drew: boolean }[] = [];
  for (const [players, seed] of PLAYERS(variant).flatMap((p) => [1, 2, 3, 4, 5, 6].map((s) => [p, s] as const))) {
    const game = playRandomGame({ preset: PRESET[variant], players }, `variant:${variant}:${players}:${seed}`, 8);
    for (const s of game.states) {
      const hand = s.hand;
      if (hand === null) continue;
      out.push({
        spinner: hand.board.spinner >= 0,
        scoredPlay: hand.log.some((e) => e.type === 'play' && e.scored > 0),
        drew: hand.log.some((e) => e.type === 'draw'),
      });
    }
  }
  return out;
}

describe('the rules of each variant', () => {
  it('names every variant, and every preset resolves to its variant', () => {
    expect(Object.keys(VARIANT_RULES).sort()).toEqual([...VARIANTS].sort());
    for (const variant of VARIANTS) {
      const rules = resolveRules({ preset: PRESET[variant], players: PLAYERS(variant)[1] ?? 4 });
      if (!rules.ok) throw new Error(rules.error.message);
      expect(variantRules(rules.value)).toBe(VARIANT_RULES[variant]);
      expect(boardRules(rules.value).spinner).toBe(VARIANT_RULES[variant].spinner);
    }
  });

  it('says what docs/rules.md says of each variant', () => {
    expect(VARIANT_RULES).toEqual(DOCUMENTED);
  });

  for (const variant of VARIANTS) {
    const v = DOCUMENTED[variant];
    it(`${variant}: the spinner, the scoring during play and the drawing happen exactly as its rules say`, () => {
      const hands = playedHands(variant);
      expect(hands.length).toBeGreaterThan(20);
      expect(hands.some((h) => h.spinner)).toBe(v.spinner);
      expect(hands.some((h) => h.scoredPlay)).toBe(v.countScoring !== 'none');
      expect(hands.some((h) => h.drew)).toBe(v.draws);
    });
  }

  it("knows each preset's variant before any option is set, as the lobby asks it", () => {
    for (const preset of PRESETS) {
      const rules = resolveRules({ preset, players: 4 });
      if (!rules.ok) throw new Error(rules.error.message);
      expect(presetVariant(preset)).toBe(rules.value.variant);
    }
    expect(PRESETS.filter((p) => presetVariant(p) !== 'allFives')).toEqual(['block', 'draw', 'fivesAndThrees', 'latin', 'cuban']);
  });

  it('refuses the options a variant has no use for', () => {
    for (const variant of VARIANTS) {
      const v = DOCUMENTED[variant];
      const players = PLAYERS(variant)[0] ?? 4;
      const muggins = resolveRules({ preset: PRESET[variant], players, muggins: true });
      expect(muggins.ok).toBe(v.countScoring === 'fives');
      const opens = resolveRules({ preset: PRESET[variant], players, spinnerOpens: 'immediately' });
      expect(opens.ok).toBe(v.spinner);
      const blocked = resolveRules({ preset: PRESET[variant], players, blockedScoring: 'others' });
      expect(blocked.ok).toBe(v.handEnd === 'othersPips');
      const bonuses = resolveRules({ preset: PRESET[variant], players, bonuses: true });
      expect(bonuses.ok).toBe(v.bonuses);
    }
  });
});
