import { type Rules, resolveRules } from '@fives/engine';
import { render } from 'svelte/server';
import { afterEach, describe, expect, it } from 'vitest';
import ScoreTrack from '../src/components/ScoreTrack.svelte';
import { locale, useLanguage } from '../src/i18n/i18n.svelte.ts';
import { holeX, pegHole, showsTrack } from '../src/lib/track.ts';

afterEach(() => {
  locale.current = 'en';
});

function rules(input: Parameters<typeof resolveRules>[0]): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("the score sheet's cribbage track", () => {
  it('is shown for Fives-and-Threes only, and not for a game too long to peg', () => {
    expect(showsTrack(rules({ preset: 'fivesAndThrees', players: 2 }))).toBe(true);
    expect(showsTrack(rules({ preset: 'fivesAndThrees', players: 2, target: 500 }))).toBe(false);
    for (const preset of ['allFives', 'cribbage', 'block'] as const) expect(showsTrack(rules({ preset, players: 3 }))).toBe(false);
  });

  it('has a hole a point from the start to the finish, in fives, and a peg per side at its score', () => {
    const f3 = rules({ preset: 'fivesAndThrees', players: 2 });
    const { body } = render(ScoreTrack, { props: { rules: f3, scores: [16, 70], names: ['Ada', 'Bob'] } });
    // 62 holes a street (the start and 61 points), two streets, and two pegs.
    expect(body.match(/class="hole/g)).toHaveLength(2 * 62);
    expect(body).toContain('aria-label="Playing to 61: Ada 16, Bob 70"');
    expect(body).toContain(`cx="${holeX(16)}" cy="0" r="3.4"`);
    expect(body).toContain(`cx="${holeX(61)}" cy="0" r="3.4"`);
    expect(pegHole(70, 61)).toBe(61);
    // Each five is set apart from the next by a wider gap.
    expect(holeX(6) - holeX(5)).toBeGreaterThan(holeX(5) - holeX(4));
  });

  it('says it in Spanish too', async () => {
    await useLanguage('es');
    const { body } = render(ScoreTrack, { props: { rules: rules({ preset: 'fivesAndThrees', players: 2 }), scores: [3, 8], names: ['Ada', 'Bob'] } });
    expect(body).toMatch(/aria-label="[^"]*61: Ada 3, Bob 8"/);
    expect(body).not.toContain('Playing');
  });
});
