import type { GameState } from '@fives/engine';
import type { TableClock, TableDoc } from './doc.ts';

/**
 * The table's clocks, worked out after every change from the change itself (before → after)
 * and the time it is made at; stored with the table, so every node reads the same deadlines.
 *
 * A turn is timed while a person (not away) is to act: it starts when the turn comes to their
 * seat — a new seat, a new hand, a new game, or the person coming back — and keeps running
 * through their draws and, under Muggins, their claim (the claim is part of the turn).
 *
 * The Muggins window opens when a count is missed (the engine's `hand.missed` appears) and
 * closes `mugginsWindowMs` later; the rules close it too, when the next tile is played.
 */
export function withClock(before: TableDoc | null, after: TableDoc, now: number, mugginsWindowMs: number): TableDoc {
  return { ...after, clock: { turn: turnClock(before, after, now), muggins: mugginsClock(before, after, now, mugginsWindowMs) } };
}

function turnClock(before: TableDoc | null, after: TableDoc, now: number): TableClock['turn'] {
  const state = after.state;
  const seconds = after.settings.turnSeconds;
  if (seconds === null || after.phase !== 'playing' || state === null || state.status !== 'playing' || state.hand === null) return null;
  const seat = state.hand.turn;
  const s = after.seats[seat];
  if (s?.kind !== 'human' || s.away === true) return null;
  const hand = state.hands.length;
  const previous = before?.clock.turn ?? null;
  if (previous !== null && previous.seat === seat && previous.game === after.game && previous.hand === hand) return previous;
  return { seat, game: after.game, hand, at: now + seconds * 1000 };
}

function mugginsClock(before: TableDoc | null, after: TableDoc, now: number, windowMs: number): number | null {
  const missed = after.state?.hand?.missed ?? null;
  if (missed === null || after.phase !== 'playing') return null;
  const was = sameHand(before?.state ?? null, after.state) ? (before?.state?.hand?.missed ?? null) : null;
  return was !== null && before?.clock.muggins != null ? before.clock.muggins : now + windowMs;
}

function sameHand(a: GameState | null, b: GameState | null): boolean {
  return a !== null && b !== null && a.hands.length === b.hands.length && a.hand !== null && b.hand !== null;
}

/** Whether an opponent may still call Muggins at `now` by the server's window. */
export function mugginsOpen(doc: TableDoc, now: number): boolean {
  return doc.clock.muggins !== null && now <= doc.clock.muggins;
}

/** Whether the person to move has run out of time at `now`. */
export function turnExpired(doc: TableDoc, now: number): boolean {
  const turn = doc.clock.turn;
  return turn !== null && turn.seat === doc.state?.hand?.turn && now >= turn.at;
}

/** A table where every person is away waits for one to come back instead of playing on by itself. */
export function paused(doc: TableDoc): boolean {
  const humans = doc.seats.filter((s) => s.kind === 'human');
  return humans.length > 0 && humans.every((s) => s.away === true);
}
