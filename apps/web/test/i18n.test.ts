import { afterEach, describe, expect, it } from 'vitest';
import { type English, en } from '../src/i18n/en.ts';
import { es } from '../src/i18n/es.ts';
import { fr } from '../src/i18n/fr.ts';
import { pt } from '../src/i18n/pt.ts';
import { LANGUAGES, formatNumber, locale, useLanguage, pickLanguage, t, tParts } from '../src/i18n/i18n.svelte.ts';
import type { Message, Translation } from '../src/i18n/types.ts';
import { describeEvent } from '../src/lib/announce.ts';
import { tileLabel } from '../src/lib/names.ts';
import { resolveRules } from '@fives/engine';

const CATALOGUES: Record<string, Readonly<Record<string, Message>>> = { en, es, pt, fr };

/** Names, the same in every language: the game is called All Fives in Spanish too. */
const PROPER_NAMES = new Set(['lobby.title', 'preset.allFives.name']);

function placeholders(m: Message): string[] {
  const texts: string[] = typeof m === 'string' ? [m] : [m.zero, m.one, m.two, m.few, m.many, m.other].filter((x): x is string => x !== undefined);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1] ?? '')))].sort();
}

afterEach(() => {
  locale.current = 'en';
});

describe('the catalogues', () => {
  it('have the same keys in every language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    for (const catalogue of Object.values(CATALOGUES)) expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en))('%s: every language fills the same placeholders, and plural messages have an "other" form', (key) => {
    const source = en[key as keyof English];
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      const m = catalogue[key];
      expect(m, `${lang} has ${key}`).toBeDefined();
      if (m === undefined) continue;
      expect(typeof m, `${lang}: ${key} is plural in both or in neither`).toBe(typeof source);
      if (typeof m !== 'string') expect(m.other, `${lang}: ${key}.other`).toBeTruthy();
      // A plural message may leave {count} out of a form ("the hand" for one).
      const want = placeholders(source).filter((p) => typeof source === 'string' || p !== 'count');
      expect(
        placeholders(m).filter((p) => typeof source === 'string' || p !== 'count'),
        `${lang}: ${key}`,
      ).toEqual(want);
      if (lang !== 'en' && !PROPER_NAMES.has(key) && typeof m === 'string' && /\p{L}{3,}\s\p{L}{3,}/u.test(m)) expect(m, `${key} is translated`).not.toBe(source);
    }
  });

  it('does not type-check with a key missing or one too many', () => {
    const { 'app.title': _dropped, ...rest } = es;
    // @ts-expect-error a catalogue without 'app.title' is not a translation
    const missing: Translation<English> = rest;
    // @ts-expect-error a key English does not have
    const extra: Translation<English> = { ...es, 'app.nonsense': 'x' };
    // @ts-expect-error a plural message given as a plain string
    const flat: Translation<English> = { ...es, 'common.seconds': 'segundos' };
    expect([missing, extra, flat].length).toBe(3);
  });
});

describe('t', () => {
  it('fills placeholders and picks plural forms by the language’s rules', async () => {
    expect(t('common.seconds', { count: 1 })).toBe('1 second');
    expect(t('common.seconds', { count: 15 })).toBe('15 seconds');
    expect(t('sheet.won', { name: 'Ada' })).toBe('Ada won');
    await useLanguage('es');
    expect(t('common.seconds', { count: 1 })).toBe('1 segundo');
    expect(t('common.seconds', { count: 0 })).toBe('0 segundos');
    expect(t('sheet.won', { name: 'Ada' })).toBe('Ganó Ada');
  });

  it('writes numbers the language’s way', async () => {
    expect(formatNumber(12345.5)).toBe('12,345.5');
    await useLanguage('es');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(t('common.seat', { n: 12345 })).toBe('Asiento 12.345');
  });

  it('splits a message at its placeholders for markup of its own', () => {
    expect(tParts('how.3')[1]).toEqual({ slot: 'spinner' });
    expect(tParts('how.3')[0]).toEqual({ text: 'The first double is the ' });
  });

  it('says the table in Spanish: tiles, ends, events', async () => {
    const rules = resolveRules({ players: 3 });
    if (!rules.ok) throw new Error('rules');
    await useLanguage('es');
    expect(tileLabel('6-6')).toBe('doble seis');
    expect(tileLabel('0-4')).toBe('blanca–cuatro');
    expect(describeEvent({ type: 'play', seat: 1, tile: '5-5', end: null, count: 10, scored: 10 }, rules.value, ['Rosa', 'Ada', 'Basil'], 0)).toBe(
      'Ada jugó doble cinco de salida. Cuenta 10. Ada suma 10 puntos.',
    );
    expect(describeEvent({ type: 'draw', seat: 0 }, rules.value, ['Rosa', 'Ada', 'Basil'], 0)).toBe('Robaste una ficha.');
  });
});

