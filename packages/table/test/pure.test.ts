import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The machine is pure so that any runner can run it (the server around Redis, a browser around a
 * local transport): it imports only the rules, the protocol's types and zod, and it reads no
 * clock and draws no random number of its own (time and seeds are its arguments).
 */
const dir = new URL('../src/', import.meta.url);
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(new URL(f, dir), 'utf8') }));

describe('the table machine', () => {
  it('imports only the engine, the protocol, zod and itself', () => {
    expect(sources.length).toBeGreaterThan(10);
    const imports = sources.flatMap(({ file, text }) => [...text.matchAll(/from '([^']+)'/g)].map((m) => ({ file, from: m[1] ?? '' })));
    expect(imports.filter((i) => !/^(\.\/|@fives\/engine$|@fives\/protocol$|zod$)/.test(i.from))).toEqual([]);
  });

  it('reads no clock and draws no randomness of its own', () => {
    const found = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/Date\.now\(|new Date\(\)|Math\.random|performance\.now|setTimeout|setInterval|crypto\./g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
