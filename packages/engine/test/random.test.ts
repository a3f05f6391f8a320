import { describe, expect, it } from 'vitest';
import { type Rules, boundedInt, dealFromSeed, formatTile, resolveRules, seededRandom } from '../src/index.ts';

function rules(input: unknown): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('seeded randomness', () => {
  it('repeats itself for a seed and differs between seeds', () => {
    const draw = (seed: string): number[] => {
      const r = seededRandom(seed);
      return Array.from({ length: 20 }, () => r.int(1000));
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('stays in bounds and spreads evenly', () => {
    const r = seededRandom('spread');
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 70_000; i++) {
      const v = r.int(7);
      counts[v] = (counts[v] as number) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('draws the same numbers through its table of small bounds as through the general bound', () => {
    const fast = seededRandom('bounds');
    const reference = seededRandom('bounds');
    for (let round = 0; round < 50; round++) {
      for (const bound of [1, 2, 3, 7, 28, 63, 64, 65, 1000, 2 ** 31 + 1, 2 ** 32]) {
        expect(fast.int(bound)).toBe(boundedInt(() => reference.next32(), bound));
      }
    }
    expect(() => fast.int(0)).toThrow(RangeError);
    expect(() => fast.int(2.5)).toThrow(RangeError);
  });

  it('refuses a bound it cannot draw from', () => {
    expect(() => boundedInt(() => 0, 0)).toThrow(RangeError);
    expect(() => boundedInt(() => 0, 1.5)).toThrow(RangeError);
  });
});

describe('dealFromSeed', () => {
  it('makes exactly this deal from the seed "fives" — fairness checks of old games depend on it never changing', () => {
    const { deal, randomLeader } = dealFromSeed(rules({ players: 2 }), 'fives');
    expect(deal.hands.map((h) => h.map(formatTile))).toEqual([
      ['1-5', '0-4', '0-2', '5-5', '1-6', '3-5', '3-6', '0-5', '0-3'],
      ['1-3', '3-4', '2-2', '2-4', '2-6', '0-6', '6-6', '1-1', '3-3'],
    ]);
    expect(deal.boneyard.map(formatTile)).toEqual(['0-0', '2-5', '1-4', '0-1', '5-6', '4-4', '2-3', '4-5', '4-6', '1-2']);
    expect(randomLeader).toBe(1);
  });

  it('deals every seat its hand size and the rest to the boneyard', () => {
    const { deal } = dealFromSeed(rules({ players: 4 }), 'four');
    expect(deal.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    expect(deal.boneyard).toHaveLength(8);
    expect(new Set([...deal.hands.flat(), ...deal.boneyard]).size).toBe(28);
  });
});
