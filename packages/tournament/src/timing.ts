import type { Tournament } from './state.ts';

/**
 * No new Arena game starts in the last two minutes: it could not end in time to count. lichess
 * closes an arena's pairings when fewer than max(30 s, min(half the clock's initial time, 120 s))
 * are left (Tournament.scala, `pairingsClosed`); a game of dominoes has no fixed clock and lasts
 * longer than a chess blitz game, so here it is the upper bound, 120 s.
 */
export const ARENA_PAIRINGS_CLOSE_MS = 120_000;

/** When an Arena's time is up: its start time plus its length, whenever its start was actually run. */
export function arenaEndsAt(t: Tournament): number | null {
  return t.settings.length.format === 'arena' ? t.settings.startsAt + t.settings.length.minutes * 60_000 : null;
}

export function pairingsClosed(t: Tournament, now: number): boolean {
  const endsAt = arenaEndsAt(t);
  return endsAt !== null && now >= endsAt - ARENA_PAIRINGS_CLOSE_MS;
}
