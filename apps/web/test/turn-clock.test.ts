import { describe, expect, it } from 'vitest';
import { lowTimeSeconds, secondsLeft } from '../src/lib/turn-clock.ts';

describe('the turn clock', () => {
  it('turns low in the last third of the turn, between 3 and 10 seconds', () => {
    expect(lowTimeSeconds(15)).toBe(5);
    expect(lowTimeSeconds(30)).toBe(10);
    expect(lowTimeSeconds(120)).toBe(10);
    expect(lowTimeSeconds(5)).toBe(3);
  });

  it('counts whole seconds up, never below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
