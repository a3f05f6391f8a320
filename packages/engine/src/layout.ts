import type { End } from './board.ts';
import type { HandEvent } from './state.ts';
import { type Tile, isDouble, low, otherHalf } from './tiles.ts';

/**
 * The layout as a player sees it, for drawing: the west–east line in order and the two arms
 * that grow from the spinner's sides. Each placed tile says which half faces which way, so a
 * client can draw it without knowing any rule.
 */
export interface PlacedTile {
  /** The tile, "lo-hi". */
  readonly tile: string;
  /** On the line: the half facing west, then the half facing east. On north/south: the half touching the spinner's side, then the outer half. */
  readonly a: number;
  readonly b: number;
  /** Laid crosswise. */
  readonly double: boolean;
}

export interface LayoutView {
  /** West to east. */
  readonly line: readonly PlacedTile[];
  /** Index in `line` of the spinner, or null while there is none. */
  readonly spinner: number | null;
  /** From the spinner outward. */
  readonly north: readonly PlacedTile[];
  readonly south: readonly PlacedTile[];
}

function placed(t: Tile, a: number, b: number): PlacedTile {
  return { tile: `${low(t)}-${otherHalf(t, low(t))}`, a, b, double: isDouble(t) };
}

/** Rebuilds the layout from a hand's plays; `spinner` says whether this game has one. */
export function layoutOf(log: readonly HandEvent[], spinner: boolean): LayoutView {
  const west: PlacedTile[] = [];
  const east: PlacedTile[] = [];
  const arms: Record<'north' | 'south', PlacedTile[]> = { north: [], south: [] };
  let lead: PlacedTile | null = null;
  // Where the spinner is: the lead, or the n-th tile out from the lead on one side.
  // (Asserted, not annotated: `found` sets it, which narrowing from `= null` would not see.)
  let spinnerAt = null as { side: 'lead' | 'west' | 'east'; index: number } | null;
  // The number each end shows; north and south start at the spinner's number.
  const outward: Record<End, number> = { west: -1, east: -1, north: -1, south: -1 };
  const found = (side: 'lead' | 'west' | 'east', index: number, pip: number): void => {
    spinnerAt = { side, index };
    outward.north = outward.south = pip;
  };
  for (const e of log) {
    if (e.type !== 'play') continue;
    if (e.end === null) {
      const w = e.west ?? low(e.tile);
      lead = placed(e.tile, w, otherHalf(e.tile, w));
      outward.west = w;
      outward.east = otherHalf(e.tile, w);
      if (spinner && isDouble(e.tile)) found('lead', 0, w);
      continue;
    }
    const v = outward[e.end];
    const out = otherHalf(e.tile, v);
    outward[e.end] = out;
    if (e.end === 'north' || e.end === 'south') {
      arms[e.end].push(placed(e.tile, v, out));
      continue;
    }
    const line = e.end === 'west' ? west : east;
    line.push(e.end === 'west' ? placed(e.tile, out, v) : placed(e.tile, v, out));
    if (spinner && spinnerAt === null && isDouble(e.tile)) found(e.end, line.length - 1, v);
  }
  return { line: [...west.slice().reverse(), ...(lead ? [lead] : []), ...east], spinner: spinnerIndex(spinnerAt, west.length), north: arms.north, south: arms.south };
}

function spinnerIndex(at: { side: 'lead' | 'west' | 'east'; index: number } | null, westLength: number): number | null {
  if (at === null) return null;
  if (at.side === 'lead') return westLength;
  return at.side === 'west' ? westLength - 1 - at.index : westLength + 1 + at.index;
}
