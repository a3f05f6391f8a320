import fc from 'fast-check';
import type { Rating } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { RATING_RANGE, type Waiting, matchByRating, mayMeet, nextMeeting, ratingRange } from '../../src/lobby/rating-match.ts';

const sure = (rating: number): Rating => ({ rating, rd: 60, volatility: 0.06, games: 40 });
const T0 = Date.UTC(2026, 11, 1, 12);
const at = (seconds: number): number => T0 + seconds * 1000;

describe('matching by rating (a deterministic clock: every time is given)', () => {
  it('widens the range the longer one waits', () => {
    expect(ratingRange(0)).toBe(RATING_RANGE.startPoints);
    expect(ratingRange(10_000)).toBe(RATING_RANGE.startPoints + 10 * RATING_RANGE.pointsPerSecond);
    expect(ratingRange(-5)).toBe(RATING_RANGE.startPoints);
  });

  it('seats close ratings at once and far ones only once both have waited long enough', () => {
    const ada: Waiting = { id: 'ada', rating: sure(1500), sinceMs: at(0) };
    const bob: Waiting = { id: 'bob', rating: sure(1580), sinceMs: at(0) };
    const cat: Waiting = { id: 'cat', rating: sure(1900), sinceMs: at(0) };
    expect(mayMeet(ada, bob, at(0))).toBe(true);
    expect(mayMeet(ada, cat, at(0))).toBe(false);
    // 400 apart: 100 + 20/s reaches 400 at 15 s.
    expect(mayMeet(ada, cat, at(14))).toBe(false);
    expect(mayMeet(ada, cat, at(15))).toBe(true);
    // The one who came last decides: Cat just arrived, Ada has waited a minute.
    expect(mayMeet(ada, { ...cat, sinceMs: at(60) }, at(60))).toBe(false);
    expect(matchByRating([ada, cat, bob], 2, at(0))).toEqual(['ada', 'bob']);
    expect(matchByRating([ada, cat], 2, at(0))).toBeNull();
    expect(matchByRating([ada, cat], 2, at(15))).toEqual(['ada', 'cat']);
  });

  it('lets an uncertain ("?") or unrated player meet anyone', () => {
    const pro: Waiting = { id: 'pro', rating: sure(2200), sinceMs: at(0) };
    const fresh: Waiting = { id: 'new', rating: null, sinceMs: at(1) };
    const shaky: Waiting = { id: 'shaky', rating: { rating: 1200, rd: 200, volatility: 0.06, games: 2 }, sinceMs: at(2) };
    expect(matchByRating([pro, fresh], 2, at(1))).toEqual(['pro', 'new']);
    expect(matchByRating([pro, shaky], 2, at(2))).toEqual(['pro', 'shaky']);
  });

  it('seats the longest-waiting first and every pair of a table within range; three and four players', () => {
    const w = (id: string, rating: number, s: number): Waiting => ({ id, rating: sure(rating), sinceMs: at(s) });
    const queue = [w('a', 1500, 0), w('b', 1900, 1), w('c', 1550, 2), w('d', 1950, 3), w('e', 1590, 4)];
    expect(matchByRating(queue, 3, at(4))).toEqual(['a', 'c', 'e']);
    // Nobody fits with a: the next longest-waiting person's table instead.
    expect(matchByRating([w('a', 1000, 0), w('b', 1900, 1), w('d', 1950, 3)], 2, at(3))).toEqual(['b', 'd']);
    expect(matchByRating(queue, 4, at(4))).toBeNull();
  });

  it('is a property: whoever is seated together may meet, pair by pair, and waiting longer never unseats a match', () => {
    const waiting = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        rating: fc.option(fc.integer({ min: 800, max: 2400 }).map(sure)),
        sinceMs: fc.integer({ min: 0, max: 60_000 }).map((s) => T0 + s),
      }),
      { selector: (w) => w.id, maxLength: 8 },
    );
    fc.assert(
      fc.property(waiting, fc.constantFrom(2, 3, 4), fc.integer({ min: 0, max: 120_000 }), (queue, players, extra) => {
        const now = T0 + 60_000;
        const seated = matchByRating(queue, players, now);
        if (seated === null) return;
        const chosen = seated.map((id) => queue.find((q) => q.id === id) as Waiting);
        for (const a of chosen) for (const b of chosen) if (a !== b) expect(mayMeet(a, b, now)).toBe(true);
        expect(matchByRating(queue, players, now + extra)).not.toBeNull();
      }),
      { seed: 18, numRuns: 300 },
    );
  });

  it('says when the queue must look again: the next time two of the waiting come within range', () => {
    const w = (id: string, rating: number | null, s: number): Waiting => ({ id, rating: rating === null ? null : sure(rating), sinceMs: at(s) });
    // 400 apart, the later came at 2 s: 15 s after that.
    expect(nextMeeting([w('a', 1500, 0), w('c', 1900, 2)], 2, at(2))).toBe(at(17));
    expect(nextMeeting([w('a', 1500, 0), w('c', 1900, 2)], 2, at(17))).toBeNull();
    expect(nextMeeting([w('a', 1500, 0), w('c', 1900, 2), w('b', 1700, 3)], 2, at(3))).toBe(at(8));
    // Too few for a table, or only "?" among them: nothing to wait for.
    expect(nextMeeting([w('a', 1500, 0), w('c', 1900, 2)], 3, at(2))).toBeNull();
    expect(nextMeeting([w('a', 1500, 0), w('n', null, 2)], 2, at(2))).toBeNull();
  });

  it('is a property: at the next meeting a pair that could not meet just before may meet', () => {
    const waiting = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        rating: fc.integer({ min: 800, max: 2400 }).map(sure),
        sinceMs: fc.integer({ min: 0, max: 60_000 }).map((s) => T0 + s),
      }),
      { selector: (w) => w.id, minLength: 2, maxLength: 6 },
    );
    fc.assert(
      fc.property(waiting, (queue) => {
        const now = T0 + 60_000;
        const next = nextMeeting(queue, 2, now);
        if (next === null) return;
        expect(next).toBeGreaterThan(now);
        const pairs = queue.flatMap((a, i) => queue.slice(i + 1).map((b) => [a, b] as const));
        expect(pairs.some(([a, b]) => !mayMeet(a, b, next - 1) && mayMeet(a, b, next))).toBe(true);
      }),
      { seed: 18, numRuns: 300 },
    );
  });
});
