import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_TILES,
  ALL_TILES_NINE,
  type Deal,
  type GameState,
  GameErrorCode,
  HIGH_BASE,
  MAX_PIP_NINE,
  Playout,
  SUIT,
  SUIT_HIGH,
  type Tile,
  apply,
  boardCount,
  checkDeal,
  dealFromSeed,
  endsFor,
  formatTile,
  high,
  highMaskOf,
  holds,
  isDouble,
  legalActions,
  low,
  lowMaskOf,
  maskOf,
  newGame,
  otherHalf,
  parseTile,
  pips,
  pipsOfWords,
  randomDeal,
  seededRandom,
  startHand,
  tileCount,
  tileOf,
  tilesOf,
  tilesOfWords,
  view,
} from '../src/index.ts';
import { countFromLayout } from './support/independent-count.ts';
import { type PlayedGame, playRandomGame } from './support/random-game.ts';

/**
 * The double-nine set (55 tiles) in the engine: its tiles and two-word hands (tiles.ts), its
 * deals, and whole games through `apply` and `view`. No rules input asks for the set yet (no
 * preset plays it), so a game is made as a table would be and its resolved rules given the set.
 */

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** `fresh` on a double-nine set, `handSize` tiles each. */
function onDoubleNine(handSize: number): (fresh: GameState) => GameState {
  return (fresh) => ({ ...fresh, rules: { ...fresh.rules, maxPip: MAX_PIP_NINE, handSize } });
}

function nineGame(rulesInput: Record<string, unknown>, handSize: number): GameState {
  return onDoubleNine(handSize)(unwrap(newGame(rulesInput)));
}

function t(text: string): Tile {
  const parsed = parseTile(text, MAX_PIP_NINE);
  if (!parsed) throw new Error(`not a tile: ${text}`);
  return parsed.tile;
}

/** A deal of the given hands; the rest of the set, in id order, is the boneyard. */
function dealOf(hands: string[][]): Deal {
  const dealt = hands.map((h) => h.map(t));
  const taken = new Set(dealt.flat());
  return { hands: dealt, boneyard: ALL_TILES_NINE.filter((x) => !taken.has(x)) };
}

describe('the double-nine tiles', () => {
  it('keeps every double-six tile its id, and numbers the 27 others after them', () => {
    let id = 0;
    for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) expect(tileOf(a, b)).toBe(id++);
    for (let b = 7; b <= 9; b++) for (let a = 0; a <= b; a++) expect(tileOf(b, a)).toBe(id++);
    expect(id).toBe(55);
    expect(tileCount(9)).toBe(55);
    expect(tileCount(6)).toBe(28);
    expect(ALL_TILES).toHaveLength(28);
  });

  it('knows each tile: its halves, pips, double, other half, and its text both ways', () => {
    for (const x of ALL_TILES_NINE) {
      expect(low(x)).toBeLessThanOrEqual(high(x));
      expect(high(x)).toBeLessThanOrEqual(9);
      expect(pips(x)).toBe(low(x) + high(x));
      expect(isDouble(x)).toBe(low(x) === high(x));
      expect(otherHalf(x, low(x))).toBe(high(x));
      expect(otherHalf(x, high(x))).toBe(low(x));
      expect(parseTile(formatTile(x), 9)).toEqual({ tile: x, first: low(x) });
      expect(parseTile(`${high(x)}-${low(x)}`, 9)).toEqual({ tile: x, first: high(x) });
      // A double-six game reads no tile with a 7, 8 or 9.
      expect(parseTile(formatTile(x)) === null).toBe(high(x) > 6);
    }
    for (const bad of ['10-1', '9-', '99', '1-2-3', 'a-b', '']) expect(parseTile(bad, 9)).toBeNull();
  });

  it('lists in SUIT and SUIT_HIGH exactly the tiles that show each number', () => {
    for (let v = 0; v <= 9; v++) {
      const shows = ALL_TILES_NINE.filter((x) => low(x) === v || high(x) === v);
      const fromMasks = [...tilesOf(SUIT[v] ?? 0), ...tilesOf(SUIT_HIGH[v] as number).map((x) => (x + HIGH_BASE) as Tile)];
      expect(fromMasks.sort((a, b) => a - b)).toEqual(shows);
    }
  });

  it('holds any set of tiles in a hand of two words, and reads it back', () => {
    fc.assert(
      fc.property(fc.subarray([...ALL_TILES_NINE]), (tiles) => {
        const lo = lowMaskOf(tiles);
        const hi = highMaskOf(tiles);
        expect(tilesOfWords(lo, hi)).toEqual([...tiles].sort((a, b) => a - b));
        expect(pipsOfWords(lo, hi)).toBe(tiles.reduce((sum, x) => sum + pips(x), 0));
        for (const x of ALL_TILES_NINE) expect(holds(lo, hi, x)).toBe(tiles.includes(x));
        // The low word of double-six tiles is the one-word mask of before.
        expect(lo).toBe(maskOf(tiles.filter((x) => x < HIGH_BASE)));
      }),
      { numRuns: 300, seed: 20261205 },
    );
  });
});

