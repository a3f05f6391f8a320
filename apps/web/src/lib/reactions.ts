import { type TableView, sideOf } from '@fives/engine';
import { t } from '../i18n/i18n.svelte.ts';
import { describeEvent, newEvents } from './announce.ts';
import { seatName } from './names.ts';
import type { SoundName } from './sound.ts';

/** What the table does when a new view arrives: what it says, what it sounds like, which scores fly where. */
export interface Reaction {
  readonly say: readonly string[];
  readonly sounds: readonly SoundName[];
  /** A score flies from the table to the panel of `seat`. */
  readonly flights: readonly { readonly seat: number; readonly points: number }[];
}

/** A score on its way to a seat's panel (ScoreFlights.svelte), `id` telling it from the others in the air. */
export interface Flight {
  readonly id: number;
  readonly seat: number;
  readonly points: number;
}

export function reactTo(prev: TableView | null, next: TableView, names: readonly string[]): Reaction {
  // The first view (the table opened, or the page reloaded) tells what is now, not the moves
  // that led to it: those were said before the reload, or the player just arrived.
  const events = prev === null ? [] : newEvents(prev, next);
  const say: string[] = [];
  const sounds: SoundName[] = [];
  const flights: { seat: number; points: number }[] = [];
  const newHand = prev === null || prev.handScores.length !== next.handScores.length || (prev.hand?.log.length ?? 0) > (next.hand?.log.length ?? 0);
  if (newHand && next.hand !== null && next.hand.log.length === 0) {
    sounds.push('deal');
    say.push(t('ev.newHand', { n: next.handScores.length, name: seatName(names, next.hand.leader) }));
  }
  for (const e of events) {
    say.push(describeEvent(e, next.rules, names, next.seat));
    switch (e.type) {
      case 'play':
        sounds.push('place');
        if (e.scored > 0) flights.push({ seat: e.seat, points: e.scored });
        break;
      case 'draw':
        sounds.push('draw');
        break;
      case 'claim':
        if (e.scored > 0) flights.push({ seat: e.seat, points: e.scored });
        break;
      case 'muggins':
        sounds.push('muggins');
        if (e.scored > 0) flights.push({ seat: e.seat, points: e.scored });
        break;
      case 'pass':
      case 'noScore':
        break;
      case 'handEnd':
        for (const a of e.awards) if (a.points > 0) flights.push({ seat: a.seat, points: a.points });
        break;
      default:
        e satisfies never;
    }
  }
  if (flights.length > 0) sounds.push('score');
  if (next.status === 'over' && prev?.status !== 'over') {
    const mine = next.seat !== null && next.winner !== null && sideOf(next.rules, next.seat) === next.winner;
    sounds.push(mine ? 'win' : 'score');
  } else if (next.status === 'playing' && next.hand !== null && next.hand.turn === next.seat && (prev?.hand?.turn !== next.seat || newHand) && next.hand.awaiting === 'move') {
    sounds.push('turn');
    say.push(t('turn.yours'));
  }
  // One of each sound per update: three draws in a row should not triple the noise.
  return { say, sounds: [...new Set(sounds)], flights };
}
