import type { End, LayoutView, PlacedTile, ViewEvent } from '@fives/engine';

/**
 * Where each tile of the layout goes on the felt, and how the picture changes as a hand goes on.
 *
 * The first tile (the root: the lead, and once a rescale has happened with a spinner down, the
 * spinner) sits where it was put and never moves. Each arm runs out from it and snakes: straight
 * until the next tile would leave the felt, touch another tile or go under the HUD (`keepOut`),
 * then one turn toward its own side, one tile, and back the other way, row after row
 * (boustrophedon), so a long arm fills the felt before anything shrinks. A turn is a hook where
 * it fits (the turning tile past the row's end, the next row against this one), and a side that
 * is full sends the snake back the other way. When laid afresh each arm's side is chosen by the
 * room the picture leaves at every open end, and an arm hemmed in lays its last few tiles again
 * another way (a bounded search) before anything shrinks.
 *
 * A new play is laid against what is already there, which does not move (`planBoard` with the
 * previous picture). Only when the new tile, or the ghost at an open end (where the next tile
 * would go, a drop target), no longer fits is everything laid out again with a smaller tile,
 * the root staying where it is: the scale only shrinks within a hand, and only when it must.
 * Pure: the same previous picture and layout always give the same new picture.
 */

/** Travel directions, clockwise on screen (y grows downward): angle = dir × 90°. */
export type Dir = 0 | 1 | 2 | 3;
const DX = [1, 0, -1, 0] as const;
const DY = [0, 1, 0, -1] as const;
const turn = (d: Dir, quarter: number): Dir => ((((d + quarter) % 4) + 4) % 4) as Dir;

export interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export type Arm = End;

