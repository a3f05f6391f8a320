import { type English, type MessageKey, en } from './en.ts';
import type { Message, ParamsOf, PluralMessage, Translation } from './types.ts';

/**
 * The client's language and its words. `t(key, params)` reads the chosen language's catalogue,
 * so a component that calls it in its markup updates when the player switches language.
 */
export const LANGUAGES = ['en', 'es', 'pt', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', pt: 'Português (Brasil)', fr: 'Français' };

/**
 * Each language's tag, for `<html lang>`, the switch's options and Intl (plurals, numbers, dates):
 * the Portuguese is Brazil's, and says so, while a Portuguese browser from anywhere picks it.
 */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en', es: 'es', pt: 'pt-BR', fr: 'fr' };

/**
 * The catalogues here so far. English comes with the first page; another language is fetched when
 * chosen (each is ~35 kB of text, ~11 kB gzipped: the first page carries one, not all), and shows once it is here.
 */
const catalogues: Partial<Record<Language, Translation<English>>> = { en };
const LOADERS: Record<Language, () => Promise<Translation<English>>> = {
  en: () => Promise.resolve(en),
  es: async () => (await import('./es.ts')).es,
  pt: async () => (await import('./pt.ts')).pt,
  fr: async () => (await import('./fr.ts')).fr,
};
const KEY = 'fives.lang';

/** The first of the browser's languages the client speaks (`es-MX` is Spanish, `pt-PT` and `pt-BR` Portuguese, `fr-CA` French), else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found !== undefined) return found;
  }
  return 'en';
}

function stored(): Language | null {
  try {
    const raw = globalThis.localStorage.getItem(KEY);
    return LANGUAGES.find((l) => l === raw) ?? null;
  } catch {
    return null;
  }
}

function initial(): Language {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return stored() ?? pickLanguage(nav?.languages ?? (nav?.language ? [nav.language] : []));
}

class Locale {
  /** The language the client speaks now: the chosen one once its catalogue is here (`useLanguage`). */
  current = $state<Language>('en');

  /** The language's tag, for Intl and `<html lang>` ('pt-BR' for `pt`). */
  get tag(): string {
    return LANGUAGE_TAGS[this.current];
  }
  #plural: { lang: Language; rules: Intl.PluralRules } | null = null;
  #number: { lang: Language; format: Intl.NumberFormat } | null = null;

  plural(n: number): Intl.LDMLPluralRule {
    if (this.#plural?.lang !== this.current) this.#plural = { lang: this.current, rules: new Intl.PluralRules(this.tag) };
    return this.#plural.rules.select(n);
  }

  number(n: number): string {
    if (this.#number?.lang !== this.current) this.#number = { lang: this.current, format: new Intl.NumberFormat(this.tag) };
    return this.#number.format.format(n);
  }
}

export const locale = new Locale();

/** Speaks `lang` once its catalogue is fetched (at once for English or one fetched before). */
export async function useLanguage(lang: Language): Promise<void> {
  catalogues[lang] ??= await LOADERS[lang]();
  locale.current = lang;
}

/** Switches the language and keeps the choice in this browser (App.svelte sets `<html lang>` from it). */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    globalThis.localStorage.setItem(KEY, lang);
  } catch {
    // Kept for this visit only.
  }
  await useLanguage(lang);
}

// The browser's (or the kept) language, as soon as its words arrive; English until then, and if
// they cannot be fetched (offline before the service worker has them).
const chosen = initial();
if (chosen !== 'en') useLanguage(chosen).catch(() => undefined);

type Args<K extends MessageKey> = keyof ParamsOf<English[K]> extends never ? [] : [ParamsOf<English[K]>];

/** The messages that take no parameters. */
export type PlainKey = { [K in MessageKey]: Args<K> extends [] ? K : never }[MessageKey];

/** The message `key` in the player's language, its `{placeholders}` filled; numbers are written the language's way. */
export function t<K extends MessageKey>(key: K, ...args: Args<K>): string {
  const params: Readonly<Record<string, string | number>> = args[0] ?? {};
  return fill(choose(words()[key], params), params);
}

/**
 * The message split at its placeholders, for markup that puts something of its own there (a
 * `<kbd>`, a `<strong>`): text pieces, and `{ slot }` where a placeholder stood.
 */
export function tParts(key: MessageKey): ({ text: string; slot?: never } | { slot: string; text?: never })[] {
  const message = choose(words()[key], {});
  return message
    .split(/(\{\w+\})/)
    .filter((piece) => piece !== '')
    .map((piece) => (/^\{\w+\}$/.test(piece) ? { slot: piece.slice(1, -1) } : { text: piece }));
}

function words(): Translation<English> {
  return catalogues[locale.current] ?? en;
}

/** A number as the player's language writes it. */
export function formatNumber(n: number): string {
  return locale.number(n);
}

function choose(message: Message, params: Readonly<Record<string, string | number>>): string {
  if (typeof message === 'string') return message;
  const count = Number(params.count ?? 0);
  const form: keyof PluralMessage = locale.plural(count);
  return message[form] ?? message.other;
}

function fill(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? locale.number(value) : value;
  });
}
