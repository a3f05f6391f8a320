import type { End, LayoutView, PlacedTile, ViewEvent } from '@fives/engine';

/**
 * Where each tile of the layout goes on a table of a given size. The centre tile (the spinner,
 * or the lead while there is none) sits in the middle; the west, east, north and south arms run
 * out from it and turn clockwise before they would leave the table, each inside its own
 * pinwheel zone so that arms never cross. The tile size is the largest that fits everything,
 * including a ghost tile at every open end (where the next tile would go), so drop targets are
 * always on screen too. Pure: the same layout and size always give the same picture.
 */

/** Travel directions, clockwise on screen (y grows downward): angle = dir × 90°. */
export type Dir = 0 | 1 | 2 | 3;
const DX = [1, 0, -1, 0] as const;
const DY = [0, 1, 0, -1] as const;

export interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface TilePlacement {
  readonly tile: string;
  /** The half nearer the centre (for the centre tile: west, or either half of a double). */
  readonly inner: number;
  readonly outer: number;
  /** Centre of the tile, in pixels from the table's top-left. */
  readonly x: number;
  readonly y: number;
  /** Rotation, in degrees, of a tile drawn lying along x with `inner` on the left. */
  readonly angle: number;
  readonly double: boolean;
  readonly spinner: boolean;
  readonly arm: End | 'centre';
  /** Size of the tile's box on screen (its short side is the unit). */
  readonly rect: Rect;
}

export interface EndTarget {
  /** null: the lead, on an empty table. */
  readonly end: End | null;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly rect: Rect;
}

export interface BoardGeometry {
  /** The short side of a tile, in pixels. */
  readonly unit: number;
  readonly tiles: readonly TilePlacement[];
  readonly targets: readonly EndTarget[];
}

export interface GeometryInput {
  readonly layout: LayoutView;
  /** Index in `layout.line` of the tile in the middle: the spinner, else the lead. */
  readonly centre: number;
  /** The ends open now: each gets a target where the next tile would go. */
  readonly open: readonly End[];
  readonly width: number;
  readonly height: number;
  /** Largest tile short side, in pixels. */
  readonly maxUnit?: number;
  /** Space kept free around the edge. */
  readonly padding?: number;
}

const SHRINK = 0.94;
const MIN_UNIT = 2;
const EPS = 1e-6;

/** Which tile sits in the middle: the spinner once there is one, else the lead. */
export function centreIndex(layout: LayoutView, log: readonly ViewEvent[]): number {
  if (layout.spinner !== null) return layout.spinner;
  // Every tile played on the west end sits before the lead in the west-to-east line.
  return log.filter((e) => e.type === 'play' && e.end === 'west').length;
}

/**
 * Straight arms read better than big tiles: each corner costs this share of a tile's size
 * when sizes are compared, so a layout turns only when that buys clearly bigger tiles.
 */
const TURN_COST = 0.85;

export function boardGeometry(input: GeometryInput): BoardGeometry {
  const maxUnit = Math.max(MIN_UNIT, input.maxUnit ?? 40);
  let best: { g: BoardGeometry; score: number } | null = null;
  // A smaller tile can only score less than its size, so stop once sizes fall below the best score.
  for (let u = maxUnit; u >= MIN_UNIT && (best === null || u > best.score); u *= SHRINK) {
    const placed = tryLayout(input, u);
    if (placed === null) continue;
    const score = u * TURN_COST ** placed.turns;
    if (best === null || score > best.score) best = { g: placed.geometry, score };
  }
  // Below two pixels nothing is readable anyway; the smallest attempt is still drawn straight.
  return best?.g ?? (tryLayout(input, MIN_UNIT, true) as Placed).geometry;
}

interface Placed {
  readonly geometry: BoardGeometry;
  /** Corners turned, over all arms. */
  readonly turns: number;
}

interface Cursor {
  /** The middle of the open edge of the last tile, and the way the arm travels. */
  readonly x: number;
  readonly y: number;
  readonly dir: Dir;
  /** The last tile's length along `dir` and half its width across it (for turning corners). */
  readonly len: number;
  readonly half: number;
}

interface Step {
  readonly rect: Rect;
  readonly cx: number;
  readonly cy: number;
  readonly cursor: Cursor;
}