describe('a double-nine deal', () => {
  const rules = nineGame({ preset: 'latin', players: 4 }, 10).rules;

  it('deals the 55 tiles once each: ten to each of four, fifteen left', () => {
    const deal = randomDeal(rules, seededRandom('nine'));
    expect(deal.hands.map((h) => h.length)).toEqual([10, 10, 10, 10]);
    expect(deal.boneyard).toHaveLength(15);
    expect(new Set([...deal.hands.flat(), ...deal.boneyard]).size).toBe(55);
    expect(checkDeal(rules, deal).ok).toBe(true);
  });

  it('makes the same deal from the same seed, and another from another', () => {
    expect(dealFromSeed(rules, 'abc')).toEqual(dealFromSeed(rules, 'abc'));
    expect(dealFromSeed(rules, 'abc').deal).not.toEqual(dealFromSeed(rules, 'abd').deal);
  });

  it('refuses a double-six deal for a double-nine game, and a tile beyond the set', () => {
    const six = unwrap(newGame({ preset: 'latin', players: 4 })).rules;
    const sixDeal = randomDeal(six, seededRandom('six'));
    const refused = checkDeal({ ...rules, handSize: 7 }, sixDeal);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/missing 0-7/);
    const nineDeal = randomDeal(rules, seededRandom('nine'));
    const beyond = checkDeal(six, { hands: nineDeal.hands.map((h) => h.slice(0, 7)), boneyard: [] });
    expect(beyond.ok).toBe(false);
    if (!beyond.ok) expect(beyond.error.code).toBe(GameErrorCode.badDeal);
  });

  it('is not played by the in-place playout, whose hands are one word', () => {
    expect(() => new Playout(rules, randomDeal(rules, seededRandom('p')), 0)).toThrow(/double-six set only/);
  });
});

