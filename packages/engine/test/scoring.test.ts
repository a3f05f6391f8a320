import { describe, expect, it } from 'vitest';
import { type Rules, type Tile, apply, handAwards, parseTile, playScore, resolveRules, round5, view, winnerOf } from '../src/index.ts';
import { playRandomGame } from './support/random-game.ts';

function rules(input: unknown): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('round5 (docs/rules.md#the-end-of-a-hand)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 5],
    [4, 5],
    [5, 5],
    [7, 5],
    [8, 10],
    [12, 10],
    [12.5, 15],
    [13, 15],
    [22, 20],
    [22.5, 25],
    [27, 25],
    [28, 30],
    [2.5, 5],
  ])('%d → %d', (x, expected) => expect(round5(x)).toBe(expected));
});

describe('end-of-hand awards (docs/rules.md#the-end-of-a-hand, #block-and-draw)', () => {
  const two = rules({ players: 2 });
  const three = rules({ players: 3 });
  const four = rules({ players: 4 });
  const partners = rules({ preset: 'partners', players: 4 });
  const minus = rules({ players: 3, blockedScoring: 'othersMinusOwn' });
  const draw3 = rules({ preset: 'draw', players: 3 });
  const block4p = rules({ preset: 'block', players: 4, partnerships: true });
  const fives = rules({ preset: 'cribbage', players: 3 });

  it('the Latin game: every pip left to the pair out or with fewer when blocked, unrounded, the bonuses added; a blocked tie scores nothing', () => {
    const latin = rules({ preset: 'latin', players: 4 });
    expect(handAwards(latin, [0, 13, 4, 9], 0)).toEqual([{ seat: 0, points: 26 }]);
    expect(handAwards(latin, [7, 0, 4, 9], 1)).toEqual([{ seat: 1, points: 20 }]);
    expect(handAwards(latin, [3, 13, 4, 9], null)).toEqual([{ seat: 0, points: 29 }]);
    expect(handAwards(latin, [13, 3, 9, 4], null)).toEqual([{ seat: 1, points: 29 }]);
    expect(handAwards(latin, [10, 3, 9, 16], null)).toEqual([]);
    expect(handAwards(latin, [10, 3, 9, 16], null, [25, 50])).toEqual([
      { seat: 0, points: 25 },
      { seat: 1, points: 50 },
    ]);
    expect(handAwards(latin, [0, 13, 4, 9], 2, [25, 0])).toEqual([{ seat: 0, points: 51 }]);
  });

  it("domino: the opponents' pips, rounded", () => {
    expect(handAwards(three, [0, 13, 14], 0)).toEqual([{ seat: 0, points: 25 }]);
    expect(handAwards(two, [0, 2], 0)).toEqual([]);
  });

  it("domino with partnerships: the two opponents' pips, never the partner's", () => {
    expect(handAwards(partners, [0, 10, 30, 8], 0)).toEqual([{ seat: 0, points: 20 }]);
    expect(handAwards(partners, [9, 0, 30, 8], 1)).toEqual([{ seat: 1, points: 40 }]);
  });

  it("blocked, others: the fewest pips score everyone else's", () => {
    expect(handAwards(three, [5, 11, 13], null)).toEqual([{ seat: 0, points: 25 }]);
    expect(handAwards(four, [7, 3, 9, 9], null)).toEqual([{ seat: 1, points: 25 }]);
  });

  it("blocked, othersMinusOwn: seed 001's example, 5 + 11 + 13 − 3 = 26 → 25", () => {
    expect(handAwards(rules({ players: 4, blockedScoring: 'othersMinusOwn' }), [3, 5, 11, 13], null)).toEqual([{ seat: 0, points: 25 }]);
    expect(handAwards(minus, [4, 9, 13], null)).toEqual([{ seat: 0, points: 20 }]); // 22 − 4 = 18 → 20
  });

  it('blocked, a tie for fewest scores nothing', () => {
    expect(handAwards(two, [8, 8], null)).toEqual([]);
    expect(handAwards(four, [3, 3, 9, 10], null)).toEqual([]);
    expect(handAwards(minus, [4, 4, 13], null)).toEqual([]);
    expect(handAwards(three, [6, 6, 6], null)).toEqual([]);
  });

  it("blocked, three players tie two: each scores half the third's pips, 12.5 → 15", () => {
    expect(handAwards(three, [4, 25, 4], null)).toEqual([
      { seat: 0, points: 15 },
      { seat: 2, points: 15 },
    ]);
  });

  it('blocked with partnerships: team against team', () => {
    expect(handAwards(partners, [5, 2, 6, 20], null)).toEqual([{ seat: 0, points: 20 }]);
    expect(handAwards(partners, [5, 5, 6, 6], null)).toEqual([]);
  });

  it("block and draw: the fewest pips score the others' minus their own, unrounded", () => {
    expect(handAwards(draw3, [0, 13, 14], 0)).toEqual([{ seat: 0, points: 27 }]);
    expect(handAwards(draw3, [3, 13, 14], null)).toEqual([{ seat: 0, points: 24 }]); // 27 − 3
    expect(handAwards(draw3, [3, 3, 14], null)).toEqual([]);
    // Partnerships compare teams even after a domino: 0+2 hold 9, 1+3 hold 10.
    expect(handAwards(block4p, [0, 6, 9, 4], 0)).toEqual([{ seat: 0, points: 1 }]);
    // ...so the team that went out can lose the hand: 0+2 hold 20, 1+3 hold 5.
    expect(handAwards(block4p, [0, 3, 20, 2], 0)).toEqual([{ seat: 1, points: 15 }]);
  });

  it('in fives, every award is divided by five', () => {
    expect(handAwards(fives, [0, 13, 14], 0)).toEqual([{ seat: 0, points: 5 }]);
    expect(handAwards(fives, [4, 25, 4], null)).toEqual([
      { seat: 0, points: 3 },
      { seat: 2, points: 3 },
    ]);
  });
});

