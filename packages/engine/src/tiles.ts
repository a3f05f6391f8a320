/**
 * The 28 tiles of a double-six set as small integers, so that a hand is a 28-bit mask and
 * "which tiles fit this end" is one AND. Everything on the hot path works on these ids; strings
 * ("5-2") exist only at the edges (records, views, logs).
 */

declare const tileBrand: unique symbol;
/** A tile id, 0..27. Branded so that a seat, a pip count or a score is never taken for a tile. */
export type Tile = number & { readonly [tileBrand]: true };

/** A set of tiles: bit `t` is set when tile `t` is in the set. */
export type TileMask = number;

export const TILE_COUNT = 28;
export const MAX_PIP = 6;

// Typed tables: the search reads them millions of times a second, and a typed array's element
// kind never changes, so every read compiles to one load.
const LO = new Int8Array(TILE_COUNT);
const HI = new Int8Array(TILE_COUNT);
const ID = new Int8Array(49).fill(-1);
/** Bit t set when tile t is a double. */
const DOUBLE_MASK = ((): number => {
  let id = 0;
  let m = 0;
  for (let a = 0; a <= MAX_PIP; a++) {
    for (let b = a; b <= MAX_PIP; b++) {
      LO[id] = a;
      HI[id] = b;
      ID[a * 7 + b] = id;
      ID[b * 7 + a] = id;
      if (a === b) m |= 1 << id;
      id++;
    }
  }
  return m;
})();
/** `otherHalf(t, v)` for every tile and number, at t * 8 + v. */
const OTHER = new Int8Array(TILE_COUNT * 8);
for (let t = 0; t < TILE_COUNT; t++) for (let v = 0; v <= MAX_PIP; v++) OTHER[t * 8 + v] = LO[t] === v ? (HI[t] as number) : (LO[t] as number);

/** Mask of every tile that shows `v` on one of its halves, for v = 0..6. */
export const SUIT: readonly TileMask[] = Array.from({ length: MAX_PIP + 1 }, (_, v) => {
  let m = 0;
  for (let t = 0; t < TILE_COUNT; t++) if (LO[t] === v || HI[t] === v) m |= 1 << t;
  return m;
});

export const ALL_TILES: readonly Tile[] = Array.from({ length: TILE_COUNT }, (_, t) => t as Tile);
/** Every tile of the set. */
export const FULL_SET: TileMask = (1 << TILE_COUNT) - 1;

export function tileOf(a: number, b: number): Tile {
  return ID[a * 7 + b] as Tile;
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
  return ((DOUBLE_MASK >>> t) & 1) !== 0;
}
/** The half of `t` that is not `v` (for a double, `v` itself). `t` must show `v`. */
export function otherHalf(t: Tile, v: number): number {
  return OTHER[t * 8 + v] as number;
}

/** Parses "a-b" (either order) into a tile and the half written first; null if not a tile. */
export function parseTile(text: string): { tile: Tile; first: number } | null {
  const m = /^([0-6])-([0-6])$/.exec(text);
  if (!m) return null;
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
