import { resolveRules, type Rules } from '@fives/engine';
import type { TableSummary as WireSummary } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { isTableCode, noticeOf, openTableOf, playMove, queueOf, seatSpecs, summaryOf } from '../src/connection/wire.ts';

const rules = (players: 2 | 3 | 4): Rules => {
  const r = resolveRules({ preset: 'allFives', players });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** docs/protocol.md's TableSummary example. */
const summary = {
  id: 'k3v9q2m7xa',
  code: 'K7QM3X',
  rules: rules(3),
  phase: 'playing',
  game: 1,
  hostSeat: 0,
  seats: [
    { seat: 0, kind: 'human', name: 'Ada', away: false },
    { seat: 1, kind: 'human', name: 'Bob', away: true },
    { seat: 2, kind: 'bot', level: 'medium', name: 'Basil' },
  ],
  scores: [15, 0, 10],
  createdAt: '2026-11-29T11:00:00.000Z',
  turnSeconds: 30,
  listed: false,
  timers: { turn: { seat: 0, at: '2026-11-29T11:03:30.000Z', remainingMs: 30000 }, muggins: null },
} as WireSummary;

describe('from the wire to the screens', () => {
  it('reads a summary: seats with presence and stand-ins, the code, the invite link', () => {
    const s = summaryOf(summary, [true, false, true], 'http://host/t/k3v9q2m7xa', 5000);
    expect(s.seats).toEqual([
      { seat: 0, kind: 'human', name: 'Ada', level: null, connected: true, away: false },
      { seat: 1, kind: 'human', name: 'Bob', level: null, connected: false, away: true },
      { seat: 2, kind: 'bot', name: 'Basil', level: 'medium', connected: true, away: false },
    ]);
    expect(s).toMatchObject({ id: 'k3v9q2m7xa', code: 'K7QM3X', inviteUrl: 'http://host/t/k3v9q2m7xa', hostSeat: 0, phase: 'playing', game: 1 });
    // Before any presence, people count as connected (the join's presence follows at once).
    expect(summaryOf(summary, null, '', 0).seats[1]?.connected).toBe(true);
    const open = summaryOf({ ...summary, seats: [{ seat: 0, kind: 'open' }, ...summary.seats.slice(1)] }, null, '', 0);
    expect(open.seats[0]).toEqual({ seat: 0, kind: 'open', name: '', level: null, connected: false, away: false });
    // A kept name says so; a guest's seat does not (the panel shows them as a guest).
    const kept = summaryOf({ ...summary, seats: [{ seat: 0, kind: 'human', name: 'Ada', away: false, kept: true }, ...summary.seats.slice(1)] }, null, '', 0);
    expect(kept.seats[0]).toMatchObject({ name: 'Ada', kept: true });
    expect(s.seats[0]).not.toHaveProperty('kept');
  });

  it('puts the clocks on this client’s clock, counted from what is left', () => {
    const s = summaryOf(summary, null, '', 5000);
    expect(s.turnSeconds).toBe(30);
    // From remainingMs, not from `at`: the two clocks may disagree.
    expect(s.turnDeadline).toBe(35000);
    // No Muggins window open: nothing to call (a time already past).
    expect(s.mugginsDeadline).toBe(0);
    const window = summaryOf({ ...summary, timers: { turn: null, muggins: { at: '2026-11-29T11:03:30.000Z', remainingMs: 800 } } }, null, '', 100);
    expect([window.turnDeadline, window.mugginsDeadline]).toEqual([null, 900]);
  });

  it('writes a hint’s play as game:action carries it, and seats people first', () => {
    expect(playMove('5-2', null)).toEqual({ type: 'play', tile: '5-2' });
    expect(playMove('5-2', 'north')).toEqual({ type: 'play', tile: '5-2', end: 'north' });
    expect(seatSpecs(4, { rules: { players: 4 }, bots: 2, level: 'hard', turnSeconds: null })).toEqual([
      { type: 'human' },
      { type: 'human' },
      { type: 'bot', level: 'hard' },
      { type: 'bot', level: 'hard' },
    ]);
  });

  it('puts refusals in words', () => {
    expect(noticeOf({ code: 'action/stale', message: 'the table has moved on to version 12; this action was made on 11' }).message).toMatch(/^The table moved on/);
    expect(noticeOf({ code: 'table/full', message: 'every seat is taken' })).toEqual({ code: 'table/full', message: 'Every seat is taken.' });
    expect(noticeOf({ code: 'move/must_play', message: 'a tile fits: play it!' }).message).toBe('A tile fits: play it!');
  });

  it('reads table codes as the server does, and the queue and open tables', () => {
    expect(isTableCode(' k7q-m3x ')).toBe(true);
    for (const bad of ['K7QM3', 'K7QM3XX', 'I7QM3X', 'K0QM3X', 'K7QU3X']) expect(isTableCode(bad)).toBe(false);
    expect(queueOf({ queue: 'q3f0a9c2b7d41', rules: rules(3), waiting: 2, botsAt: { at: '2026-11-29T11:00:30.000Z', remainingMs: 30000 } }, 1000, '?')).toEqual({
      players: 3,
      preset: 'allFives',
      waiting: 2,
      botsAt: 31000,
      rating: '?',
    });
    const listed = { tableId: 'k3v9q2m7xa', code: 'K7QM3X', host: 'Ada', rules: rules(4), seats: 4, taken: 2, turnSeconds: 30, createdAt: '2026-11-29T11:00:00.000Z' };
    expect(openTableOf(listed as Parameters<typeof openTableOf>[0])).toEqual({ id: 'k3v9q2m7xa', code: 'K7QM3X', host: 'Ada', rules: rules(4), seatsTaken: 2, turnSeconds: 30 });
  });
});