export interface TilePlacement {
  readonly tile: string;
  /** The half nearer the root (for the root itself: west, or either half of a double). */
  readonly inner: number;
  readonly outer: number;
  /** Centre of the tile, in pixels from the felt's top-left. */
  readonly x: number;
  readonly y: number;
  /** Rotation, in degrees, of a tile drawn lying along x with `inner` on the left. */
  readonly angle: number;
  /** The way its arm travels through it. */
  readonly dir: Dir;
  readonly double: boolean;
  readonly spinner: boolean;
  readonly arm: Arm | 'centre';
  /** The tile's box on screen (its short side is the unit). */
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

/** Where an arm's open end is and which way it snakes, so that the next tile continues it. */
interface Walk {
  readonly cursor: Cursor;
  /** `run`: along a row; `connect`: stepping across to the next row. */
  readonly phase: 'run' | 'connect';
  /** The direction of the row being laid (or just left). */
  readonly run: Dir;
  /** The side the rows advance toward. */
  readonly advance: Dir;
}

export interface BoardGeometry {
  /** The short side of a tile, in pixels. */
  readonly unit: number;
  readonly tiles: readonly TilePlacement[];
  readonly targets: readonly EndTarget[];
  /** The felt this was laid on. */
  readonly width: number;
  readonly height: number;
  /** The tile everything hangs from, and the way the line runs through it. */
  readonly root: { readonly tile: string; readonly x: number; readonly y: number; readonly dir: Dir } | null;
  /** Each arm's open end as laid (an arm with no tiles yet has none). */
  readonly walks: Readonly<Partial<Record<Arm, Walk>>>;
  /** The side each arm snakes toward (a quarter turn from its way out: 1 clockwise), chosen when laid afresh. */
  readonly senses: Senses;
}

export type Sense = 1 | -1;
export type Senses = Readonly<Record<Arm, Sense>>;
const PINWHEEL: Senses = { east: 1, south: 1, west: 1, north: 1 };

export interface GeometryInput {
  readonly layout: LayoutView;
  /** Index in `layout.line` of the lead (`leadIndex`): the root of a fresh picture. */
  readonly lead: number;
  /** The ends open now: each gets a target where the next tile would go. */
  readonly open: readonly End[];
  readonly width: number;
  readonly height: number;
  /** Largest tile short side, in pixels. */
  readonly maxUnit?: number;
  /** Space kept free around the edge. */
  readonly padding?: number;
  /** Boxes on the felt no tile may cover (what is drawn over its corners), from its top-left. */
  readonly keepOut?: readonly Rect[];
}

/** Where tiles may go: inside the padded felt and off what is drawn over it. */
interface Felt extends Rect {
  readonly keepOut: readonly Rect[];
}

function onFelt(r: Rect, felt: Felt): boolean {
  return inside(r, felt) && !felt.keepOut.some((k) => overlaps(r, k));
}

/** Each rescale takes the tile this much smaller, until everything fits. */
const SHRINK = 0.92;
const MIN_UNIT = 2;
const EPS = 1e-6;
/** A felt that changes more than this (a turned phone, a resized window) starts the picture afresh. */
const RESIZE = 0.25;

/** Index in the west-to-east line of the lead: every tile played on the west end lies before it. */
export function leadIndex(log: readonly ViewEvent[]): number {
  return log.filter((e) => e.type === 'play' && e.end === 'west').length;
}

/** A fresh picture: the lead in the middle of the felt, the largest tile that fits. */
export function boardGeometry(input: GeometryInput): BoardGeometry {
  return planBoard(null, input);
}

/**
 * The picture after `input`, given the one before it (null: none). The tiles already laid stay
 * where they are when the new ones fit beside them at the same size; otherwise all is laid again
 * with smaller tiles, the root where it was. A new hand, or a much changed felt, starts afresh.
 */
export function planBoard(prev: BoardGeometry | null, input: GeometryInput): BoardGeometry {
  const maxUnit = Math.max(MIN_UNIT, input.maxUnit ?? 40);
  const bounds = boundsOf(input);
  const line = input.layout.line;
  if (line.length === 0) return emptyTable(input, bounds, maxUnit);
  if (prev === null || prev.root === null || !sameFelt(prev, input) || !extends_(prev, input)) {
    // A fresh picture hangs from the spinner if there is one (it then never moves), else the lead, in the middle.
    const index = input.layout.spinner ?? input.lead;
    return shrinkUntilFits(input, bounds, () => [{ index, x: input.width / 2, y: input.height / 2, dir: 0 }], maxUnit);
  }
  const extended = extend(prev, input, bounds);
  if (extended !== null) return extended;
  // Too full at this size: smaller, step by step, until it fits. At each size, first the same
  // picture zoomed out about the spinner (or the lead), which stays put while everything else
  // draws in toward it and room opens at the edges for the arms' tips; else all laid again
  // (an arm hemmed in by the others stays hemmed in at any zoom), from the spinner where it lies
  // with its four arms around it, or from the lead, near where it was. A spinner just played that
  // found no room where the line reached (it needs three arms' worth) is laid in the middle: it
  // has not been anywhere yet, so it moves nowhere.
  const anchor = prev.tiles.find((t) => t.spinner) ?? prev.tiles[0];
  // A picture with a root has its root among its tiles.
  if (anchor === undefined) return shrinkUntilFits(input, bounds, () => [{ index: input.lead, x: input.width / 2, y: input.height / 2, dir: 0 }], maxUnit);
  const roots = (u: number): Root[] => {
    if (anchor.spinner) return [{ index: line.findIndex((t) => t.tile === anchor.tile), x: anchor.x, y: anchor.y, dir: anchor.dir }];
    if (input.layout.spinner !== null) return [{ index: input.layout.spinner, x: input.width / 2, y: input.height / 2, dir: 0 }];
    const index = line.findIndex((t) => t.tile === prev.root?.tile);
    const { x, y } = prev.root as NonNullable<BoardGeometry['root']>;
    // With no spinner the lead may move a row up or down, to give the longer arm more rows.
    return [0, -2, 2].map((rows): Root => ({ index, x, y: y + rows * u, dir: 0 }));
  };
  const cap = Math.min(maxUnit, prev.unit * SHRINK);
  return shrinkUntilFits(input, bounds, roots, cap, (u) => {
    const f = u / prev.unit;
    return f >= ZOOM_LIMIT ? extend(zoom(prev, anchor.x, anchor.y, f), input, bounds) : null;
  });
}

/** How far a picture is zoomed out before it is laid again instead. */
const ZOOM_LIMIT = 0.6;

/** The picture scaled by `f` about (ax, ay): the same tiles, smaller, none crossing another or the felt's edge. */
function zoom(g: BoardGeometry, ax: number, ay: number, f: number): BoardGeometry {
  const px = (x: number): number => ax + (x - ax) * f;
  const py = (y: number): number => ay + (y - ay) * f;
  const rect = (r: Rect): Rect => ({ x0: px(r.x0), y0: py(r.y0), x1: px(r.x1), y1: py(r.y1) });
  const walks: Partial<Record<Arm, Walk>> = {};
  for (const arm of ARMS) {
    const w = g.walks[arm];
    if (w) walks[arm] = { ...w, cursor: { ...w.cursor, x: px(w.cursor.x), y: py(w.cursor.y), half: w.cursor.half * f } };
  }
  return {
    ...g,
    unit: g.unit * f,
    tiles: g.tiles.map((t) => ({ ...t, x: px(t.x), y: py(t.y), rect: rect(t.rect) })),
    root: g.root && { ...g.root, x: px(g.root.x), y: py(g.root.y) },
    walks,
  };
}

function boundsOf(input: GeometryInput): Felt {
  const pad = input.padding ?? 4;
  return { x0: pad, y0: pad, x1: input.width - pad, y1: input.height - pad, keepOut: input.keepOut ?? [] };
}

function emptyTable(input: GeometryInput, bounds: Felt, maxUnit: number): BoardGeometry {
  const cx = input.width / 2;
  const cy = input.height / 2;
  let u = maxUnit;
  while (u > MIN_UNIT && !onFelt(rectAt(cx, cy, u, u / 2), bounds)) u *= SHRINK;
  const rect = rectAt(cx, cy, u, u / 2);
  return { unit: u, tiles: [], targets: [{ end: null, x: cx, y: cy, angle: 0, rect }], width: input.width, height: input.height, root: null, walks: {}, senses: PINWHEEL };
}

function sameFelt(prev: BoardGeometry, input: GeometryInput): boolean {
  return Math.abs(prev.width - input.width) <= RESIZE * prev.width && Math.abs(prev.height - input.height) <= RESIZE * prev.height;
}

/** The arms of a layout as seen from its root: each from the root outward. */
interface ArmTile {
  readonly tile: string;
  readonly inner: number;
  readonly outer: number;
  readonly double: boolean;
  readonly spinner: boolean;
}

function armsFrom(layout: LayoutView, rootIndex: number): Record<Arm, ArmTile[]> {
  const spinner = layout.spinner === null ? null : (layout.line[layout.spinner]?.tile ?? null);
  const out = (t: PlacedTile): ArmTile => ({ tile: t.tile, inner: t.a, outer: t.b, double: t.double, spinner: t.tile === spinner });
  return {
    west: layout.line
      .slice(0, rootIndex)
      .reverse()
      .map((t) => ({ tile: t.tile, inner: t.b, outer: t.a, double: t.double, spinner: t.tile === spinner })),
    east: layout.line.slice(rootIndex + 1).map(out),
    north: layout.north.map(out),
    south: layout.south.map(out),
  };
}

/** Whether the layout is the previous one with tiles added at its ends (the same hand, later). */
function extends_(prev: BoardGeometry, input: GeometryInput): boolean {
  const rootIndex = input.layout.line.findIndex((t) => t.tile === prev.root?.tile);
  if (rootIndex < 0) return false;
  const arms = armsFrom(input.layout, rootIndex);
  return ARMS.every((arm) => prev.tiles.filter((t) => t.arm === arm).every((t, i) => arms[arm][i]?.tile === t.tile));
}

const ARMS: readonly Arm[] = ['east', 'south', 'west', 'north'];

/** The previous picture with the new tiles laid at its arms' ends, or null when one does not fit. */
function extend(prev: BoardGeometry, input: GeometryInput, bounds: Felt): BoardGeometry | null {
  if (!prev.tiles.every((t) => onFelt(t.rect, bounds))) return null;
  const rootIndex = input.layout.line.findIndex((t) => t.tile === prev.root?.tile);
  const arms = armsFrom(input.layout, rootIndex);
  const board = new Layer(prev.unit, bounds, [...prev.tiles], prev.senses);
  const walks: Partial<Record<Arm, Walk>> = { ...prev.walks };
  for (const arm of ARMS) {
    const laid = prev.tiles.filter((t) => t.arm === arm).length;
    for (const t of arms[arm].slice(laid)) {
      const walk = walks[arm] ?? board.start(arm, input.layout);
      if (walk === null) return null;
      const next = board.lay(arm, t, walk);
      if (next === null) return null;
      walks[arm] = next;
    }
  }
  const targets = board.targets(input.open, walks, input.layout);
  if (targets === null) return null;
  return { ...prev, tiles: board.tiles, targets, width: input.width, height: input.height, walks };
}

/** The tile a picture hangs from: its index in the line, where it lies and the way the line runs through it. */
interface Root {
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly dir: Dir;
}

/**
 * From `cap` down, the first size at which something fits: `first` (the zoomed picture), else
 * everything laid afresh from one of the `roots`, every choice of the arms' sides tried.
 */
function shrinkUntilFits(input: GeometryInput, bounds: Felt, roots: (u: number) => readonly Root[], cap: number, first?: (u: number) => BoardGeometry | null): BoardGeometry {
  const combos = input.layout.spinner === null ? SENSES_LINE : SENSES_ALL;
  // The first size at which anything fits; then a little smaller while nothing laid there leaves
  // every open end room to grow (one rescale now rather than one at each of the next plays).
  let fallback: BoardGeometry | null = null;
  let firstFit = 0;
  for (let u = cap; u >= MIN_UNIT; u *= SHRINK) {
    if (fallback !== null && u < firstFit * LOOKAHEAD_LIMIT) return fallback;
    // The roomiest picture at this size; the first with room enough is taken at once (the zoom
    // first, so that what is there stays where it was, only smaller, whenever that leaves room).
    const best: { g: BoardGeometry | null; room: number } = { g: null, room: -1 };
    const enough = (g: BoardGeometry | null): boolean => {
      if (g === null) return false;
      const room = roomLeft(g, input, bounds);
      if (room > best.room) Object.assign(best, { g, room });
      return room >= ROOM_WANTED * ROOM_WEIGHT;
    };
    if (!enough(first?.(u) ?? null)) {
      search: for (const root of roots(u)) for (const senses of combos) if (enough(layAll(input, bounds, root, u, senses))) break search;
    }
    const found = best.g;
    if (found === null) continue;
    // Less room than wanted, but enough for the next few plays: this size, rather than a smaller one.
    if (best.room >= ROOM_ENOUGH * ROOM_WEIGHT) return found;
    if (fallback === null) {
      fallback = found;
      firstFit = u;
    }
  }
  if (fallback !== null) return fallback;
  // Below two pixels nothing is readable anyway: the smallest attempt, laid regardless.
  return layAll(input, bounds, roots(MIN_UNIT)[0] as Root, MIN_UNIT, PINWHEEL, true) as BoardGeometry;
}

/** Every way of choosing each arm's side: the line's two arms alone, or all four round a spinner. */
const SENSES_ALL: readonly Senses[] = [1, -1].flatMap((e) =>
  [1, -1].flatMap((w) => [1, -1].flatMap((n) => [1, -1].map((so) => ({ east: e, west: w, north: n, south: so }) as Senses))),
);
const SENSES_LINE: readonly Senses[] = SENSES_ALL.filter((x) => x.north === 1 && x.south === 1);
/**
 * Tiles of room looked for at each open end when laying afresh (the search at one size stops at
 * the first picture with this much), the least that keeps that size rather than a smaller one,
 * and how much smaller than the first fit that may take the tile. Looking for five rather than
 * three picks, among the pictures at one size, those that leave a long arm its way on.
 */
const ROOM_WANTED = 5;
const ROOM_ENOUGH = 3;
const LOOKAHEAD_LIMIT = 0.85;
const ROOM_WEIGHT = 100;

/**
 * How much a picture can grow before it must be laid again: the fewest tiles (up to a few) that
 * fit on any open end, weighted first, then their sum.
 */
function roomLeft(g: BoardGeometry, input: GeometryInput, bounds: Felt): number {
  let fewest = ROOM_WANTED;
  let sum = 0;
  for (const end of input.open) {
    const board = new Layer(g.unit, bounds, [...g.tiles], g.senses);
    let walk = g.walks[end] ?? board.start(end, input.layout);
    let n = 0;
    while (walk !== null && n < ROOM_WANTED + 3) {
      walk = board.lay(end, { tile: `room-${n}`, inner: 0, outer: 0, double: false, spinner: false }, walk);
      if (walk !== null) n++;
    }
    fewest = Math.min(fewest, n);
    sum += n;
  }
  return fewest * ROOM_WEIGHT + sum;
}

function layAll(input: GeometryInput, bounds: Felt, at: Root, u: number, senses: Senses, force = false): BoardGeometry | null {
  const rootIndex = at.index;
  const rootTile = input.layout.line[rootIndex] as PlacedTile;
  const { x, y, dir } = at;
  const cross = rootTile.double;
  // Lying along its line, or across it for a double.
  const acrossX = cross === (dir % 2 === 0);
  const placement: TilePlacement = {
    tile: rootTile.tile,
    inner: rootTile.a,
    outer: rootTile.b,
    x,
    y,
    angle: (dir * 90 + (cross ? 90 : 0)) % 360,
    dir,
    double: cross,
    spinner: input.layout.spinner === rootIndex,
    arm: 'centre',
    rect: acrossX ? rectAt(x, y, u / 2, u) : rectAt(x, y, u, u / 2),
  };
  if (!force && !onFelt(placement.rect, bounds)) return null;
  const board = new Layer(u, bounds, [placement], senses, force);
  const arms = armsFrom(input.layout, rootIndex);
  const walks: Partial<Record<Arm, Walk>> = {};
  const laidOn: Record<Arm, Laid[]> = { east: [], south: [], west: [], north: [] };
  const layOne = (arm: Arm, t: ArmTile): boolean => {
    const walk = walks[arm] ?? board.start(arm, input.layout);
    if (walk === null) return false;
    const next = board.lay(arm, t, walk);
    if (next !== null) {
      laidOn[arm].push({ walk, tile: t, placed: board.tiles.at(-1) as TilePlacement });
      walks[arm] = next;
      return true;
    }
    // Hemmed in: the arm's last few tiles laid again another way (a turn a tile sooner, the other
    // side), which often leaves the way on open. Never back past the spinner: its arms hang from it.
    for (let back = 1; back <= BACKTRACK && back <= laidOn[arm].length; back++) {
      const undone = laidOn[arm].slice(-back);
      if (undone.some((l) => l.tile.spinner)) break;
      const saved = [...board.tiles];
      board.tiles.splice(0, board.tiles.length, ...saved.filter((p) => !undone.some((l) => l.placed === p)));
      const chain = [...undone.map((l) => l.tile), t];
      const again: Laid[] = [];
      let budget = BACKTRACK_BUDGET;
      const search = (i: number, w: Walk): Walk | null => {
        const tile = chain[i];
        if (tile === undefined) return w;
        for (let skip = 0; budget > 0; skip++) {
          budget--;
          const nw = board.lay(arm, tile, w, skip);
          if (nw === null) return null;
          again.push({ walk: w, tile, placed: board.tiles.at(-1) as TilePlacement });
          const end = search(i + 1, nw);
          if (end !== null) return end;
          board.tiles.pop();
          again.pop();
        }
        return null;
      };
      const end = search(0, (undone[0] as Laid).walk);
      if (end !== null) {
        laidOn[arm] = [...laidOn[arm].slice(0, -back), ...again];
        walks[arm] = end;
        return true;
      }
      board.tiles.splice(0, board.tiles.length, ...saved);
    }
    return false;
  };
  // Round by round, one tile on each arm, so that no arm takes the whole felt before the others
  // start; a spinner's side arms begin once the spinner is down (it may lie further out on its arm).
  const longest = Math.max(...ARMS.map((a) => arms[a].length));
  for (let i = 0; i < longest; i++) {
    for (const arm of ['east', 'west'] as const) {
      const t = arms[arm][i];
      if (t !== undefined && !layOne(arm, t)) return null;
    }
    for (const arm of ['south', 'north'] as const) {
      const laid = board.tiles.filter((t) => t.arm === arm).length;
      const t = arms[arm][laid];
      if (t !== undefined && board.tiles.some((p) => p.spinner) && !layOne(arm, t)) return null;
    }
  }
  for (const arm of ['south', 'north'] as const) {
    const laid = board.tiles.filter((t) => t.arm === arm).length;
    for (const t of arms[arm].slice(laid)) if (!layOne(arm, t)) return null;
  }
  const targets = board.targets(input.open, walks, input.layout);
  if (targets === null) return null;
  return { unit: u, tiles: board.tiles, targets, width: input.width, height: input.height, root: { tile: rootTile.tile, x, y, dir }, walks, senses };
}

/** A tile laid afresh on an arm, with the walk it was laid from (to lay it again another way). */
interface Laid {
  readonly walk: Walk;
  readonly tile: ArmTile;
  readonly placed: TilePlacement;
}
/** How many of an arm's last tiles may be laid again, and how many tries that may take. */
const BACKTRACK = 5;
const BACKTRACK_BUDGET = 150;

interface Cursor {
  /** The middle of the open edge of the last tile, and the way the arm travels. */
  readonly x: number;
  readonly y: number;
  readonly dir: Dir;
  /** Half the last tile's width across `dir` (for turning corners). */
  readonly half: number;
}

interface Step {
  readonly rect: Rect;
  readonly cx: number;
  readonly cy: number;
  readonly cursor: Cursor;
}

/** The tiles laid so far at one size, and the rules for laying the next. */
class Layer {
  readonly tiles: TilePlacement[];
  readonly #u: number;
  readonly #bounds: Felt;
  readonly #senses: Senses;
  readonly #force: boolean;

