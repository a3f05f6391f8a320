import { describe, expect, it } from 'vitest';
import { boardSentences } from '../src/lib/board-text.ts';
import { positions } from './positions.ts';

/** The board in words (issue 15, point 5): every open end with its number, the spinner, the count. */
describe('the board as text', () => {
  const views = positions({ players: 3 }, 'board-text', 1);

  it('says the empty table, then every open end with the number it shows, after each play', () => {
    let said = 0;
    for (const v of views) {
      const hand = v.hand;
      if (hand === null) continue;
      const text = boardSentences(hand);
      if (hand.layout.line.length === 0) {
        expect(text).toEqual(['No tile on the table yet.']);
        continue;
      }
      for (const { end, pips } of hand.ends) {
        const where = { west: 'left end', east: 'right end', north: 'top end', south: 'bottom end' }[end];
        expect(text.some((s) => s.startsWith(`The ${where} `) && s.includes(String(pips)))).toBe(true);
      }
      if (hand.layout.spinner !== null) expect(text.some((s) => s.startsWith('The spinner, double '))).toBe(true);
      if (hand.count !== null) expect(text.at(-1)).toBe(`Count ${hand.count}.`);
      said++;
    }
    expect(said).toBeGreaterThan(5);
  });
});
