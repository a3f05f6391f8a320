import { type Tile, type TileMask, FULL_HIGH, FULL_SET, HIGH_BASE, SUIT, SUIT_HIGH, isDouble, otherHalf } from './tiles.ts';

/**
 * The layout as the rules see it: only the open ends matter for what may be played and what it
 * counts, so the board keeps four ends and how the tile at each tip counts — nothing else. It is
 * small and made of numbers so that bots can copy and play it millions of times.
 */

export const END_NAMES = ['west', 'east', 'north', 'south'] as const;
export type End = (typeof END_NAMES)[number];
export const WEST = 0;
export const EAST = 1;
export const NORTH = 2;
export const SOUTH = 3;

export function endIndex(end: End): number {
  return END_NAMES.indexOf(end);
}

/** How the tile at the tip of an open end adds to the count (docs/rules.md#the-count). */
export const TIP_PLAIN = 0; // counts the number it shows outward
export const TIP_DOUBLE = 1; // a double laid crosswise: both halves
export const TIP_CENTRE = 2; // the spinner (or, without a spinner, a lead double) while a west/east side of it is open: both halves, once
export const TIP_BARE = 3; // a north/south side of the spinner with no tile yet: nothing

export interface Board {
  /** Tiles on the table. */
  readonly tiles: number;
  /** The spinner's number, or -1 before the first double (always -1 without a spinner). */
  readonly spinner: number;
  /** For west, east, north, south: the number that end shows, or -1 where no end is open. */
  readonly open: readonly number[];
  /** For each end: TIP_PLAIN, TIP_DOUBLE, TIP_CENTRE or TIP_BARE. */
  readonly tip: readonly number[];
}

export interface MutableBoard {
  tiles: number;
  spinner: number;
  open: number[];
  tip: number[];
}

/** What the board needs to know of the rules; read once per play, not per look-up. */
export interface BoardRules {
  readonly spinner: boolean;
  readonly opensImmediately: boolean;
}

export const EMPTY_BOARD: Board = { tiles: 0, spinner: -1, open: [-1, -1, -1, -1], tip: [0, 0, 0, 0] };

export function cloneBoard(b: Board): MutableBoard {
  return { tiles: b.tiles, spinner: b.spinner, open: b.open.slice(), tip: b.tip.slice() };
}

export function copyBoardInto(from: Board, to: MutableBoard): void {
  to.tiles = from.tiles;
  to.spinner = from.spinner;
  for (let i = 0; i < 4; i++) {
    to.open[i] = from.open[i] as number;
    to.tip[i] = from.tip[i] as number;
  }
}

/** What an end adds to the count, at tip * 16 + v (v up to 9): plain v, a double 2v; the centre is counted once, apart, and a bare side nothing. */
const END_COUNT = Int8Array.from({ length: 64 }, (_, i) => {
  const kind = i >> 4;
  const v = i & 15;
  return kind === TIP_PLAIN ? v : kind === TIP_DOUBLE ? 2 * v : 0;
});

/** The count of docs/rules.md#the-count: the sum of the open ends, the spinner counted once while at a tip. */
export function boardCount(b: Board): number {
  let sum = 0;
  let centre = 0;
  for (let i = 0; i < 4; i++) {
    const v = b.open[i] as number;
    if (v < 0) continue;
    const kind = b.tip[i] as number;
    sum += END_COUNT[kind * 16 + v] as number;
    if (kind === TIP_CENTRE) centre = 2 * v;
  }
  return sum + centre;
}

/**
 * The count `placeOn(b, rules, end, t)` would leave, without placing it: only the end played on
 * changes how it counts (sides the spinner opens are bare, and count nothing), so this is
 * `boardCount` with that one end read as it would be. Bots ask it millions of times a second; a
 * property test checks it against placing the tile on a copy, for every play of many games.
 */
export function countAfterPlacing(b: Board, rules: BoardRules, end: number, t: Tile): number {
  let sum = 0;
  let centre = 0;
  for (let i = 0; i < 4; i++) {
    let v = b.open[i] as number;
    if (v < 0) continue;
    let kind = b.tip[i] as number;
    if (i === end) {
      if (isDouble(t)) kind = b.spinner < 0 && rules.spinner && end <= EAST ? TIP_CENTRE : TIP_DOUBLE;
      else {
        v = otherHalf(t, v);
        kind = TIP_PLAIN;
      }
    }
    sum += END_COUNT[kind * 16 + v] as number;
    if (kind === TIP_CENTRE) centre = 2 * v;
  }
  return sum + centre;
}

