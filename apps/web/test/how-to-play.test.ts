import { render } from 'svelte/server';
import { afterEach, describe, expect, it } from 'vitest';
import { locale, useLanguage } from '../src/i18n/i18n.svelte.ts';
import HowToPlay from '../src/lobby/HowToPlay.svelte';
import { PRESETS, type Preset } from '@fives/engine';

afterEach(() => {
  locale.current = 'en';
});

/** The card's text as a person reads it (tags and the spaces between them gone). */
function card(preset: Preset): string {
  const { body } = render(HowToPlay, { props: { preset } });
  return body
    .replace(/<!--[^]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('how to play', () => {
  it("explains the chosen preset's game: Fives-and-Threes' count and the go, All Fives' spinner", () => {
    const threes = card('fivesAndThrees');
    expect(threes).toContain('15 scores 3 + 5 = 8');
    expect(threes).toContain('First to 61 wins.');
    expect(threes).not.toContain('spinner, in the brass ring');
    const fives = card('allFives');
    expect(fives).toContain('A multiple of five scores');
    expect(fives).toContain('spinner');
    expect(fives).not.toContain('15 scores 3 + 5 = 8');
  });

  it("explains the Latin game: the pairs, the double six's lead, every pip left to the winners", () => {
    const latin = card('latin');
    expect(latin).toContain('two pairs, seven tiles each');
    expect(latin).toContain('The double six leads the first hand');
    expect(latin).toContain('every pip left in all four hands');
    expect(latin).not.toContain('spinner, in the brass ring');
    expect(latin).not.toContain('15 scores 3 + 5 = 8');
  });

  it('explains the Cuban game: the double-nine set, ten each and fifteen face down, the highest double dealt leading', () => {
    const cuban = card('cuban');
    expect(cuban).toContain('ten tiles each, fifteen left face down');
    expect(cuban).toContain('The highest double dealt leads the first hand');
    expect(cuban).toContain('every pip left in all four hands');
    expect(cuban).not.toContain('seven tiles each');
  });

  it('says it in Spanish too', async () => {
    await useLanguage('es');
    expect(card('latin')).toContain('Sale el doble seis en la primera mano');
    expect(card('latin')).toContain('todos los tantos que quedan en las cuatro manos');
    expect(card('fivesAndThrees')).toContain('15 suma 3 + 5 = 8');
    expect(card('fivesAndThrees')).toContain('Gana quien llega antes a 61.');
  });

  it.each(['es', 'pt', 'fr'] as const)('%s: every preset’s card is in the language, not a line left in English', async (lang) => {
    const english = new Map(PRESETS.map((p) => [p, card(p)]));
    await useLanguage(lang);
    for (const preset of PRESETS) {
      const text = card(preset);
      const lines = (english.get(preset) ?? '').split(/(?<=\.) /).filter((line) => /\p{L}{3,} \p{L}{3,}/u.test(line));
      expect(lines.length, preset).toBeGreaterThan(2);
      for (const line of lines) expect(text, `${lang} ${preset}`).not.toContain(line.trim());
    }
  });

  it('says it in Portuguese and French with their tables’ words', async () => {
    await useLanguage('pt');
    expect(card('allFives')).toContain('compre do monte');
    expect(card('allFives')).toContain('Quem bater primeiro');
    expect(card('fivesAndThrees')).toContain('15 marca 3 + 5 = 8');
    await useLanguage('fr');
    expect(card('allFives')).toContain('piochez');
    expect(card('fivesAndThrees')).toContain('on boude');
    expect(card('fivesAndThrees')).toContain('15 marque 3 + 5 = 8');
  });
});