function tryLayout(input: GeometryInput, u: number, force = false): Placed | null {
  const pad = input.padding ?? 4;
  const bounds: Rect = { x0: pad, y0: pad, x1: input.width - pad, y1: input.height - pad };
  const cx = input.width / 2;
  const cy = input.height / 2;
  const line = input.layout.line;
  const centreTile = line[input.centre];
  if (centreTile === undefined) {
    const rect = rectAt(cx, cy, u, u / 2);
    if (!force && !inside(rect, bounds)) return null;
    return { geometry: { unit: u, tiles: [], targets: [{ end: null, x: cx, y: cy, angle: 0, rect }] }, turns: 0 };
  }
  const cross = centreTile.double;
  const spinner = input.layout.spinner === input.centre;
  // Half the centre tile's width (x) and height (y): a double lies across the west–east line.
  const cw = cross ? u / 2 : u;
  const ch = cross ? u : u / 2;
  const centre: TilePlacement = {
    tile: centreTile.tile,
    inner: centreTile.a,
    outer: centreTile.b,
    x: cx,
    y: cy,
    angle: cross ? 90 : 0,
    double: centreTile.double,
    spinner,
    arm: 'centre',
    rect: rectAt(cx, cy, cw, ch),
  };
  if (!force && !inside(centre.rect, bounds)) return null;
  const zones = armZones(bounds, cx, cy, cw, ch, u, spinner);
  const west = line
    .slice(0, input.centre)
    .reverse()
    .map((t) => ({ tile: t.tile, inner: t.b, outer: t.a, double: t.double }));
  const east = line.slice(input.centre + 1).map((t) => ({ tile: t.tile, inner: t.a, outer: t.b, double: t.double }));
  const arm = (t: PlacedTile): ArmTile => ({ tile: t.tile, inner: t.a, outer: t.b, double: t.double });
  const arms: [End, ArmTile[], Cursor][] = [
    ['east', east, { x: cx + cw, y: cy, dir: 0, len: 2 * cw, half: ch }],
    ['south', input.layout.south.map(arm), { x: cx, y: cy + ch, dir: 1, len: 2 * ch, half: cw }],
    ['west', west, { x: cx - cw, y: cy, dir: 2, len: 2 * cw, half: ch }],
    ['north', input.layout.north.map(arm), { x: cx, y: cy - ch, dir: 3, len: 2 * ch, half: cw }],
  ];
  const tiles: TilePlacement[] = [centre];
  const targets: EndTarget[] = [];
  let turns = 0;
  for (const [end, armTiles, start] of arms) {
    const taken: Rect[] = [];
    let cursor = start;
    const zone = zones[end];
    const next = (double: boolean, first: boolean): Step | null => {
      const straight = stepFrom(cursor, cursor.dir, double, u);
      if (force || fits(straight.rect, zone, taken)) return straight;
      if (first) return null;
      const turned = turnFrom(cursor, double, u);
      if (!fits(turned.rect, zone, taken)) return null;
      turns++;
      return turned;
    };
    for (const [i, t] of armTiles.entries()) {
      const s = next(t.double, i === 0);
      if (s === null) return null;
      taken.push(s.rect);
      cursor = s.cursor;
      const dir = s.cursor.dir;
      tiles.push({ ...t, x: s.cx, y: s.cy, angle: (dir * 90 + (t.double ? 90 : 0)) % 360, spinner: false, arm: end, rect: s.rect });
    }
    if (input.open.includes(end)) {
      const s = next(false, armTiles.length === 0);
      if (s === null) return null;
      targets.push({ end, x: s.cx, y: s.cy, angle: s.cursor.dir * 90, rect: s.rect });
    }
  }
  return { geometry: { unit: u, tiles, targets }, turns };
}

interface ArmTile {
  readonly tile: string;
  readonly inner: number;
  readonly outer: number;
  readonly double: boolean;
}

/** The next tile straight on from the cursor, in direction `dir`. */
function stepFrom(c: Cursor, dir: Dir, double: boolean, u: number): Step {
  const len = double ? u : 2 * u;
  const half = double ? u : u / 2;
  const cx = c.x + DX[dir] * (len / 2);
  const cy = c.y + DY[dir] * (len / 2);
  const horizontal = dir % 2 === 0;
  const rect = horizontal ? rectAt(cx, cy, len / 2, half) : rectAt(cx, cy, half, len / 2);
  return { rect, cx, cy, cursor: { x: c.x + DX[dir] * len, y: c.y + DY[dir] * len, dir, len, half } };
}

/**
 * Turns the corner clockwise: the next tile starts against the side of the last tile's outer
 * half, so the matching numbers still touch.
 */
function turnFrom(c: Cursor, double: boolean, u: number): Step {
  const dir = ((c.dir + 1) % 4) as Dir;
  // The last tile's outer half (or a crosswise double's middle) is centred u/2 back from its edge.
  const start: Cursor = {
    x: c.x - DX[c.dir] * (u / 2) + DX[dir] * c.half,
    y: c.y - DY[c.dir] * (u / 2) + DY[dir] * c.half,
    dir,
    len: c.len,
    half: c.half,
  };
  return stepFrom(start, dir, double, u);
}

/**
 * Each arm owns a pinwheel zone: its band out from the centre, then the quarter of the table
 * it turns into (east turns south, south west, west north, north east). Without a spinner the
 * two arms share the table in halves instead.
 */
function armZones(b: Rect, cx: number, cy: number, cw: number, ch: number, u: number, spinner: boolean): Record<End, Rect[]> {
  if (spinner) {
    return {
      east: [r(cx + cw, cy - u, b.x1, cy + u), r(cx + u, cy - u, b.x1, b.y1)],
      south: [r(cx - u, cy + ch, cx + u, b.y1), r(b.x0, cy + u, cx + u, b.y1)],
      west: [r(b.x0, cy - u, cx - cw, cy + u), r(b.x0, b.y0, cx - u, cy + u)],
      north: [r(cx - u, b.y0, cx + u, cy - ch), r(cx - u, b.y0, b.x1, cy - u)],
    };
  }
  return {
    east: [r(cx + cw, cy - u, b.x1, b.y1), r(b.x0, cy + u, b.x1, b.y1)],
    west: [r(b.x0, b.y0, cx - cw, cy + u), r(b.x0, b.y0, b.x1, cy - u)],
    north: [],
    south: [],
  };
}

function r(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x0, y0, x1, y1 };
}

function rectAt(cx: number, cy: number, hw: number, hh: number): Rect {
  return { x0: cx - hw, y0: cy - hh, x1: cx + hw, y1: cy + hh };
}

export function inside(a: Rect, b: Rect): boolean {
  return a.x0 >= b.x0 - EPS && a.y0 >= b.y0 - EPS && a.x1 <= b.x1 + EPS && a.y1 <= b.y1 + EPS;
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 - EPS && b.x0 < a.x1 - EPS && a.y0 < b.y1 - EPS && b.y0 < a.y1 - EPS;
}

function fits(rect: Rect, zone: readonly Rect[], taken: readonly Rect[]): boolean {
  return zone.some((z) => inside(rect, z)) && !taken.some((t) => overlaps(rect, t));
}
