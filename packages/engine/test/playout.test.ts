import { describe, expect, it } from 'vitest';
import { FULL_SET, Playout, countTiles, randomDeal, resolveRules, seededRandom } from '../src/index.ts';

function rulesOf(input: unknown): ReturnType<typeof resolveRules> & { ok: true } {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

describe('Playout.redeal', () => {
  it('deals every tile once in place: each hand its size, the rest the boneyard, the board empty', () => {
    for (const players of [2, 3, 4] as const) {
      const rules = rulesOf({ players }).value;
      const random = seededRandom(`redeal${players}`);
      const p = new Playout(rules, randomDeal(rules, random), 0);
      const buf = new Int32Array(64);
      for (let hand = 0; hand < 30; hand++) {
        p.redeal(random, hand % players);
        let all = 0;
        for (let s = 0; s < players; s++) {
          const h = p.hands[s] as number;
          expect(countTiles(h)).toBe(rules.handSize);
          expect(all & h).toBe(0);
          all |= h;
        }
        expect(p.boneyardSize).toBe(28 - players * rules.handSize);
        for (let i = 0; i < p.boneyardSize; i++) all |= 1 << (p.boneyard[i] as number);
        expect(all).toBe(FULL_SET);
        expect(p.board.tiles).toBe(0);
        expect(p.turn).toBe(hand % players);
        expect(p.done).toBe(false);
        // Play it out at random, as the bench does, so the next deal starts from a finished hand.
        while (!p.done) {
          const n = p.legalPlays(buf);
          if (n === 0) p.drawOrPass();
          else p.play(buf[random.int(n)] as number);
        }
      }
    }
  });

  it('keeps the scores between hands, and starts them again once a game is won', () => {
    const rules = rulesOf({ players: 2 }).value;
    const random = seededRandom('scores');
    const p = new Playout(rules, randomDeal(rules, random), 0, [10, 20]);
    p.redeal(random, 1);
    expect(Array.from(p.scores)).toEqual([10, 20]);
    p.winner = 0;
    p.redeal(random, 0);
    expect(Array.from(p.scores)).toEqual([0, 0]);
    expect(p.winner).toBe(-1);
  });
});
