import { describe, expect, it } from 'vitest';
import { ARENA_CHUNK, type ArenaWaiting, pairArena } from '../src/arena-pairing.ts';
import type { UnitId } from '../src/ids.ts';

const u = (n: number): UnitId => `u${n}` as UnitId;

function waiting(n: number, o: Partial<ArenaWaiting> = {}): ArenaWaiting {
  return { id: u(n), rank: n, points: 0, lastOpponent: null, waitingSince: 0, ...o };
}

const sorted = (pairs: readonly (readonly [UnitId, UnitId])[]): string[] => pairs.map((p) => [...p].sort().join('-')).sort();

describe('Arena pairing', () => {
  it('with nobody else playing, two who just met are split when others wait, even against closer scores', () => {
    const ws = [waiting(1, { points: 10, lastOpponent: u(2) }), waiting(2, { points: 10, lastOpponent: u(1) }), waiting(3), waiting(4)];
    expect(sorted(pairArena(ws, false).pairs)).toEqual(['u1-u3', 'u2-u4']);
  });

  it('with nobody else playing, the only two left meet again rather than wait for nobody', () => {
    const ws = [waiting(1, { lastOpponent: u(2) }), waiting(2, { lastOpponent: u(1) })];
    expect(pairArena(ws, false)).toEqual({ pairs: [[u(1), u(2)]], left: [] });
    expect(pairArena(ws, true)).toEqual({ pairs: [], left: [u(1), u(2)] });
  });

  it('of an odd count, the one who waited least is left to wait', () => {
    const ws = [waiting(1, { waitingSince: 100 }), waiting(2, { waitingSince: 300 }), waiting(3, { waitingSince: 200 })];
    expect(pairArena(ws, true)).toEqual({ pairs: [[u(1), u(3)]], left: [u(2)] });
  });

  it('pairs neighbours in score, around the two who may not meet again', () => {
    const points = [12, 10, 9, 4, 2, 0];
    const ws = points.map((p, i) => waiting(i + 1, { points: p }));
    expect(sorted(pairArena(ws, true).pairs)).toEqual(['u1-u2', 'u3-u4', 'u5-u6']);
    ws[2] = waiting(3, { points: 9, lastOpponent: u(4) });
    // 12 v 9, 10 v 4, 2 v 0 (gaps 3 + 6 + 2) rather than 12 v 10, 9 v 2, 4 v 0 (2 + 7 + 4).
    expect(sorted(pairArena(ws, true).pairs)).toEqual(['u1-u3', 'u2-u4', 'u5-u6']);
  });

  it(`pairs more than ${ARENA_CHUNK} waiting in runs of neighbours, everyone but one of an odd count`, () => {
    const ws = Array.from({ length: 2 * ARENA_CHUNK + 3 }, (_, i) => waiting(i + 1, { points: 100 - i, waitingSince: i }));
    const out = pairArena(ws, false);
    expect(out.pairs).toHaveLength(ARENA_CHUNK + 1);
    expect(out.left).toHaveLength(1);
    expect(new Set([...out.pairs.flat(), ...out.left]).size).toBe(ws.length);
  });
});
