import type { Tournament, TournamentGame, Member } from './state.ts';

/**
 * Who sits where at a game's table, seat 0 first: the first unit at seat 0 (and 2, its partner's),
 * the second at seat 1 (and 3), so that partners sit across as the engine's sides are (seats 0+2
 * and 1+3, rules.ts `sideOf`). Null if a unit is not in the tournament.
 */
export function seating(t: Tournament, game: TournamentGame): readonly Member[] | null {
  const [a, b] = game.units.map((id) => t.units.find((u) => u.id === id));
  if (a === undefined || b === undefined) return null;
  const seats: Member[] = [];
  for (let i = 0; i < a.members.length; i++) seats.push(a.members[i]!, b.members[i]!);
  return b.members.length === a.members.length ? seats : null;
}
