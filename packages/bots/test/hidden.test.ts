import { type GameState, type HandState, type Tile, highMaskOf, lowMaskOf, maskOf, seededRandom, tilesOfWords, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { LEVELS, POLICIES, policyByName } from '../src/index.ts';
import { TABLES, positions } from './support/positions.ts';

/**
 * The same view from a different hidden world: one tile of an opponent's hand swapped with one
 * still in the boneyard (or with another opponent's), and the boneyard's order reversed. A
 * player who sees only its view cannot tell the two apart, so must choose the same.
 */
function poisoned(state: GameState, me: number, salt: number): GameState | null {
  const hand = state.hand as HandState;
  // Each hand as its tiles, both words of a double-nine hand (the second is empty on double six).
  const held = hand.hands.map((m, s) => tilesOfWords(m, hand.handsHigh?.[s] ?? 0));
  const rest = hand.deal.boneyard.slice(hand.drawn);
  const opponents = held.map((_, s) => s).filter((s) => s !== me && (held[s] as Tile[]).length > 0);
  if (opponents.length === 0) return null;
  const opp = opponents[salt % opponents.length] as number;
  const theirs = held[opp] as Tile[];
  const give = theirs[salt % theirs.length] as Tile;
  if (rest.length > 0) {
    const take = rest[salt % rest.length] as Tile;
    held[opp] = [...theirs.filter((t) => t !== give), take];
    rest[rest.indexOf(take)] = give;
    rest.reverse();
  } else {
    const other = opponents.find((s) => s !== opp);
    if (other === undefined) return null;
    const take = (held[other] as Tile[])[0] as Tile;
    held[opp] = [...theirs.filter((t) => t !== give), take];
    held[other] = [...(held[other] as Tile[]).filter((t) => t !== take), give];
  }
  const boneyard = [...hand.deal.boneyard.slice(0, hand.drawn), ...rest];
  const nine = hand.handsHigh !== undefined;
  const words = nine ? { hands: held.map(lowMaskOf), handsHigh: held.map(highMaskOf) } : { hands: held.map(maskOf) };
  return { ...state, hand: { ...hand, ...words, deal: { ...hand.deal, boneyard } } };
}

describe('no level reads what its seat cannot see', () => {
  for (const table of TABLES) {
    it(table.name, () => {
      let compared = 0;
      positions(table.rules, `hidden:${table.name}`, 25).forEach((state, i) => {
        const me = state.hand?.turn ?? 0;
        const other = poisoned(state, me, i);
        if (other === null) return;
        const v1 = view(state, me);
        const v2 = view(other, me);
        // The poisoned world really is hidden from this seat …
        expect(v2).toEqual(v1);
        expect([other.hand?.hands, other.hand?.handsHigh]).not.toEqual([state.hand?.hands, state.hand?.handsHigh]);
        for (const name of [...POLICIES, ...LEVELS]) {
          const policy = policyByName(name);
          if (policy === null) throw new Error(name);
          // … so the choice, from the same seed, is the same.
          const a = policy(v1, seededRandom(`h${i}`), { samples: 12 });
          const b = policy(v2, seededRandom(`h${i}`), { samples: 12 });
          expect(b, name).toEqual(a);
          compared++;
        }
      });
      expect(compared).toBeGreaterThan(0);
    });
  }
});
