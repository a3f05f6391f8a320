import { type Board, type BoardRules, type MutableBoard, EAST, EMPTY_BOARD, TIP_BARE, TIP_CENTRE, TIP_DOUBLE, boardCount, cloneBoard, endFit, placeLead } from './board.ts';
import { TILE_COUNT, type Tile, type TileMask, isDouble, low, otherHalf } from './tiles.ts';

/**
 * The board of `board.ts` in one small integer, for the in-place playout: the search copies,
 * tests and lays boards millions of times a second, and an integer is copied by assignment and
 * read with a shift, where the object's arrays cost a map check, a bounds check and a load per
 * end. `apply`'s states keep the `Board` of records and views; this is the playout's own.
 *
 * Bits 5i..5i+4 hold end i (west, east, north, south): the number it shows plus one (0: closed)
 * in the low three bits, its tip (TIP_PLAIN…TIP_BARE) in the next two. Bits 20..22 hold the
 * spinner's number plus one (0: no spinner yet). The tile count is not in it (only "none yet"
 * matters to the rules, and the playout keeps the count beside it).
 *
 * What fits, what a board counts and how a lead lies are read from tables made at load by
 * `endFit`, `boardCount` and `placeLead` themselves, so those rules keep one statement each.
 * `placeOnPacked` is `placeOn` on this layout; a test holds the two (and the counts) to the same
 * answers on every play of many random games of every board rule.
 */
export type PackedBoard = number;

const SPINNER_SHIFT = 20;
const END_MASK = 31;

/** What fits an end, by its five bits: `endFit` of an end showing that number. */
const FIT = Int32Array.from({ length: 32 }, (_, f) => endFit(unpackBoard(f, 1), 0));

/**
 * `boardCount` of the west/east pair (bits 0..9) and of the north/south pair (bits 10..19), each
 * with the other pair closed. The count is their sum: boardCount adds the ends one by one, and
 * the spinner counted at its centre is only ever at a west or east tip (placeLead, placeOn), so
 * the pairs never share it.
 */
const COUNT_WE = Int8Array.from({ length: 1024 }, (_, i) => boardCount(unpackBoard(i, 1)));
const COUNT_NS = Int8Array.from({ length: 1024 }, (_, i) => boardCount(unpackBoard(i << 10, 1)));

/** `endFit` on the packed board. */
export function packedFit(b: PackedBoard, i: number): TileMask {
  return FIT[(b >>> (5 * i)) & END_MASK] as number;
}

/** `boardCount` on the packed board. */
export function packedCount(b: PackedBoard): number {
  return ((COUNT_WE[b & 1023] as number) + (COUNT_NS[(b >>> 10) & 1023] as number)) | 0;
}

export function packBoard(b: Board): PackedBoard {
  let p = (b.spinner + 1) << SPINNER_SHIFT;
  for (let i = 0; i < 4; i++) {
    const v = b.open[i] as number;
    if (v >= 0) p |= ((v + 1) | ((b.tip[i] as number) << 3)) << (5 * i);
  }
  return p;
}

/** The `Board` a packed one stands for (closed ends with tip 0, as `EMPTY_BOARD` has them). */
export function unpackBoard(p: PackedBoard, tiles: number): MutableBoard {
  const b = cloneBoard(EMPTY_BOARD);
  b.tiles = tiles;
  b.spinner = (p >>> SPINNER_SHIFT) - 1;
  for (let i = 0; i < 4; i++) {
    const f = (p >>> (5 * i)) & END_MASK;
    if ((f & 7) === 0) continue;
    b.open[i] = (f & 7) - 1;
    b.tip[i] = f >> 3;
  }
  return b;
}

/** For each tile, the board its lead makes (`placeLead`, west showing its low half), per board rules. */
const LEADS = new Map<string, Int32Array>();

export function packedLeads(rules: BoardRules): Int32Array {
  const key = `${rules.spinner}/${rules.opensImmediately}`;
  let leads = LEADS.get(key);
  if (leads === undefined) {
    leads = Int32Array.from({ length: TILE_COUNT }, (_, t) => {
      const b = cloneBoard(EMPTY_BOARD);
      placeLead(b, rules, t as Tile, low(t as Tile));
      return packBoard(b);
    });
    LEADS.set(key, leads);
  }
  return leads;
}

/**
 * End `end`'s five bits once `t` is laid on it (`placeOn`'s rule for the end played on): a
 * double lies crosswise, or becomes the spinner at the centre if it is the first double on a
 * west or east end under a spinner; any other tile shows its other half. `spins` says whether
 * a double here would become the spinner.
 */
function laidEnd(f: number, t: Tile, spins: boolean): number {
  const shown = f & 7;
  if (isDouble(t)) return shown | ((spins ? TIP_CENTRE : TIP_DOUBLE) << 3);
  return otherHalf(t, shown - 1) + 1;
}

function spinsOn(b: PackedBoard, rules: BoardRules, end: number): boolean {
  return b >>> SPINNER_SHIFT === 0 && rules.spinner && end <= EAST;
}

/** `countAfterPlacing` on the packed board: the count once `t` is laid on `end`, without laying it. */
export function packedCountAfter(b: PackedBoard, rules: BoardRules, end: number, t: Tile): number {
  const sh = 5 * end;
  const f = laidEnd((b >>> sh) & END_MASK, t, spinsOn(b, rules, end));
  // Sides the spinner would open are bare and count nothing, so they are left out.
  return packedCount((b & ~(END_MASK << sh)) | (f << sh));
}

/** `placeOn` on the packed board: `t` laid on `end`, which must be open and show a number of `t`. */
export function placeOnPacked(b: PackedBoard, rules: BoardRules, end: number, t: Tile): PackedBoard {
  const sh = 5 * end;
  const f = (b >>> sh) & END_MASK;
  let next = b & ~(END_MASK << sh);
  if (isDouble(t) && spinsOn(b, rules, end)) next |= (f & 7) << SPINNER_SHIFT;
  next |= laidEnd(f, t, spinsOn(b, rules, end)) << sh;
  return opensSidesIfDue(next, rules);
}

/** `openSidesIfDue`: the spinner's north and south open, bare, once both its sides are covered (or at once). */
function opensSidesIfDue(b: PackedBoard, rules: BoardRules): PackedBoard {
  const spinner = b >>> SPINNER_SHIFT;
  if (spinner === 0 || (b & (7 << 10)) !== 0) return b;
  const covered = ((b >>> 3) & 3) !== TIP_CENTRE && ((b >>> 8) & 3) !== TIP_CENTRE;
  if (!rules.opensImmediately && !covered) return b;
  const bare = spinner | (TIP_BARE << 3);
  return b | (bare << 10) | (bare << 15);
}
