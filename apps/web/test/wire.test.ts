import { resolveRules, type Rules } from '@fives/engine';
import type { TableSummary as WireSummary } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { isTableCode, normalizeCode, openTableOf, queueOf } from '../src/connection/lobby-wire.ts';
import { type IncomingSummary, noticeOf, seatSpecs, summaryOf, wireAction } from '../src/connection/wire.ts';

const rules = (players: 2 | 3 | 4): Rules => {
  const r = resolveRules({ preset: 'allFives', players });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** A summary as this branch's server sends it (docs/protocol.md, TableSummary). */
/** As this branch's server sends it: older than the lobby's summary (issue 5), hence the cast. */
const plain = {
  id: 'k3v9q2m7xa' as WireSummary['id'],
  rules: rules(3),
  phase: 'waiting',
  game: 0,
  hostSeat: 0,
  seats: [
    { seat: 0, kind: 'human', name: 'Ada' },
    { seat: 1, kind: 'open' },
    { seat: 2, kind: 'bot', level: 'medium', name: 'Computer (medium)' },
  ],
  scores: null,
  createdAt: '2026-11-29T11:00:00.000Z',
} as unknown as WireSummary;

describe('from the wire to the screens', () => {
  it('reads a summary: seats, presence, the invite link, no clocks', () => {
    const s = summaryOf(plain, [true, false, true], 'http://host/t/k3v9q2m7xa', 1000);
    expect(s.seats).toEqual([
      { seat: 0, kind: 'human', name: 'Ada', level: null, connected: true, away: false },
      { seat: 1, kind: 'open', name: '', level: null, connected: false, away: false },
      { seat: 2, kind: 'bot', name: 'Computer (medium)', level: 'medium', connected: true, away: false },
    ]);
    expect(s).toMatchObject({ id: 'k3v9q2m7xa', code: null, inviteUrl: 'http://host/t/k3v9q2m7xa', hostSeat: 0, phase: 'waiting', game: 0 });
    expect([s.turnSeconds, s.turnDeadline, s.mugginsDeadline]).toEqual([null, null, null]);
    // Before any presence, people count as connected (the join's presence follows at once).
    expect(summaryOf(plain, null, '', 0).seats[0]?.connected).toBe(true);
  });

  it('reads what a lobby server adds: the code, the turn time and clocks on this client’s clock, seats played by a stand-in', () => {
    const lobby = {
      ...plain,
      phase: 'playing',
      seats: [
        { seat: 0, kind: 'human', name: 'Ada', away: false },
        { seat: 1, kind: 'human', name: 'Bob', away: true },
        { seat: 2, kind: 'bot', level: 'medium', name: 'Computer (medium)' },
      ],
      code: 'K7QM3X',
      turnSeconds: 30,
      listed: false,
      timers: { turn: { seat: 0, at: '2026-11-29T11:03:30.000Z', remainingMs: 30000 }, muggins: null },
    } as unknown as IncomingSummary;
    const s = summaryOf(lobby, null, '', 5000);
    expect(s.code).toBe('K7QM3X');
    expect(s.turnSeconds).toBe(30);
    // Counted from remainingMs, not from `at`: the two clocks may disagree.
    expect(s.turnDeadline).toBe(35000);
    // A lobby server times the Muggins window: none open means none to call.
    expect(s.mugginsDeadline).toBe(0);
    expect(s.seats.map((x) => x.away)).toEqual([false, true, false]);
    const open = summaryOf({ ...lobby, timers: { turn: null, muggins: { at: '', remainingMs: 800 } } } as IncomingSummary, null, '', 100);
    expect([open.turnDeadline, open.mugginsDeadline]).toEqual([null, 900]);
  });

  it('writes moves as game:action carries them, and seats people first', () => {
    expect(wireAction({ type: 'play', tile: '5-2', end: null })).toEqual({ type: 'play', tile: '5-2' });
    expect(wireAction({ type: 'play', tile: '5-2', end: 'north' })).toEqual({ type: 'play', tile: '5-2', end: 'north' });
    expect(wireAction({ type: 'claim', points: 15 })).toEqual({ type: 'claim', points: 15 });
    expect(wireAction({ type: 'noScore' })).toEqual({ type: 'noScore' });
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
    expect(normalizeCode(' k7q-m3x ')).toBe('K7QM3X');
    expect(isTableCode('k7q m3x')).toBe(true);
    for (const bad of ['K7QM3', 'K7QM3XX', 'I7QM3X', 'K0QM3X', 'K7QU3X']) expect(isTableCode(bad)).toBe(false);
    expect(queueOf({ queue: 'q3f0a9c2b7d41', rules: rules(3), waiting: 2, botsAt: { at: '', remainingMs: 30000 } }, 1000)).toEqual({
      players: 3,
      preset: 'allFives',
      waiting: 2,
      botsAt: 31000,
    });
    expect(
      openTableOf({ tableId: 'k3v9q2m7xa', code: 'K7QM3X', host: 'Ada', rules: rules(4), seats: 4, taken: 2, turnSeconds: 30, createdAt: '' }),
    ).toEqual({ id: 'k3v9q2m7xa', code: 'K7QM3X', host: 'Ada', rules: rules(4), seatsTaken: 2, turnSeconds: 30 });
  });
});
