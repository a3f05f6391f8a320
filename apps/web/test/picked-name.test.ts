import { BOT_NAMES, NameSchema } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { localhostInstead } from '../src/account/host-name.ts';
import { pickName } from '../src/lobby/picked-name.ts';

/** A seeded generator (mulberry32): the same names every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("a newcomer's picked name", () => {
  it('is a valid name, never a computer player’s, and varies', () => {
    const random = seeded(31);
    const names = new Set(Array.from({ length: 200 }, () => pickName(random)));
    for (const name of names) {
      expect(NameSchema.safeParse(name).success, name).toBe(true);
      expect(name).toMatch(/^[A-Z][a-z]+ [1-9]\d{2}$/);
      expect(BOT_NAMES.some((b) => name.startsWith(`${b} `))).toBe(false);
    }
    expect(names.size).toBeGreaterThan(150);
    expect(pickName(() => 0)).toBe('Panda 100');
    expect(pickName(() => 0.999999)).toBe('Coyote 999');
  });
});

describe('where passkeys work instead', () => {
  it('is the same page at localhost for a loopback address, and nothing elsewhere', () => {
    expect(localhostInstead('http://127.0.0.1:3000/')).toBe('http://localhost:3000/');
    expect(localhostInstead('http://127.0.0.1:3000/t/abc?x=1')).toBe('http://localhost:3000/t/abc?x=1');
    expect(localhostInstead('http://[::1]:3000/')).toBe('http://localhost:3000/');
    expect(localhostInstead('http://localhost:3000/')).toBeNull();
    expect(localhostInstead('https://fives.example/')).toBeNull();
    expect(localhostInstead('http://192.168.1.20:3000/')).toBeNull();
  });
});