describe('the winner', () => {
  const two = rules({ players: 2 });
  it('is whoever reaches the target; before that nobody', () => {
    expect(winnerOf(two, [245, 100])).toBeNull();
    expect(winnerOf(two, [250, 100])).toBe(0);
    expect(winnerOf(two, [100, 265])).toBe(1);
  });
  it('when two pass the target together the higher wins, and equal totals play on', () => {
    const three = rules({ players: 3 });
    expect(winnerOf(three, [205, 210, 40])).toBe(1);
    expect(winnerOf(three, [205, 205, 40])).toBeNull();
  });
});

describe('what a play scores (playScore)', () => {
  it('is what each hint shows and what the engine scores when the play is made', () => {
    let scoring = 0;
    for (const preset of ['allFives', 'cribbage', 'block', 'draw', 'fivesAndThrees'] as const) {
      for (const seed of [1, 2, 3]) {
        const game = playRandomGame({ preset, players: 3 }, seed, 3);
        for (const state of game.states) {
          const hand = state.hand;
          if (state.status !== 'playing' || hand === null) continue;
          for (const hint of view(state, hand.turn).hand?.hints ?? []) {
            expect(hint.points).toBe(playScore(state.rules, hint.count));
            const tile = parseTile(hint.tile)?.tile as Tile;
            const played = apply(state, hint.end === null ? { type: 'play', seat: hand.turn, tile } : { type: 'play', seat: hand.turn, tile, end: hint.end });
            if (!played.ok) throw new Error(played.error.message);
            // The play's own event (a hand end may follow it when the tile was the last).
            const event = played.value.hand?.log.findLast((e) => e.type === 'play');
            expect(event?.type === 'play' && event.count === hint.count && event.scored).toBe(hint.points);
            if (hint.points > 0) scoring++;
          }
        }
      }
    }
    expect(scoring).toBeGreaterThan(10);
  });

  it('is the count in fives or points in games that score during play, and nothing in Block and Draw', () => {
    expect(playScore(rules({ players: 2 }), 15)).toBe(15);
    expect(playScore(rules({ players: 2 }), 12)).toBe(0);
    expect(playScore(rules({ players: 2 }), 0)).toBe(0);
    expect(playScore(rules({ preset: 'cribbage', players: 2 }), 20)).toBe(4);
    expect(playScore(rules({ preset: 'block', players: 2 }), 15)).toBe(0);
    expect(playScore(rules({ preset: 'draw', players: 2 }), 10)).toBe(0);
  });

  it('in Fives-and-Threes is a point a five plus a point a three, both when the count is both', () => {
    const f3 = rules({ preset: 'fivesAndThrees', players: 2 });
    // docs/rules.md#fives-and-threes, worked out by hand (a line shows at most 24, two doubles; the rule holds past it).
    const table: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 0],
      [5, 1],
      [6, 2],
      [7, 0],
      [8, 0],
      [9, 3],
      [10, 2],
      [11, 0],
      [12, 4],
      [13, 0],
      [14, 0],
      [15, 8],
      [16, 0],
      [17, 0],
      [18, 6],
      [20, 4],
      [21, 7],
      [24, 8],
      [25, 5],
      [27, 9],
      [30, 16],
    ];
    for (const [count, points] of table) expect([count, playScore(f3, count)]).toEqual([count, points]);
  });
});

describe('the end of a Fives-and-Threes hand', () => {
  it('gives the side that went out one point whatever is left, and a blocked hand nothing', () => {
    const two = rules({ preset: 'fivesAndThrees', players: 2 });
    expect(handAwards(two, [0, 37], 0)).toEqual([{ seat: 0, points: 1 }]);
    expect(handAwards(two, [2, 0], 1)).toEqual([{ seat: 1, points: 1 }]);
    expect(handAwards(two, [3, 20], null)).toEqual([]);
    const teams = rules({ preset: 'fivesAndThrees', players: 4, partnerships: true });
    expect(handAwards(teams, [5, 6, 7, 0], 3)).toEqual([{ seat: 1, points: 1 }]);
    expect(handAwards(teams, [5, 6, 7, 1], null)).toEqual([]);
  });
});