describe('the language of a new visitor', () => {
  it('is the first of the browser’s languages the client speaks', () => {
    expect(pickLanguage(['es-ES', 'en'])).toBe('es');
    expect(pickLanguage(['de-DE', 'es-MX'])).toBe('es');
    expect(pickLanguage(['en-GB', 'es'])).toBe('en');
    expect(pickLanguage(['de'])).toBe('en');
    expect(pickLanguage(['pt-BR', 'en'])).toBe('pt');
    expect(pickLanguage(['pt-PT'])).toBe('pt');
    expect(pickLanguage(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(pickLanguage(['fr'])).toBe('fr');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('wording a newcomer reads right (issue 31)', () => {
  it.each(['en', 'es'] as const)('%s: says where nothing is: the layout puts the rules above on a phone and to the left on a desktop', (language) => {
    locale.current = language;
    for (const key of ['friends.intro', 'invite.pick'] as const) expect(t(key), key).not.toMatch(/\b(above|below|left|right|arriba|abajo|izquierda|derecha)\b/i);
  });

  it('the invitation to sit says nothing of watching a full table (that is its own message)', () => {
    expect(t('invite.pick')).not.toMatch(/taken|full/i);
    expect(t('invite.full')).toMatch(/watch/);
  });

  it.each(['en', 'es'] as const)('%s: the fewest-pips award reads as points scored, not as pips held', (language) => {
    locale.current = language;
    const fewest = t('handEnd.fewest', { side: 'Ada', points: '35' });
    const left = t('handEnd.pipsLeft', { side: 'Ada', points: '35' });
    // Not "… pips: 35", which reads as 35 pips: the number follows a word for scoring.
    for (const line of [fewest, left]) {
      expect(line).not.toMatch(/:\s*35/);
      expect(line).toMatch(language === 'en' ? /scores 35/ : /se anota 35/);
    }
  });
});

/**
 * Messages the same in Portuguese or French as in English because the words are: names, emoji,
 * a code, punctuation around placeholders, and words both languages spell alike.
 */
const SAME_AS_ENGLISH: Readonly<Record<'pt' | 'fr', ReadonlySet<string>>> = {
  pt: new Set([
    ...['lobby.title', 'preset.allFives.name', 'preset.muggins.name', 'rules.muggins', 'common.bot', 'code.placeholder', 'tile.pair', 'archive.gamesWins'],
    ...['react.thumbsUp', 'react.laugh', 'react.wow', 'react.clap', 'reactions.said', 'handEnd.total', 'sheet.total', 'archive.depth.normal', 'link.online'],
    ...['tournaments.difference', 'tournaments.replay'],
  ]),
  fr: new Set([
    ...['lobby.title', 'preset.allFives.name', 'preset.muggins.name', 'rules.muggins', 'common.bot', 'code.placeholder', 'tile.pair', 'archive.gamesWins'],
    ...['react.thumbsUp', 'react.laugh', 'react.wow', 'react.clap', 'handEnd.total', 'sheet.total', 'level.expert', 'settings.animations'],
    ...['archive.pointsCol', 'archive.scores', 'seat.points', 'unit.points', 'pip.6', 'tile.double', 'seat.botShort'],
    ...['tournaments.difference', 'tournaments.format', 'tournaments.minutes', 'tournaments.points'],
  ]),
};

function forms(m: Message): string[] {
  return typeof m === 'string' ? [m] : [m.zero, m.one, m.two, m.few, m.many, m.other].filter((x): x is string => x !== undefined);
}

describe('Portuguese (Brazil) and French', () => {
  it.each(['pt', 'fr'] as const)('%s: no message is left in English but those whose words are the same', (lang) => {
    const catalogue = CATALOGUES[lang] ?? {};
    const same = Object.keys(en).filter((key) => JSON.stringify(catalogue[key]) === JSON.stringify(en[key as keyof English]));
    expect(same.sort()).toEqual([...SAME_AS_ENGLISH[lang]].sort());
  });

  it.each(['pt', 'fr'] as const)('%s: 0 and 1 both take the "one" form, so every "one" form says its count', (lang) => {
    const rules = new Intl.PluralRules(lang === 'pt' ? 'pt-BR' : 'fr');
    expect([rules.select(0), rules.select(1), rules.select(2)]).toEqual(['one', 'one', 'other']);
    for (const [key, m] of Object.entries(CATALOGUES[lang] ?? {})) {
      if (typeof m === 'string' || !forms(en[key as keyof English]).some((text) => text.includes('{count}'))) continue;
      expect(m.one, `${lang}: ${key}`).toContain('{count}');
    }
  });

  it('speaks them at the table: plurals by their rules, numbers their way, the table’s own words', async () => {
    const rules = resolveRules({ players: 3 });
    if (!rules.ok) throw new Error('rules');
    const names = ['Rosa', 'Ada', 'Basil'];
    await useLanguage('fr');
    expect([t('seat.tiles', { count: 0 }), t('seat.tiles', { count: 1 }), t('seat.tiles', { count: 2 })]).toEqual(['0 domino', '1 domino', '2 dominos']);
    expect(formatNumber(12345.5)).toBe('12\u202f345,5');
    expect(tileLabel('6-6')).toBe('double six');
    expect(t('table.pass')).toBe('Bouder');
    expect(describeEvent({ type: 'pass', seat: 1 }, rules.value, names, 0)).toBe('Ada a boudé.');
    expect(t('boneyard.label', { count: 3 })).toBe('Pioche\u00a0: 3 dominos');
    await useLanguage('pt');
    expect([t('seat.tiles', { count: 0 }), t('seat.tiles', { count: 1 }), t('seat.tiles', { count: 2 })]).toEqual(['0 pedra', '1 pedra', '2 pedras']);
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(tileLabel('6-6')).toBe('carroça de seis');
    expect(describeEvent({ type: 'draw', seat: 1 }, rules.value, names, 0)).toBe('Ada comprou uma pedra.');
    expect(t('boneyard.label', { count: 3 })).toBe('Monte: 3 pedras');
    expect(t('handEnd.out', { name: 'Ada' })).toBe('Ada bateu');
  });
});
