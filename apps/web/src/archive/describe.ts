import { type Rules, formatTile, sideCount, sideOf } from '@fives/engine';
import type { Frame } from './replay.ts';
import type { Strings } from './strings.ts';

/** A step of the replay in words, for the line under the board (and screen readers). */
export function frameText(frame: Frame, names: readonly string[], s: Strings): string {
  const who = (seat: number): string => names[seat] ?? s.seatName(seat);
  const e = frame.event;
  if (e === null) return s.dealt(frame.hand + 1, who(frame.state.hand?.leader ?? 0));
  switch (e.type) {
    case 'play':
      return s.played(who(e.seat), formatTile(e.tile), e.count, e.scored);
    case 'draw':
      return s.drew(who(e.seat));
    case 'pass':
      return s.passed(who(e.seat));
    case 'claim':
      return s.claimed(who(e.seat), e.points, e.scored);
    case 'noScore':
      return s.noScore(who(e.seat));
    case 'muggins':
      return s.calledMuggins(who(e.seat), e.scored);
    case 'handEnd':
      return s.handOver(frame.hand + 1);
  }
}

/** Each side's name: one player's, or "Ana & Luis" for a team. */
export function sideNames(rules: Rules, names: readonly string[], s: Strings): string[] {
  return Array.from({ length: sideCount(rules) }, (_, side) =>
    Array.from({ length: rules.players }, (_, seat) => seat)
      .filter((seat) => sideOf(rules, seat) === side)
      .map((seat) => names[seat] ?? s.seatName(seat))
      .join(' & '),
  );
}
