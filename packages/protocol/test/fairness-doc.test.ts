import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_TILES, type Rules, boundedInt, dealFromSeed, formatTile, highestDoubleLead, resolveRules, seededRandom } from '@fives/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../src/fairness.ts';
import { TILES, dealFromTheDoc, draw, generator, highestTile, seedWords } from './support/deal-from-the-doc.ts';

/**
 * docs/fairness.md promises that a deal can be remade from the revealed seed with that page
 * alone. These tests read the page's algorithm and worked example out of the page itself and
 * check them against the engine's code, so the page cannot drift from what the server deals.
 */

const page = readFileSync(fileURLToPath(new URL('../../../docs/fairness.md', import.meta.url)), 'utf8');
const engineRandom = readFileSync(fileURLToPath(new URL('../../engine/src/random.ts', import.meta.url)), 'utf8');

/** The fenced block after `<!-- fairness-doc:NAME -->`, without its indentation. */
function block(name: string): string {
  const at = page.indexOf(`<!-- fairness-doc:${name} -->`);
  if (at < 0) throw new Error(`docs/fairness.md has no block marked fairness-doc:${name}`);
  const open = /```text\n([\s\S]*?)\n\s*```/.exec(page.slice(at));
  if (open === null) throw new Error(`no fenced block after fairness-doc:${name}`);
  return (open[1] as string)
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

function field(text: string, key: string): string {
  const m = new RegExp(`^${key} +(.+)$`, 'm').exec(text);
  if (m === null) throw new Error(`the worked example has no "${key}" line`);
  return m[1] as string;
}

/** The source text from `from` up to `to`. */
function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start);
  if (start < 0 || end < 0) throw new Error(`packages/engine/src/random.ts no longer has ${from} … ${to}: update docs/fairness.md and this test`);
  return text.slice(start, end);
}

const bigNumbers = (text: string): number[] => [...text.matchAll(/\b\d{6,}\b/g)].map((m) => Number(m[0]));
/** Every shift but the `>>> 0` that only makes a word unsigned in JavaScript. */
const shifts = (text: string): string[] => [...text.matchAll(/(>>>|<<) (\d+)/g)].map((m) => `${m[1]} ${m[2]}`).filter((s) => s !== '>>> 0');

function rules(input: unknown): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const example = block('example');
const seed = field(example, 'seed');
const exampleRules = rules(JSON.parse(field(example, 'rules')));
const tiles = (text: string): string[] => text.trim().split(/\s+/);
const shuffleLines = [...example.matchAll(/^i=(\d+) +output ([0-9a-f]{8}) = +(\d+) +mod +(\d+) = +(\d+) +swap +(\d+) and (\d+)$/gm)].map((m) => {
  const [i, hex, decimal, bound, j, left, right] = m.slice(1) as [string, string, string, string, string, string, string];
  return { i: Number(i), hex, output: Number(decimal), bound: Number(bound), j: Number(j), swap: [Number(left), Number(right)] };
});
const leaderLine = /^leader +output ([0-9a-f]{8}) = +(\d+) +mod +(\d+) = (\d+)$/m.exec(example);

describe('docs/fairness.md, the algorithm', () => {
  it('gives cyrb128 the engine’s constants and shifts, in the engine’s order', () => {
    const source = between(engineRandom, 'function cyrb128', 'export class Sfc32');
    const doc = block('algorithm');
    expect(bigNumbers(doc)).toEqual(bigNumbers(source));
    expect(bigNumbers(doc)).toHaveLength(12);
    expect(shifts(doc)).toEqual(shifts(source));
  });

  it('gives sfc32 the engine’s shifts and rotation, in the engine’s order', () => {
    const source = between(engineRandom, 'next32(): number {', 'return t >>> 0');
    expect(shifts(block('generator'))).toEqual(shifts(source));
    expect(shifts(source)).toHaveLength(4);
  });

  it('numbers the tiles as the engine does (0-0, 0-1, … 6-6)', () => {
    expect(TILES).toEqual(ALL_TILES.map(formatTile));
    expect(page).toContain('0-0, 0-1, 0-2, 0-3, 0-4, 0-5, 0-6, 1-1, 1-2, …, 1-6, 2-2, …, 5-5, 5-6, 6-6');
  });

  it('redraws exactly the outputs at or above the limit it states', () => {
    const limit = Number(field(example, 'limit for 28'));
    expect(limit).toBe(2 ** 32 - (2 ** 32 % 28));
    for (const bounded of [(next: () => number) => boundedInt(next, 28), (next: () => number) => draw(next, 28)]) {
      const outputs = [limit, 2 ** 32 - 1, limit - 1];
      let taken = 0;
      expect(bounded(() => outputs[taken++] as number)).toBe((limit - 1) % 28);
      expect(taken).toBe(3);
    }
  });
});