  constructor(u: number, bounds: Felt, tiles: TilePlacement[], senses: Senses = PINWHEEL, force = false) {
    this.#u = u;
    this.#bounds = bounds;
    this.tiles = tiles;
    this.#senses = senses;
    this.#force = force;
  }

  /**
   * Where an arm begins: out of the root along the line (west and east), or out of the spinner's
   * sides (north and south); null while that tile is not down. The arms snake toward the four
   * quarters in turn (east toward the south, south toward the west…, or the mirror image).
   */
  start(arm: Arm, layout: LayoutView): Walk | null {
    const from = arm === 'east' || arm === 'west' ? this.tiles.find((t) => t.arm === 'centre') : this.tiles.find((t) => t.spinner);
    const spinnerTile = layout.spinner === null ? null : layout.line[layout.spinner];
    if (from === undefined || (arm !== 'east' && arm !== 'west' && (spinnerTile === undefined || spinnerTile === null || from.tile !== spinnerTile.tile))) return null;
    // East and west continue the root's line; south and north leave the spinner's sides, a quarter turn either way.
    const dir = turn(from.dir, { east: 0, south: 1, west: 2, north: 3 }[arm]);
    const hx = (from.rect.x1 - from.rect.x0) / 2;
    const hy = (from.rect.y1 - from.rect.y0) / 2;
    const along = dir % 2 === 0 ? hx : hy;
    const across = dir % 2 === 0 ? hy : hx;
    return {
      cursor: { x: from.x + DX[dir] * along, y: from.y + DY[dir] * along, dir, half: across },
      phase: 'run',
      run: dir,
      advance: turn(dir, this.#senses[arm]),
    };
  }

  /** Lays `t` at the end of `arm`; the arm's walk after it, or null when it fits nowhere. */
  lay(arm: Arm, t: ArmTile, walk: Walk, skip = 0): Walk | null {
    const across = this.#next(arm, walk, t.double, [], t.spinner ? (step) => this.#roomAround(step) : undefined);
    // A double with no room to lie across (at a corner, in a tight row) lies along the line
    // instead; the spinner always lies across, its sides are arms.
    const choices = [...across.map((c) => ({ ...c, along: false })), ...(t.double && !t.spinner ? this.#next(arm, walk, false).map((c) => ({ ...c, along: true })) : [])];
    const found = choices[skip];
    if (found === undefined) return null;
    const { step, walk: after, along } = found;
    const dir = step.cursor.dir;
    this.tiles.push({ ...t, x: step.cx, y: step.cy, angle: (dir * 90 + (t.double && !along ? 90 : 0)) % 360, dir, arm, rect: step.rect });
    return after;
  }

  /** A ghost at every open end; null when one does not fit. */
  targets(open: readonly End[], walks: Partial<Record<Arm, Walk>>, layout: LayoutView): EndTarget[] | null {
    const ghosts: Rect[] = [];
    const out: EndTarget[] = [];
    for (const end of ARMS) {
      if (!open.includes(end)) continue;
      const walk = walks[end] ?? this.start(end, layout);
      if (walk === null) return null;
      const found = this.#next(end, walk, false, ghosts)[0];
      if (found === undefined) return null;
      ghosts.push(found.step.rect);
      out.push({ end, x: found.step.cx, y: found.step.cy, angle: found.step.cursor.dir * 90, rect: found.step.rect });
    }
    return out;
  }

  /** The snake's choices, in order: along the row, else across to the next, else back the other way. */
  #next(arm: Arm, walk: Walk, double: boolean, ghosts: readonly Rect[] = [], roomy?: (step: Step) => boolean): { step: Step; walk: Walk }[] {
    const blocked = [...ghosts, ...this.#reserved(arm)];
    const c = walk.cursor;
    // A row turns with a hook where it can (the turning tile past the row's end, so the next row
    // lies against this one: rows one tile apart, twice as many in the same felt), else inside its
    // end (the next row a tile's width further off).
    const tries: [Dir, Walk['phase'], Dir, Dir, 'hook' | 'turn'][] =
      walk.phase === 'run'
        ? [
            [c.dir, 'run', walk.run, walk.advance, 'turn'],
            [walk.advance, 'connect', walk.run, walk.advance, 'hook'],
            [walk.advance, 'connect', walk.run, walk.advance, 'turn'],
            // Its own side full: the snake comes back the other way, past where it began.
            [turn(walk.advance, 2), 'connect', walk.run, turn(walk.advance, 2), 'hook'],
            [turn(walk.advance, 2), 'connect', walk.run, turn(walk.advance, 2), 'turn'],
          ]
        : [
            [turn(walk.run, 2), 'run', turn(walk.run, 2), walk.advance, 'turn'],
            [c.dir, 'connect', walk.run, walk.advance, 'turn'],
            [walk.run, 'run', walk.run, walk.advance, 'turn'],
          ];
    const out: { step: Step; walk: Walk }[] = [];
    for (const [dir, phase, run, advance, kind] of tries) {
      if (dir === turn(c.dir, 2)) continue;
      if (kind === 'hook' && double) continue;
      const step = dir === c.dir ? stepFrom(c, dir, double, this.#u) : kind === 'hook' ? hookFrom(c, dir, this.#u) : turnFrom(c, dir, double, this.#u);
      if (this.#force || (this.#fits(step.rect, blocked) && (roomy?.(step) ?? true))) {
        out.push({ step, walk: { cursor: step.cursor, phase, run, advance } });
        if (this.#force) break;
      }
    }
    return out;
  }

  #fits(rect: Rect, blocked: readonly Rect[]): boolean {
    return onFelt(rect, this.#bounds) && !this.tiles.some((t) => overlaps(rect, t.rect)) && !blocked.some((g) => overlaps(rect, g));
  }

  /**
   * A spinner needs room for three arms: it goes only where the tile after it on its line (which
   * cannot turn at once: the spinner's sides are its own arms') and one on each side would fit.
   */
  #roomAround(step: Step): boolean {
    const u = this.#u;
    const c = step.cursor;
    const slots = [stepFrom(c, c.dir, false, u).rect];
    for (const quarter of [1, 3]) {
      const dir = turn(c.dir, quarter);
      slots.push(stepFrom({ x: step.cx + DX[dir] * u, y: step.cy + DY[dir] * u, dir, half: u / 2 }, dir, false, u).rect);
    }
    return slots.every((r) => this.#fits(r, []) && !overlaps(r, step.rect));
  }

  /**
   * The first place on each side of the spinner while that side arm is empty: kept free for it,
   * or a line turning round the spinner (or another arm passing by) would leave it nowhere to start.
   */
  #reserved(arm: Arm): Rect[] {
    const spinner = this.tiles.find((t) => t.spinner);
    if (spinner === undefined) return [];
    const out: Rect[] = [];
    for (const side of ['north', 'south'] as const) {
      if (side === arm || this.tiles.some((t) => t.arm === side)) continue;
      const dir = turn(spinner.dir, side === 'south' ? 1 : 3);
      out.push(stepFrom({ x: spinner.x + DX[dir] * this.#u, y: spinner.y + DY[dir] * this.#u, dir, half: this.#u / 2 }, dir, false, this.#u).rect);
    }
    return out;
  }
}

/** The next tile straight on from the cursor, in direction `dir`. */
function stepFrom(c: Cursor, dir: Dir, double: boolean, u: number): Step {
  const len = double ? u : 2 * u;
  const half = double ? u : u / 2;
  const cx = c.x + DX[dir] * (len / 2);
  const cy = c.y + DY[dir] * (len / 2);
  const rect = dir % 2 === 0 ? rectAt(cx, cy, len / 2, half) : rectAt(cx, cy, half, len / 2);
  return { rect, cx, cy, cursor: { x: c.x + DX[dir] * len, y: c.y + DY[dir] * len, dir, half } };
}

/**
 * Turns the corner: the next tile starts against the side of the last tile's outer half (or a
 * crosswise double's middle), so the matching numbers still touch.
 */
function turnFrom(c: Cursor, dir: Dir, double: boolean, u: number): Step {
  const start: Cursor = {
    x: c.x - DX[c.dir] * (u / 2) + DX[dir] * c.half,
    y: c.y - DY[c.dir] * (u / 2) + DY[dir] * c.half,
    dir,
    half: c.half,
  };
  return stepFrom(start, dir, double, u);
}

/**
 * Turns the corner past the end: the next tile stands beside the last one's open end, its inner
 * half against that end, so it reaches one tile's width out to the side and the row after it lies
 * against the row before.
 */
function hookFrom(c: Cursor, dir: Dir, u: number): Step {
  const start: Cursor = {
    x: c.x + DX[c.dir] * (u / 2) - DX[dir] * c.half,
    y: c.y + DY[c.dir] * (u / 2) - DY[dir] * c.half,
    dir,
    half: u / 2,
  };
  return stepFrom(start, dir, false, u);
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
