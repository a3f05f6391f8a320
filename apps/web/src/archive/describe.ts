import { type Rules, formatTile, sideCount, sideOf } from '@fives/engine';
import type { Frame } from './replay.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { seatLabel } from './words.ts';

/** A step of the replay in words, for the line under the board (and screen readers). */
export function frameText(frame: Frame, names: readonly string[]): string {
  const who = (seat: number): string => names[seat] ?? seatLabel(seat);
  const e = frame.event;
  if (e === null) return t('archive.dealt', { hand: frame.hand + 1, leader: who(frame.state.hand?.leader ?? 0) });
  switch (e.type) {
    case 'play':
      return e.scored > 0
        ? t('archive.playedScores', { who: who(e.seat), tile: formatTile(e.tile), count: e.count, scored: e.scored })
        : t('archive.played', { who: who(e.seat), tile: formatTile(e.tile), count: e.count });
    case 'draw':
      return t('ev.draw.other', { who: who(e.seat) });
    case 'pass':
      return t('ev.pass.other', { who: who(e.seat) });
    case 'claim':
      return e.scored > 0 ? t('archive.claimedScores', { who: who(e.seat), points: e.points, scored: e.scored }) : t('archive.claimed', { who: who(e.seat), points: e.points });
    case 'noScore':
      return t('archive.noScore', { who: who(e.seat) });
    case 'muggins':
      return t('archive.calledMuggins', { who: who(e.seat), scored: e.scored });
    case 'handEnd':
      return t('handEnd.dialog', { n: frame.hand + 1 });
  }
}

/** Each side's name: one player's, or "Ana & Luis" for a team. */
export function sideNames(rules: Rules, names: readonly string[]): string[] {
  return Array.from({ length: sideCount(rules) }, (_, side) =>
    Array.from({ length: rules.players }, (_, seat) => seat)
      .filter((seat) => sideOf(rules, seat) === side)
      .map((seat) => names[seat] ?? seatLabel(seat))
      .join(' & '),
  );
}