/** The tiles that fit an end showing `v` (-1, a closed end: none), at v + 1, v up to 9 (no low tile shows 7..9). */
const END_FIT = Int32Array.from({ length: 11 }, (_, i) => (i === 0 ? 0 : (SUIT[i - 1] ?? 0)));
/** The same for a double-nine hand's high word. */
const END_FIT_HIGH = Int32Array.from({ length: 11 }, (_, i) => (i === 0 ? 0 : (SUIT_HIGH[i - 1] as number)));

/** The tiles that fit end `i` of a laid board: the one rule of what may be played on an end (of a hand's low word). */
export function endFit(b: Board, i: number): TileMask {
  return END_FIT[(b.open[i] as number) + 1] as number;
}

/** `endFit` of a double-nine hand's high word. */
export function endFitHigh(b: Board, i: number): TileMask {
  return END_FIT_HIGH[(b.open[i] as number) + 1] as number;
}

/** Every tile that fits some open end; on an empty board, every tile (of a hand's low word). */
export function fitMask(b: Board): TileMask {
  if (b.tiles === 0) return FULL_SET;
  return endFit(b, WEST) | endFit(b, EAST) | endFit(b, NORTH) | endFit(b, SOUTH);
}

/** `fitMask` of a double-nine hand's high word. */
export function fitMaskHigh(b: Board): TileMask {
  if (b.tiles === 0) return FULL_HIGH;
  return endFitHigh(b, WEST) | endFitHigh(b, EAST) | endFitHigh(b, NORTH) | endFitHigh(b, SOUTH);
}

/** Bit i is set when `t` fits end i. */
export function endsFor(b: Board, t: Tile): number {
  if (t >= HIGH_BASE) {
    return endsOf(endFitHigh(b, WEST), endFitHigh(b, EAST), endFitHigh(b, NORTH), endFitHigh(b, SOUTH), (t - HIGH_BASE) as Tile);
  }
  return endsOf(endFit(b, WEST), endFit(b, EAST), endFit(b, NORTH), endFit(b, SOUTH), t);
}

/** `endsFor` from the four ends' `endFit` masks, read once for every tile of a hand (`t`: its place in that word). */
export function endsOf(west: TileMask, east: TileMask, north: TileMask, south: TileMask, t: Tile): number {
  return ((west >>> t) & 1) | (((east >>> t) & 1) << 1) | (((north >>> t) & 1) << 2) | (((south >>> t) & 1) << 3);
}

/** Lays the first tile of a hand with `west` showing to the west. */
export function placeLead(b: MutableBoard, rules: BoardRules, t: Tile, west: number): void {
  const east = otherHalf(t, west);
  b.tiles = 1;
  b.open[WEST] = west;
  b.open[EAST] = east;
  b.open[NORTH] = -1;
  b.open[SOUTH] = -1;
  if (isDouble(t)) {
    b.tip[WEST] = TIP_CENTRE;
    b.tip[EAST] = TIP_CENTRE;
    if (rules.spinner) {
      b.spinner = west;
      openSidesIfDue(b, rules);
    }
  } else {
    b.tip[WEST] = TIP_PLAIN;
    b.tip[EAST] = TIP_PLAIN;
  }
}

/** Plays `t` on `end`, which must be open and show a number of `t`. */
export function placeOn(b: MutableBoard, rules: BoardRules, end: number, t: Tile): void {
  const v = b.open[end] as number;
  b.tiles++;
  if (isDouble(t)) {
    if (b.spinner < 0 && rules.spinner && end <= EAST) {
      b.spinner = v;
      b.tip[end] = TIP_CENTRE;
    } else {
      b.tip[end] = TIP_DOUBLE;
    }
  } else {
    b.open[end] = otherHalf(t, v);
    b.tip[end] = TIP_PLAIN;
  }
  openSidesIfDue(b, rules);
}

function openSidesIfDue(b: MutableBoard, rules: BoardRules): void {
  if (b.spinner < 0 || b.open[NORTH] !== -1) return;
  const bothSidesCovered = b.tip[WEST] !== TIP_CENTRE && b.tip[EAST] !== TIP_CENTRE;
  if (rules.opensImmediately || bothSidesCovered) {
    b.open[NORTH] = b.spinner;
    b.open[SOUTH] = b.spinner;
    b.tip[NORTH] = TIP_BARE;
    b.tip[SOUTH] = TIP_BARE;
  }
}
