/**
 * The tiles of a double-six set (28) or a double-nine set (55) as small integers, so that a hand
 * is a bit mask and "which tiles fit this end" is one AND. Everything on the hot path works on
 * these ids; strings ("5-2") exist only at the edges (records, views, logs).
 *
 * The ids of the double-six tiles are the same in both sets (0..27: 0-0, 0-1, … 0-6, 1-1, … 6-6),
 * and the double-nine set adds 28..54 for the tiles with a 7, 8 or 9 (0-7, 1-7, … 7-7, 0-8, … 9-9).
 * A double-six hand is one 28-bit word, exactly as before the double-nine set came; a double-nine
 * hand is two words: the `low` word of ids 0..27 and the `high` word of ids 28..54 (bit id − 28),
 * so the double-six code keeps its one word and its speed (docs/performance.md), and the few
 * places that read a double-nine hand add the second word.
 */

declare const tileBrand: unique symbol;
/** A tile id, 0..27 (double six) or 0..54 (double nine). Branded so that a seat, a pip count or a score is never taken for a tile. */
export type Tile = number & { readonly [tileBrand]: true };

/** A set of tiles of one word: bit `t` is set when tile `t` (or, in a high word, `t + 28`) is in the set. */
export type TileMask = number;

/** The tiles of a double-six set, and the largest number on them. */
export const TILE_COUNT = 28;
export const MAX_PIP = 6;
/** The largest number of the biggest set the engine plays, and its tiles. */
export const MAX_PIP_NINE = 9;
export const TILE_COUNT_NINE = 55;
/** The largest number of a set: 6 (double six) or 9 (double nine). */
export type MaxPip = typeof MAX_PIP | typeof MAX_PIP_NINE;
/** Ids from here on are in a hand's high word. */
export const HIGH_BASE = TILE_COUNT;

/** How many tiles a set with `maxPip` has: (n + 1)(n + 2) / 2. */
export function tileCount(maxPip: MaxPip): number {
  return maxPip === MAX_PIP ? TILE_COUNT : TILE_COUNT_NINE;
}

// Typed tables: the search reads them millions of times a second, and a typed array's element
// kind never changes, so every read compiles to one load.
const LO = new Int8Array(TILE_COUNT_NINE);
const HI = new Int8Array(TILE_COUNT_NINE);
const ID = new Int8Array(100).fill(-1);
/** Bit t set when tile t is a double (the double-six tiles; `HIGH_DOUBLES` the rest). */
const DOUBLE_MASK = ((): number => {
  let id = 0;
  let m = 0;
  const add = (a: number, b: number): void => {
    LO[id] = a;
    HI[id] = b;
    ID[a * 10 + b] = id;
    ID[b * 10 + a] = id;
    if (a === b && id < HIGH_BASE) m |= 1 << id;
    id++;
  };
  for (let a = 0; a <= MAX_PIP; a++) for (let b = a; b <= MAX_PIP; b++) add(a, b);
  for (let b = MAX_PIP + 1; b <= MAX_PIP_NINE; b++) for (let a = 0; a <= b; a++) add(a, b);
  return m;
})();
/** `otherHalf(t, v)` for every tile and number, at t * 16 + v. */
const OTHER = new Int8Array(TILE_COUNT_NINE * 16);
for (let t = 0; t < TILE_COUNT_NINE; t++) {
  for (let v = 0; v <= MAX_PIP_NINE; v++) OTHER[t * 16 + v] = LO[t] === v ? (HI[t] as number) : (LO[t] as number);
}

/** Mask of every tile that shows `v` on one of its halves, for v = 0..6. */
export const SUIT: readonly TileMask[] = Array.from({ length: MAX_PIP + 1 }, (_, v) => {
  let m = 0;
  for (let t = 0; t < TILE_COUNT; t++) if (LO[t] === v || HI[t] === v) m |= 1 << t;
  return m;
});

/**
 * Mask of every tile of a hand's high word (ids 28..54) that shows `v`, for v = 0..9: a double-nine
 * end showing v takes these besides `SUIT[v]` (none for v = 7..9, which no low tile shows).
 */
export const SUIT_HIGH: readonly TileMask[] = Array.from({ length: MAX_PIP_NINE + 1 }, (_, v) => {
  let m = 0;
  for (let t = HIGH_BASE; t < TILE_COUNT_NINE; t++) if (LO[t] === v || HI[t] === v) m |= 1 << (t - HIGH_BASE);
  return m;
});

export const ALL_TILES: readonly Tile[] = Array.from({ length: TILE_COUNT }, (_, t) => t as Tile);
/** The 55 tiles of a double-nine set, the double-six ones first. */
export const ALL_TILES_NINE: readonly Tile[] = Array.from({ length: TILE_COUNT_NINE }, (_, t) => t as Tile);
/** Every tile of the set (a double-six set; a double-nine set's low word). */
export const FULL_SET: TileMask = (1 << TILE_COUNT) - 1;
/** A double-nine set's high word: every tile with a 7, 8 or 9. */
export const FULL_HIGH: TileMask = (1 << (TILE_COUNT_NINE - HIGH_BASE)) - 1;

