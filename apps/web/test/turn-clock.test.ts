import { describe, expect, it } from 'vitest';
import { longTimeLeft, lowTimeSeconds, secondsLeft } from '../src/lib/turn-clock.ts';
import { CORRESPONDENCE_CHOICES, clockWords, perTurnText, turnChoiceLabel } from '../src/lib/turn-time.ts';

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

  it('shows a correspondence turn in days and hours, and a live one in seconds as before', () => {
    expect(longTimeLeft(60)).toBeNull();
    expect(longTimeLeft(89)).toBeNull();
    expect(longTimeLeft(90)).toBe('2m');
    expect(longTimeLeft(3 * 3600 + 20 * 60 + 5)).toBe('3h 20m');
    expect(longTimeLeft(2 * 86_400 + 5 * 3600 + 59)).toBe('2d 5h');
    expect(clockWords(42)).toEqual({ text: '42', label: '42 seconds left' });
    expect(clockWords(86_399)).toEqual({ text: '23h 59m', label: '23h 59m left' });
  });

  it('offers 1, 2, 3 and 7 days a move beside the live times, and names each', () => {
    expect(CORRESPONDENCE_CHOICES).toEqual([86_400, 172_800, 259_200, 604_800]);
    expect(turnChoiceLabel(0)).toBe('Off');
    expect(turnChoiceLabel(30)).toBe('30 seconds');
    expect(turnChoiceLabel(86_400)).toBe('1 day a move');
    expect(turnChoiceLabel(604_800)).toBe('7 days a move');
    expect(perTurnText(null)).toBe('');
    expect(perTurnText(30)).toBe('30 s a turn');
    expect(perTurnText(172_800)).toBe('2 days a move');
  });
});
