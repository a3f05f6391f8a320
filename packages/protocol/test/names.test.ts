import { describe, expect, it } from 'vitest';
import { NameSchema } from '../src/ids.ts';

function refused(name: string): string {
  const r = NameSchema.safeParse(name);
  expect(r.success, JSON.stringify(name)).toBe(false);
  return r.error?.issues[0]?.message ?? '';
}

describe('display names', () => {
  it('keeps ordinary names, trimmed and in NFC', () => {
    expect(NameSchema.parse('  Ada ')).toBe('Ada');
    expect(NameSchema.parse('Zoë')).toBe('Zoë');
    // "e" + combining acute (NFD) is stored as the one character é (NFC).
    expect(NameSchema.parse('Rene\u0301')).toBe('Ren\u00e9');
    expect(NameSchema.parse('李小龍')).toBe('李小龍');
    expect(NameSchema.parse('Ada 🂡')).toBe('Ada 🂡');
    expect(NameSchema.parse('محمد')).toBe('محمد');
  });

  it('refuses C0 and C1 controls', () => {
    expect(refused('Ada\u0007')).toMatch(/control/);
    for (const c of ['\u0080', '\u0085', '\u009b', '\u009f']) expect(refused(`Ada${c}Bob`)).toMatch(/control/);
  });

  it('refuses bidirectional overrides, embeddings and isolates', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(refused(`Ada${c}nib.exe`)).toMatch(/bidirectional/);
    }
  });

  it('refuses names of invisible characters only', () => {
    for (const name of ['\u200b', '\u200b\u200d\u2060', '\u3164', '\u2800\u2800', '\u00ad', '\ufe0f', '\u0301\u0301', '\u034f']) {
      expect(refused(name)).toMatch(/visible/);
    }
    // Invisible characters beside a visible one are not the whole name.
    expect(NameSchema.parse('A\u200db')).toBe('A\u200db');
  });

  it('refuses lone surrogates', () => {
    expect(refused('Ada\ud83c')).toMatch(/surrogate/);
    expect(refused('\udca1Ada')).toMatch(/surrogate/);
  });

  it('counts the length after normalising', () => {
    expect(NameSchema.parse('e\u0301'.repeat(24))).toHaveLength(24);
    expect(refused('x'.repeat(25))).toMatch(/24/);
  });
});