describe('a double-nine hand, worked by hand (All Fives, two players)', () => {
  const game = (handSize: number, hands: string[][], leader: number): GameState => unwrap(startHand(nineGame({ preset: 'allFives', players: 2 }, handSize), dealOf(hands), leader));
  // Seven each; the boneyard is the rest of the set in id order: 0-2, 0-3, 0-5, 0-6, 1-3, …
  const start = (): GameState =>
    game(
      7,
      [
        ['5-5', '9-5', '3-5', '8-5', '2-7', '0-0', '1-2'],
        ['7-9', '9-9', '8-8', '2-3', '0-4', '1-1', '0-1'],
      ],
      0,
    );
  const play = (s: GameState, seat: number, tile: string, end?: 'west' | 'east' | 'north' | 'south'): GameState =>
    unwrap(apply(s, end === undefined ? { type: 'play', seat, tile: t(tile) } : { type: 'play', seat, tile: t(tile), end }));
  const draw = (s: GameState, seat: number): GameState => unwrap(apply(s, { type: 'draw', seat }));

  it('counts a 7, 8 or 9 as any number: 10, 10, 9, 7, 15, 23, and scores the fives', () => {
    let s = play(start(), 0, '5-5'); // the spinner, alone: 5 + 5 = 10
    expect(boardCount(s.hand!.board)).toBe(10);
    expect(s.scores).toEqual([10, 0]);
    s = draw(s, 1); // nothing of seat 1's shows a 5: it draws the 0-2,
    expect(view(s, 1).hand!.tiles).toContain('0-2');
    s = draw(draw(s, 1), 1); // the 0-3, then the 0-5
    s = play(s, 1, '0-5', 'east'); // east shows 0; the spinner still counts its 10 while its west side is open
    expect(boardCount(s.hand!.board)).toBe(10);
    expect(s.scores).toEqual([10, 10]);
    s = play(s, 0, '9-5', 'west'); // west 9, east 0: both sides covered, north and south open bare
    expect(boardCount(s.hand!.board)).toBe(9);
    s = play(s, 1, '7-9', 'west'); // west 7
    expect(boardCount(s.hand!.board)).toBe(7);
    s = play(s, 0, '8-5', 'north'); // 7 + 0 + 8 = 15
    expect(boardCount(s.hand!.board)).toBe(15);
    expect(s.scores).toEqual([25, 10]);
    s = play(s, 1, '8-8', 'north'); // the 8-8 crosswise counts both halves: 7 + 0 + 16 = 23
    expect(boardCount(s.hand!.board)).toBe(23);
    expect(countFromLayout(view(s, null).hand!.layout)).toBe(23);
    expect(view(s, null).hand!.ends).toEqual([
      { end: 'west', pips: 7 },
      { end: 'east', pips: 0 },
      { end: 'north', pips: 8 },
      { end: 'south', pips: 5 },
    ]);
  });

  it('refuses a 7, 8 or 9 as it refuses any tile: not held, not of the set, not fitting', () => {
    const s = play(start(), 0, '5-5');
    const notHeld = apply(s, { type: 'play', seat: 1, tile: t('9-5'), end: 'east' });
    expect(!notHeld.ok && notHeld.error.code).toBe(GameErrorCode.tileNotHeld);
    const noSuchTile = apply(s, { type: 'play', seat: 1, tile: 55 as Tile, end: 'east' });
    expect(!noSuchTile.ok && noSuchTile.error.code).toBe(GameErrorCode.badAction);
    const doesNotFit = apply(s, { type: 'play', seat: 1, tile: t('9-9'), end: 'east' });
    expect(!doesNotFit.ok && doesNotFit.error.code).toBe(GameErrorCode.tileDoesNotFit);
  });

  it('makes a seat whose only tile that fits has a 9 play it, not draw or pass', () => {
    const s = play(
      play(
        game(
          2,
          [
            ['5-5', '5-9'],
            ['0-5', '1-1'],
          ],
          0,
        ),
        0,
        '5-5',
      ),
      1,
      '0-5',
      'east',
    );
    for (const type of ['draw', 'pass'] as const) {
      const refused = apply(s, { type, seat: 0 });
      expect(!refused.ok && refused.error.code).toBe(GameErrorCode.mustPlay);
    }
    expect(legalActions(view(s, 0))).toEqual([{ type: 'play', seat: 0, tile: t('5-9'), end: 'west' }]);
  });

  it('lists the high tiles among the legal plays, after the others, in id order', () => {
    const s = start();
    expect(legalActions(view(s, 0)).map((a) => (a.type === 'play' ? formatTile(a.tile) : a.type))).toEqual(['0-0', '1-2', '3-5', '5-5', '2-7', '5-8', '5-9']);
    const led = play(s, 0, '2-7');
    expect(view(led, 1).hand!.ends).toEqual([
      { end: 'west', pips: 2 },
      { end: 'east', pips: 7 },
    ]);
    const seat1 = legalActions(view(led, 1)).map((a) => (a.type === 'play' ? `${formatTile(a.tile)} ${a.end ?? ''}` : a.type));
    expect(seat1).toEqual(['2-3 west', '7-9 east']);
  });

  it('goes out only with both words empty, and counts a 9-9 left as 18 (20 to the seat out)', () => {
    const s = play(game(1, [['9-9'], ['0-1']], 1), 1, '0-1');
    expect(s.hand!.end).toMatchObject({ reason: 'domino', out: 1, pips: [18, 0], awards: [{ seat: 1, points: 20 }] });
    const other = play(game(1, [['9-9'], ['0-1']], 0), 0, '9-9');
    expect(other.hand!.end).toMatchObject({ reason: 'domino', out: 0, pips: [0, 1] });
  });
});

