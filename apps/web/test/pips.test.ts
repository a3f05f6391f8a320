import { describe, expect, it } from 'vitest';
import { PIP_SPOTS } from '../src/lib/pips.ts';

describe('the pips of a half', () => {
  it('has a face for every number of a double-nine set, each with as many spots, apart and on the half', () => {
    expect(PIP_SPOTS).toHaveLength(10);
    PIP_SPOTS.forEach((spots, n) => {
      expect(spots).toHaveLength(n);
      expect(new Set(spots.map(([x, y]) => `${x},${y}`)).size).toBe(n);
      // The pip's radius is 0.085 of the half: a spot at most 0.4 from the centre stays on it.
      for (const [x, y] of spots) expect(Math.max(Math.abs(x), Math.abs(y))).toBeLessThanOrEqual(0.4);
    });
  });
});
