import type { End, LayoutView, PlacedTile } from '@fives/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BoardGeometry, type Rect, boardGeometry, inside, overlaps } from '../src/lib/geometry.ts';

const tile = (a: number, b: number): PlacedTile => ({ tile: `${Math.min(a, b)}-${Math.max(a, b)}`, a, b, double: a === b });

/** A four-armed layout with the spinner in the middle and `n` tiles per arm (a double every fifth). */
function cross(west: number, east: number, north: number, south: number): LayoutView {
  const arm = (n: number, seed: number): PlacedTile[] =>
    Array.from({ length: n }, (_, i) => ((i + seed) % 5 === 3 ? tile((i + seed) % 7, (i + seed) % 7) : tile((i + seed) % 7, (i + seed + 2) % 7)));
  const w = arm(west, 1);
  return { line: [...w.reverse(), tile(5, 5), ...arm(east, 2)], spinner: west, north: arm(north, 3), south: arm(south, 4) };
}

function allRects(g: BoardGeometry): Rect[] {
  return [...g.tiles.map((t) => t.rect), ...g.targets.map((t) => t.rect)];
}

function expectSound(g: BoardGeometry, width: number, height: number): void {
  const screen: Rect = { x0: 0, y0: 0, x1: width, y1: height };
  const rects = allRects(g);
  for (const r of rects) expect(inside(r, screen), `${JSON.stringify(r)} leaves ${width}×${height}`).toBe(true);
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      expect(overlaps(rects[i] as Rect, rects[j] as Rect), `boxes ${i} and ${j} overlap`).toBe(false);
    }
  }
}

const ALL: End[] = ['west', 'east', 'north', 'south'];
const SIZES: [number, number][] = [
  [320, 568],
  [1440, 900],
];

describe('boardGeometry', () => {
  it('puts a lone lead in the middle, lying west to east', () => {
    const g = boardGeometry({ layout: { line: [tile(6, 4)], spinner: null, north: [], south: [] }, centre: 0, open: ['west', 'east'], width: 400, height: 300 });
    expect(g.tiles).toHaveLength(1);
    expect(g.tiles[0]).toMatchObject({ x: 200, y: 150, angle: 0, inner: 6, outer: 4, arm: 'centre' });
    expect(g.targets.map((t) => t.end).sort()).toEqual(['east', 'west']);
  });

  it('shows one lead target on an empty table', () => {
    const g = boardGeometry({ layout: { line: [], spinner: null, north: [], south: [] }, centre: 0, open: [], width: 320, height: 300 });
    expect(g.tiles).toHaveLength(0);
    expect(g.targets).toEqual([expect.objectContaining({ end: null, x: 160, y: 150 })]);
  });

  it('lays the spinner crosswise in the middle and every other double across its arm', () => {
    const g = boardGeometry({ layout: cross(2, 4, 1, 0), centre: 2, open: ALL, width: 1000, height: 700 });
    const spinner = g.tiles.find((t) => t.spinner);
    expect(spinner).toMatchObject({ x: 500, y: 350, angle: 90, double: true });
    for (const t of g.tiles.filter((t) => t.double && !t.spinner)) {
      const w = t.rect.x1 - t.rect.x0;
      const h = t.rect.y1 - t.rect.y0;
      // Across the arm: a double on a west/east run stands up; on a north/south run it lies flat.
      expect(t.angle % 180 === 90 ? h > w : w > h).toBe(true);
    }
  });

  it('keeps the half that matches toward the centre on every arm', () => {
    const g = boardGeometry({ layout: cross(3, 3, 3, 3), centre: 3, open: ALL, width: 1440, height: 900 });
    const west = g.tiles.filter((t) => t.arm === 'west');
    // The west arm runs outward from the spinner: the first tile's inner half is the spinner's number.
    expect(west[0]?.x).toBeLessThan(720);
    expect(west[0]?.angle).toBe(180);
    expect(g.tiles.find((t) => t.arm === 'north' && !t.double)?.angle).toBe(270);
    expect(g.tiles.find((t) => t.arm === 'south' && !t.double)?.angle).toBe(90);
    expect(g.tiles.find((t) => t.arm === 'north' && t.double)?.angle).toBe(0);
  });

  for (const [width, height] of SIZES) {
    it(`fits a long four-armed layout (23 tiles) on ${width}×${height} without overlaps`, () => {
      const g = boardGeometry({ layout: cross(6, 6, 5, 5), centre: 6, open: ALL, width, height });
      expect(g.tiles).toHaveLength(23);
      expectSound(g, width, height);
      // Still readable: a tile is at least 24×12 px on a phone.
      expect(g.unit).toBeGreaterThanOrEqual(width < 400 ? 12 : 30);
    });

    it(`turns arms before they leave a ${width}×${height} table (27-tile line without a spinner)`, () => {
      const line = Array.from({ length: 27 }, (_, i) => tile(i % 7, (i + 1) % 7));
      const g = boardGeometry({ layout: { line, spinner: null, north: [], south: [] }, centre: 13, open: ['west', 'east'], width, height });
      expectSound(g, width, height);
      expect(new Set(g.tiles.map((t) => t.angle % 180)).size).toBe(2);
      expect(g.unit).toBeGreaterThanOrEqual(width < 400 ? 10 : 30);
    });
  }

  it('keeps arms straight when turning would buy only slightly bigger tiles', () => {
    const line = Array.from({ length: 9 }, (_, i) => tile(i % 7, (i + 1) % 7));
    const g = boardGeometry({ layout: { line, spinner: null, north: [], south: [] }, centre: 4, open: ['west', 'east'], width: 1000, height: 500, maxUnit: 56 });
    expect(new Set(g.tiles.map((t) => t.angle % 180))).toEqual(new Set([0]));
    expect(new Set(g.targets.map((t) => t.angle % 180))).toEqual(new Set([0]));
  });

  it('uses bigger tiles when there is more room', () => {
    const layout = cross(5, 5, 4, 4);
    const small = boardGeometry({ layout, centre: 5, open: ALL, width: 320, height: 400 });
    const big = boardGeometry({ layout, centre: 5, open: ALL, width: 1440, height: 900, maxUnit: 200 });
    expect(big.unit).toBeGreaterThan(small.unit);
  });

  it('never lets a tile or target leave the table or overlap another, for any arms and size', () => {
    fc.assert(
      fc.property(
        fc.record({
          west: fc.integer({ min: 0, max: 8 }),
          east: fc.integer({ min: 0, max: 8 }),
          north: fc.integer({ min: 0, max: 6 }),
          south: fc.integer({ min: 0, max: 6 }),
          width: fc.integer({ min: 280, max: 1600 }),
          height: fc.integer({ min: 200, max: 1000 }),
        }),
        ({ west, east, north, south, width, height }) => {
          const g = boardGeometry({ layout: cross(west, east, north, south), centre: west, open: ALL, width, height });
          expectSound(g, width, height);
        },
      ),
      { numRuns: 150, seed: 5 },
    );
  });
});
