/**
 * A name's skeleton: two kept names with the same skeleton look the same to a reader, so only one
 * account may keep it. After Unicode TR39's skeleton (§4), with a small table instead of the whole
 * of confusables.txt — no npm package carries TR39's data and a skeleton function both, and a
 * name is at most 24 characters of what people type:
 *
 * 1. NFKC, so compatibility forms (full-width letters, ligatures, super- and subscripts,
 *    mathematical letters) become the letters they show;
 * 2. the confusables below, of both cases: the Cyrillic and Greek letters that are drawn as Latin
 *    ones, and the digits and signs drawn as letters (0 → o, 1 | I → l), as TR39 maps them;
 * 3. combining marks dropped (decomposed first), so "Zoë" and "Zoe" are one name: stricter than
 *    TR39, which keeps them apart — two names a glance cannot tell apart is what is refused;
 * 4. case folded (toLowerCase, ß → ss, final ς → σ), then the letter pairs that read as one
 *    letter (rn → m, vv → w, cl → d), and runs of spaces made one.
 */
export function skeleton(name: string): string {
  let s = name.normalize('NFKC');
  s = s.replace(/./gsu, (c) => CONFUSABLES.get(c) ?? c);
  s = s.normalize('NFD').replace(/\p{M}+/gu, '');
  s = s.toLowerCase().replaceAll('ß', 'ss').replaceAll('ς', 'σ');
  // The table again: lower-casing makes a few more of its letters (Σ → σ is not one, İ → i̇ is).
  s = s.replace(/./gsu, (c) => CONFUSABLES.get(c) ?? c);
  s = s.replaceAll('rn', 'm').replaceAll('vv', 'w').replaceAll('cl', 'd');
  return s.replace(/\s+/gu, ' ').trim();
}

/** What each confusable character is taken for (its Latin look-alike, lower case where the case does not tell). */
const CONFUSABLES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Cyrillic capitals and small letters drawn as Latin ones
    А: 'a',
    В: 'b',
    С: 'c',
    Е: 'e',
    Н: 'h',
    І: 'l',
    Ј: 'j',
    К: 'k',
    М: 'm',
    О: 'o',
    Р: 'p',
    Ѕ: 's',
    Т: 't',
    Х: 'x',
    У: 'y',
    Ү: 'y',
    Ԁ: 'd',
    Ԛ: 'q',
    Ԝ: 'w',
    Ӏ: 'l',
    а: 'a',
    с: 'c',
    е: 'e',
    һ: 'h',
    і: 'i',
    ј: 'j',
    о: 'o',
    р: 'p',
    ѕ: 's',
    х: 'x',
    у: 'y',
    ү: 'y',
    ԁ: 'd',
    ԛ: 'q',
    ԝ: 'w',
    ӏ: 'l',
    ɡ: 'g',
    ь: 'b',
    // Greek
    Α: 'a',
    Β: 'b',
    Ε: 'e',
    Ζ: 'z',
    Η: 'h',
    Ι: 'l',
    Κ: 'k',
    Μ: 'm',
    Ν: 'n',
    Ο: 'o',
    Ρ: 'p',
    Τ: 't',
    Υ: 'y',
    Χ: 'x',
    α: 'a',
    ι: 'i',
    κ: 'k',
    ν: 'v',
    ο: 'o',
    ρ: 'p',
    υ: 'u',
    χ: 'x',
    γ: 'y',
    // Latin letters, digits and signs that read as other letters
    I: 'l',
    '1': 'l',
    '|': 'l',
    ǀ: 'l',
    ı: 'i',
    '0': 'o',
  }),
);