/** The variants on a double-nine set, each with a hand size its players can be dealt. */
const variants = [
  { rules: { preset: 'allFives', players: 2 }, handSize: 7 },
  { rules: { preset: 'allFives', players: 3 }, handSize: 7 },
  { rules: { preset: 'block', players: 4 }, handSize: 7 },
  { rules: { preset: 'draw', players: 2 }, handSize: 7 },
  { rules: { preset: 'fivesAndThrees', players: 3 }, handSize: 7 },
  { rules: { preset: 'muggins', players: 2 }, handSize: 9 },
  { rules: { preset: 'partners', players: 4 }, handSize: 9 },
  // The Cuban way: four in pairs, ten each, fifteen left out, no drawing.
  { rules: { preset: 'latin', players: 4, bonuses: true }, handSize: 10 },
] as const;

function forEveryGame(check: (game: PlayedGame) => void): void {
  fc.assert(
    fc.property(fc.constantFrom(...variants), fc.integer(), ({ rules, handSize }, seed) => check(playRandomGame({ ...rules }, seed, 12, onDoubleNine(handSize)))),
    { numRuns: 24, seed: 20261205 },
  );
}

describe('random legal play on a double-nine set', { timeout: 60_000 }, () => {
  it('conserves the 55 tiles: hands, layout and the rest, each tile once', () => {
    forEveryGame((game) => {
      for (const state of game.states) {
        const hand = state.hand;
        if (!hand) continue;
        const high = hand.handsHigh ?? [];
        expect(high).toHaveLength(state.rules.players);
        const layout = view(state, null).hand!.layout;
        const onTable = [...layout.line, ...layout.north, ...layout.south].map((p) => t(p.tile));
        const places = [...hand.hands.flatMap((m, s) => tilesOfWords(m, high[s] as number)), ...onTable, ...hand.deal.boneyard.slice(hand.drawn)];
        expect(places).toHaveLength(55);
        expect(new Set(places).size).toBe(55);
      }
    });
  });

  it('shows a count equal to one worked out again from the layout, and every seat its own tiles only', () => {
    forEveryGame((game) => {
      for (const state of game.states) {
        const hand = state.hand;
        if (!hand) continue;
        const spectator = view(state, null);
        if (!state.rules.muggins) expect(spectator.hand!.count).toBe(countFromLayout(spectator.hand!.layout));
        expect(spectator.hand!.tiles).toBeNull();
        for (let seat = 0; seat < state.rules.players; seat++) {
          const mine = view(state, seat).hand!;
          expect(mine.tiles).toEqual(tilesOfWords(hand.hands[seat] as number, hand.handsHigh![seat] as number).map(formatTile));
          expect(mine.tileCounts[seat]).toBe(mine.tiles!.length);
          expect(JSON.stringify(view(state, seat))).not.toContain('handsHigh');
        }
      }
    });
  });

  it('plays each tile on an end that shows one of its numbers', () => {
    forEveryGame((game) => {
      game.states.forEach((state, i) => {
        const action = game.actions[i + 1];
        if (action?.type !== 'play' || state.hand!.board.tiles === 0) return;
        const ends = endsFor(state.hand!.board, action.tile);
        expect(ends).not.toBe(0);
        for (let e = 0; e < 4; e++) {
          const shown = state.hand!.board.open[e] as number;
          expect(((ends >> e) & 1) === 1).toBe(shown >= 0 && (low(action.tile) === shown || high(action.tile) === shown));
        }
      });
    });
  });

  it('ends each hand with the pips left in each hand, high tiles counted', () => {
    forEveryGame((game) => {
      for (const state of game.states) {
        const end = state.hand?.end;
        if (!end || state.hand.log.at(-1) !== end) continue;
        const hand = state.hand;
        expect(end.pips).toEqual(hand.hands.map((m, s) => pipsOfWords(m, hand.handsHigh![s] as number)));
        if (end.out !== null) expect(end.pips[end.out]).toBe(0);
      }
    });
  });
});