/** Every tile of the set up to `maxPip`, in id order. */
export function setTiles(maxPip: MaxPip): readonly Tile[] {
  return maxPip === MAX_PIP ? ALL_TILES : ALL_TILES_NINE;
}

export function tileOf(a: number, b: number): Tile {
  return ID[a * 10 + b] as Tile;
}
export function low(t: Tile): number {
  return LO[t] as number;
}
export function high(t: Tile): number {
  return HI[t] as number;
}
export function pips(t: Tile): number {
  return (LO[t] as number) + (HI[t] as number);
}
export function isDouble(t: Tile): boolean {
  // A shift takes its count modulo 32, so the high ids (28..54) ask LO and HI instead.
  return t < HIGH_BASE ? ((DOUBLE_MASK >>> t) & 1) !== 0 : LO[t] === HI[t];
}
/** The half of `t` that is not `v` (for a double, `v` itself). `t` must show `v`. */
export function otherHalf(t: Tile, v: number): number {
  return OTHER[t * 16 + v] as number;
}

/** Parses "a-b" (either order) into a tile and the half written first; null if not a tile of the set up to `maxPip`. */
export function parseTile(text: string, maxPip: MaxPip = MAX_PIP): { tile: Tile; first: number } | null {
  const m = /^(\d)-(\d)$/.exec(text);
  if (!m || Number(m[1]) > maxPip || Number(m[2]) > maxPip) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return { tile: tileOf(a, b), first: a };
}

/** "lo-hi", the one spelling the project prints. */
export function formatTile(t: Tile): string {
  return `${LO[t]}-${HI[t]}`;
}

export function bit(t: Tile): TileMask {
  return 1 << t;
}
export function has(mask: TileMask, t: Tile): boolean {
  return (mask & (1 << t)) !== 0;
}
export function maskOf(tiles: Iterable<Tile>): TileMask {
  let m = 0;
  for (const t of tiles) m |= 1 << t;
  return m;
}
export function tilesOf(mask: TileMask): Tile[] {
  const out: Tile[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push((31 - Math.clz32(m & -m)) as Tile);
  return out;
}
/** The lowest tile of a non-empty mask; lets hot loops walk a mask without allocating. */
export function lowestTile(mask: TileMask): Tile {
  return (31 - Math.clz32(mask & -mask)) as Tile;
}
export function countTiles(mask: TileMask): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
export function maskPips(mask: TileMask): number {
  let sum = 0;
  for (let m = mask; m !== 0; m &= m - 1) sum += pips((31 - Math.clz32(m & -m)) as Tile);
  return sum;
}

// A double-nine hand's two words. The one-word functions above read a low word (every tile of a
// double-six set); these put a tile in its word, and read a hand of both.

/** Whether `t` lives in a hand's high word (ids 28..54: a 7, 8 or 9 on it). */
export function isHighTile(t: Tile): boolean {
  return t >= HIGH_BASE;
}
/** `t`'s bit in its own word (`isHighTile` says which). */
export function wordBit(t: Tile): TileMask {
  return t < HIGH_BASE ? 1 << t : 1 << (t - HIGH_BASE);
}
/** Whether the hand of words `lowMask`, `highMask` holds `t`. */
export function holds(lowMask: TileMask, highMask: TileMask, t: Tile): boolean {
  return ((t < HIGH_BASE ? lowMask : highMask) & wordBit(t)) !== 0;
}
/** The low word of some tiles (those of a double-six set), leaving out any high one. */
export function lowMaskOf(tiles: Iterable<Tile>): TileMask {
  let m = 0;
  for (const t of tiles) if (t < HIGH_BASE) m |= 1 << t;
  return m;
}
/** The high word of some tiles: those with a 7, 8 or 9, at bit id − 28. */
export function highMaskOf(tiles: Iterable<Tile>): TileMask {
  let m = 0;
  for (const t of tiles) if (t >= HIGH_BASE) m |= 1 << (t - HIGH_BASE);
  return m;
}
/** The tiles of a hand of two words, in id order. */
export function tilesOfWords(lowMask: TileMask, highMask: TileMask): Tile[] {
  const out = tilesOf(lowMask);
  for (let m = highMask; m !== 0; m &= m - 1) out.push((HIGH_BASE + 31 - Math.clz32(m & -m)) as Tile);
  return out;
}
/** The pips of a hand of two words. */
export function pipsOfWords(lowMask: TileMask, highMask: TileMask): number {
  let sum = maskPips(lowMask);
  for (let m = highMask; m !== 0; m &= m - 1) sum += pips((HIGH_BASE + 31 - Math.clz32(m & -m)) as Tile);
  return sum;
}
