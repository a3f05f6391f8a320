import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GLICKO, type Glicko, NEW_RATING, idle, idlePeriods, opponentsOf, rateGame, ratePeriod } from '../src/glicko2.ts';
import { ratingKey, ratingText } from '../src/rating-text.ts';

const DAY = GLICKO.idleMs;

describe('Glicko-2', () => {
  it("gives Glickman's worked example: 1500/200 against 1400/30 (win), 1550/100 (loss), 1700/300 (loss)", () => {
    const after = ratePeriod({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The paper rounds its steps to four places (μ' = −0.2069): unrounded, 1464.0507 and 151.5165.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.rd - 151.52)).toBeLessThan(0.01);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
    expect(after.volatility).toBeLessThan(0.06);
  });

  it('moves two new players apart by the same amount after one game', () => {
    const after = rateGame(
      [
        { seat: 0, score: 61, before: NEW_RATING, lastAtMs: null },
        { seat: 1, score: 40, before: NEW_RATING, lastAtMs: null },
      ],
      false,
      0,
    );
    const winner = after.get(0) as Glicko;
    const loser = after.get(1) as Glicko;
    // 1500 ± 162.31, RD 290.32 (each a 1500/350 player beating or losing to another).
    expect(winner.rating).toBeCloseTo(1662.31, 1);
    expect(loser.rating).toBeCloseTo(1337.69, 1);
    expect(winner.rd).toBeCloseTo(290.32, 1);
    expect(loser.rd).toBeCloseTo(winner.rd, 9);
    expect(winner.volatility).toBeCloseTo(0.06, 4);
  });

  it('draws on equal scores: two equal players stay where they are, RD shrinks', () => {
    const after = rateGame(
      [
        { seat: 0, score: 50, before: NEW_RATING, lastAtMs: null },
        { seat: 1, score: 50, before: NEW_RATING, lastAtMs: null },
      ],
      false,
      0,
    );
    expect((after.get(0) as Glicko).rating).toBeCloseTo(1500, 9);
    expect((after.get(0) as Glicko).rd).toBeLessThan(350);
  });

  it('grows RD with inactivity: one empty period a whole day, capped at a new player', () => {
    const settled: Glicko = { rating: 1700, rd: 50, volatility: 0.06 };
    expect(idlePeriods(null, 10 * DAY)).toBe(0);
    expect(idlePeriods(0, DAY - 1)).toBe(0);
    expect(idlePeriods(0, 3 * DAY + 5)).toBe(3);
    expect(idle(settled, 0)).toEqual(settled);
    const month = idle(settled, 30);
    expect(month.rating).toBe(1700);
    expect(month.rd).toBeCloseTo(GLICKO.scale * Math.sqrt((50 / GLICKO.scale) ** 2 + 30 * 0.06 ** 2), 9);
    // About three months idle and the rating is "?" again.
    expect(ratingText(idle(settled, 80))).toBe('1700');
    expect(ratingText(idle(settled, 100))).toBe('?');
    expect(idle(settled, 100000).rd).toBe(350);
    // The growth comes before the game's result: the same game moves a long-idle player more.
    const game = (lastAtMs: number): Glicko =>
      rateGame(
        [
          { seat: 0, score: 61, before: settled, lastAtMs },
          { seat: 1, score: 10, before: settled, lastAtMs },
        ],
        false,
        200 * DAY,
      ).get(0) as Glicko;
    expect(game(0).rating - 1700).toBeGreaterThan(game(199 * DAY).rating - 1700);
  });

  it('rates partnerships as teams: a partner is not an opponent, each opponent is', () => {
    const against = opponentsOf(
      [
        { seat: 0, score: 61 },
        { seat: 1, score: 30 },
        { seat: 2, score: 61 },
        { seat: 3, score: 30 },
      ],
      true,
    );
    expect(against.get(0)).toEqual([
      { seat: 1, score: 1 },
      { seat: 3, score: 1 },
    ]);
    expect(against.get(3)).toEqual([
      { seat: 0, score: 0 },
      { seat: 2, score: 0 },
    ]);
    const after = rateGame(
      [0, 1, 2, 3].map((seat) => ({ seat, score: seat % 2 === 0 ? 61 : 30, before: NEW_RATING, lastAtMs: null })),
      true,
      0,
    );
    expect((after.get(0) as Glicko).rating).toBeCloseTo((after.get(2) as Glicko).rating, 9);
    expect((after.get(0) as Glicko).rating - 1500).toBeCloseTo(1500 - (after.get(1) as Glicko).rating, 9);
  });

  it('results every other person: three players, a win, a draw and a loss', () => {
    const against = opponentsOf(
      [
        { seat: 0, score: 61 },
        { seat: 1, score: 40 },
        { seat: 2, score: 40 },
      ],
      false,
    );
    expect(against.get(1)).toEqual([
      { seat: 0, score: 0 },
      { seat: 2, score: 0.5 },
    ]);
  });

  it('rates a person who left as losing to every opponent, whatever the scores, and the others as beating them', () => {
    const against = opponentsOf(
      [
        { seat: 0, score: 61, left: true },
        { seat: 1, score: 40 },
        { seat: 2, score: 40 },
      ],
      false,
    );
    expect(against.get(0)).toEqual([
      { seat: 1, score: 0 },
      { seat: 2, score: 0 },
    ]);
    // The two who stayed: a win against the leaver, their own result between them.
    expect(against.get(1)).toEqual([
      { seat: 0, score: 1 },
      { seat: 2, score: 0.5 },
    ]);
    const partners = opponentsOf(
      [
        { seat: 0, score: 61, left: true },
        { seat: 1, score: 30, left: true },
        { seat: 2, score: 61 },
        { seat: 3, score: 30 },
      ],
      true,
    );
    // Two who both left lost to each other; a leaver's partner keeps the team's result.
    expect(partners.get(0)).toEqual([
      { seat: 1, score: 0 },
      { seat: 3, score: 0 },
    ]);
    expect(partners.get(2)).toEqual([
      { seat: 1, score: 1 },
      { seat: 3, score: 1 },
    ]);
    const after = rateGame(
      [
        { seat: 0, score: 61, left: true, before: NEW_RATING, lastAtMs: null },
        { seat: 1, score: 20, before: NEW_RATING, lastAtMs: null },
      ],
      false,
      0,
    );
    expect((after.get(0) as Glicko).rating).toBeLessThan(1500);
    expect((after.get(1) as Glicko).rating).toBeGreaterThan(1500);
  });

  it('keeps the key and the "?" rule', () => {
    expect(ratingKey('allFives', 2)).toBe('allFives/2');
    expect(ratingText(null)).toBe('?');
    expect(ratingText({ rating: 1612.5, rd: 110 })).toBe('1613');
    expect(ratingText({ rating: 1612.5, rd: 110.01 })).toBe('?');
  });
});

const glicko = fc.record({
  rating: fc.double({ min: 500, max: 2800, noNaN: true }),
  rd: fc.double({ min: 30, max: 350, noNaN: true }),
  volatility: fc.double({ min: 0.03, max: 0.09, noNaN: true }),
});

describe('Glicko-2 properties', () => {
  it('is symmetric: two players swapped swap their results, and a win and a loss mirror in a game of equals', () => {
    fc.assert(
      fc.property(glicko, glicko, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b, sa, sb) => {
        const one = rateGame(
          [
            { seat: 0, score: sa, before: a, lastAtMs: null },
            { seat: 1, score: sb, before: b, lastAtMs: null },
          ],
          false,
          0,
        );
        const two = rateGame(
          [
            { seat: 0, score: sb, before: b, lastAtMs: null },
            { seat: 1, score: sa, before: a, lastAtMs: null },
          ],
          false,
          0,
        );
        expect(two.get(1)).toEqual(one.get(0));
        expect(two.get(0)).toEqual(one.get(1));
      }),
      { seed: 18, numRuns: 300 },
    );
    fc.assert(
      fc.property(glicko, (a) => {
        const win = ratePeriod(a, [{ opponent: a, score: 1 }]);
        const loss = ratePeriod(a, [{ opponent: a, score: 0 }]);
        expect(win.rating - a.rating).toBeCloseTo(a.rating - loss.rating, 6);
        expect(win.rd).toBeCloseTo(loss.rd, 6);
      }),
      { seed: 19, numRuns: 300 },
    );
  });

  it('stays in bounds: a win never lowers, a loss never raises, RD shrinks by playing and stays in (0, 350], volatility positive', () => {
    fc.assert(
      fc.property(glicko, glicko, fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1), (a, b, score) => {
        const after = ratePeriod(a, [{ opponent: b, score }]);
        expect(Number.isFinite(after.rating)).toBe(true);
        if (score === 1) expect(after.rating).toBeGreaterThanOrEqual(a.rating);
        if (score === 0) expect(after.rating).toBeLessThanOrEqual(a.rating);
        expect(after.rd).toBeGreaterThan(0);
        expect(after.rd).toBeLessThanOrEqual(350);
        expect(after.rd).toBeLessThanOrEqual(Math.sqrt(a.rd ** 2 + (GLICKO.scale * after.volatility) ** 2) + 1e-9);
        expect(after.volatility).toBeGreaterThan(0);
        // One game moves a rating by at most φ'²·g·1 on Glicko-2's scale, and φ' < φ* = √(φ² + σ'²).
        expect(Math.abs(after.rating - a.rating)).toBeLessThan((a.rd ** 2 + (GLICKO.scale * after.volatility) ** 2) / GLICKO.scale);
      }),
      { seed: 20, numRuns: 500 },
    );
  });
});
