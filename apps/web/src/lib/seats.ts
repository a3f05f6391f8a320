import type { HandView } from '@fives/engine';
import { t } from '../i18n/i18n.svelte.ts';

export type Place = 'bottom' | 'left' | 'top' | 'right';

/** Where each seat sits on screen: the viewer at the bottom, then clockwise, the way play goes. */
export function seatPlaces(players: number, viewer: number): { seat: number; place: Place }[] {
  const order: Place[] = players === 2 ? ['bottom', 'top'] : players === 3 ? ['bottom', 'left', 'right'] : ['bottom', 'left', 'top', 'right'];
  return order.map((place, i) => ({ seat: (viewer + i) % players, place }));
}

/** What a seat did since its last play that the table should show: "drew 2", "passed". */
export function seatNote(hand: HandView, seat: number): string {
  let draws = 0;
  for (let i = hand.log.length - 1; i >= 0; i--) {
    const e = hand.log[i];
    if (e === undefined || e.type === 'handEnd' || e.seat !== seat) continue;
    if (e.type === 'play') break;
    if (e.type === 'pass') return draws > 0 ? t('note.drewPassed', { count: draws }) : t('note.passed');
    if (e.type === 'draw') draws++;
  }
  return draws > 0 ? t('note.drew', { count: draws }) : '';
}