describe('docs/fairness.md, the worked example', () => {
  it('has a line for every draw of the shuffle, from i = 27 down to 1, and the leader’s', () => {
    expect(shuffleLines.map((l) => l.i)).toEqual(Array.from({ length: 27 }, (_, k) => 27 - k));
    expect(leaderLine).not.toBeNull();
    for (const l of shuffleLines) {
      expect(l.bound, `i=${l.i}`).toBe(l.i + 1);
      expect(Number.parseInt(l.hex, 16), `i=${l.i}`).toBe(l.output);
      expect(l.output % l.bound, `i=${l.i}`).toBe(l.j);
      expect(l.swap, `i=${l.i}`).toEqual([l.i, l.j]);
    }
  });

  it('states the seed’s commitment (SHA-256 of its text, lowercase hex)', () => {
    const commitment = field(example, 'commitment');
    expect(commitment).toBe(commitmentOf(seed));
    expect(commitment).toBe(createHash('sha256').update(seed, 'ascii').digest('hex'));
  });

  it('shows the outputs the engine’s generator gives after its discarded ones, and the draws they make', () => {
    // A draw in [0, 2^32) never redraws, so it is the raw output: the engine's stream, after its own discards.
    const raw = seededRandom(seed);
    const outputs = [...shuffleLines.map((l) => l.output), Number(leaderLine?.[2])];
    expect(outputs.map(() => raw.int(2 ** 32))).toEqual(outputs);
    const random = seededRandom(seed);
    expect(shuffleLines.map((l) => random.int(l.bound))).toEqual(shuffleLines.map((l) => l.j));
    expect(random.int(exampleRules.players)).toBe(Number(leaderLine?.[4]));
    expect(Number(leaderLine?.[3])).toBe(exampleRules.players);
  });

  it('shows the seeding words and discarded outputs that lead to those outputs (the page’s own recipe)', () => {
    const words = field(example, 'cyrb128').split(' ');
    expect(seedWords(seed).map((w) => w.toString(16).padStart(8, '0'))).toEqual(words);
    const discarded = [...between(example, 'discarded', 'i=27').matchAll(/\b[0-9a-f]{8}\b/g)].map((m) => m[0]);
    expect(discarded).toHaveLength(15);
    const next = generator(words.map((w) => Number.parseInt(w, 16)));
    expect(discarded.map(() => next().toString(16).padStart(8, '0'))).toEqual(discarded);
    expect(shuffleLines.map(() => next())).toEqual(shuffleLines.map((l) => l.output));
  });

  it('shows the deal, the random leader and the highest tile that dealFromSeed makes', () => {
    const { deal, randomLeader } = dealFromSeed(exampleRules, seed);
    const hands = deal.hands.map((h) => h.map(formatTile));
    const boneyard = deal.boneyard.map(formatTile);
    expect(tiles(field(example, 'shuffled'))).toEqual([...hands.flat(), ...boneyard]);
    hands.forEach((hand, s) => expect(tiles(field(example, `seat ${s}`)), `seat ${s}`).toEqual(hand));
    expect(example).not.toMatch(new RegExp(`^seat ${exampleRules.players} `, 'm'));
    expect(tiles(field(example, 'boneyard'))).toEqual(boneyard);
    expect(Number(field(example, 'random leader'))).toBe(randomLeader);
    const lead = highestDoubleLead(deal);
    expect(field(example, 'highest tile')).toBe(`seat ${lead.seat}, ${formatTile(lead.tile)}`);
  });

  it('is what the listed swaps make of the tiles in order', () => {
    const order = TILES.slice();
    for (const { swap } of shuffleLines) {
      const [i, j] = swap as [number, number];
      [order[i], order[j]] = [order[j] as string, order[i] as string];
    }
    expect(order).toEqual(tiles(field(example, 'shuffled')));
  });
});

describe('a re-implementation written from docs/fairness.md alone', () => {
  it('remakes the worked example', () => {
    const made = dealFromTheDoc(seed, exampleRules.players, exampleRules.handSize);
    expect(made.hands).toEqual(Array.from({ length: exampleRules.players }, (_, s) => tiles(field(example, `seat ${s}`))));
    expect(made.boneyard).toEqual(tiles(field(example, 'boneyard')));
    expect(made.randomLeader).toBe(Number(field(example, 'random leader')));
  });

  it('deals exactly what dealFromSeed deals, for any seed, table size and hand size', () => {
    const seeds = fc.stringMatching(/^[0-9a-f]{32,128}$/);
    const tables = fc.integer({ min: 2, max: 4 }).chain((players) => fc.record({ players: fc.constant(players), handSize: fc.integer({ min: 1, max: Math.floor(28 / players) }) }));
    fc.assert(
      fc.property(seeds, tables, (s, table) => {
        const r = rules(table);
        const engine = dealFromSeed(r, s);
        const doc = dealFromTheDoc(s, r.players, r.handSize);
        expect(doc.hands).toEqual(engine.deal.hands.map((h) => h.map(formatTile)));
        expect(doc.boneyard).toEqual(engine.deal.boneyard.map(formatTile));
        expect(doc.randomLeader).toBe(engine.randomLeader);
        const lead = highestDoubleLead(engine.deal);
        expect(highestTile(doc.hands)).toEqual({ seat: lead.seat, tile: formatTile(lead.tile) });
      }),
      { numRuns: 1000 },
    );
  });
});
