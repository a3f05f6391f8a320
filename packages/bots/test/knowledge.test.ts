import { type Tile, countTiles, seededRandom, tilesOf, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { determinize, readSeatView } from '../src/index.ts';
import { TABLES, positions } from './support/positions.ts';

function numbersOf(t: Tile): number {
  for (let a = 0, id = 0; a <= 6; a++) for (let b = a; b <= 6; b++, id++) if (id === t) return (1 << a) | (1 << b);
  throw new Error('not a tile');
}

describe('what a seat infers from draws and passes', () => {
  // The seat view is the double-six set's (a double-nine view has none: the bots' nine.ts).
  for (const table of TABLES.filter((t) => t.rules.preset !== 'cuban')) {
    it(`is always true of the real hidden hands, and samples respect it: ${table.name}`, () => {
      let checked = 0;
      let constrained = 0;
      for (const state of positions(table.rules, `knowledge:${table.name}`, 60)) {
        const hand = state.hand;
        if (hand === null) continue;
        for (let me = 0; me < state.rules.players; me++) {
          const sv = readSeatView(view(state, me));
          if (sv === null) continue;
          const hiddenBone = hand.deal.boneyard.slice(hand.drawn);
          expect(countTiles(sv.unseen)).toBe(hiddenBone.length + hand.hands.reduce((n, h, s) => n + (s === me ? 0 : countTiles(h)), 0));
          for (let s = 0; s < state.rules.players; s++) {
            if (s === me) continue;
            const groups = sv.groups[s] ?? [];
            expect(groups.reduce((n, g) => n + g.size, 0)).toBe(countTiles(hand.hands[s] as number));
            // Every real tile fits some group's knowledge (soundness: nothing is "known" that is false).
            for (const t of tilesOf(hand.hands[s] as number)) expect(groups.some((g) => (numbersOf(t) & g.lacks) === 0)).toBe(true);
            if (groups.some((g) => g.lacks !== 0)) constrained++;
          }
          const random = seededRandom(`d${checked}`);
          for (let k = 0; k < 3; k++) {
            const d = determinize(sv, random);
            expect(d.hands[me]).toBe(sv.mine);
            expect(d.boneyard.length).toBe(sv.boneyard);
            let all = 0;
            for (const [s, h] of d.hands.entries()) {
              expect(countTiles(h)).toBe(s === me ? countTiles(sv.mine) : (sv.tileCounts[s] as number));
              expect(all & h).toBe(0);
              all |= h;
            }
            for (const t of d.boneyard) all |= 1 << t;
            expect(all).toBe(sv.unseen | sv.mine);
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
      if (table.rules.preset !== 'block') expect(constrained).toBeGreaterThan(0);
    });
  }

  it('is not read on a double-nine set, whose hands one word cannot hold', () => {
    const [state] = positions({ preset: 'cuban', players: 4 }, 'k9', 1);
    expect(state).toBeDefined();
    expect(readSeatView(view(state!, state!.hand!.turn))).toBeNull();
  });

  it('a player who drew is known to lack the numbers that were open', () => {
    const state = positions({ players: 2 }, 'k', 200).find((s) => {
      const log = s.hand?.log ?? [];
      return log.some((e) => e.type === 'draw');
    });
    expect(state).toBeDefined();
    if (state === undefined || state.hand === null) return;
    const drawer = (state.hand.log.find((e) => e.type === 'draw') as { seat: number }).seat;
    const me = 1 - drawer;
    const sv = readSeatView(view(state, me));
    expect(sv?.groups[drawer]?.some((g) => g.lacks !== 0)).toBe(true);
  });
});
