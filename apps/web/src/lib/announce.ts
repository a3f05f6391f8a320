import { type Rules, type TableView, type ViewEvent, sideOf } from '@fives/engine';
import { END_LABEL, scoreUnitLabel, sideName, tileLabel } from './names.ts';

/**
 * What a screen reader hears after each change: every event since the last view, in words. A
 * player's own moves are announced too, briefly, so that a keyboard player hears the result.
 */
export function describeEvent(e: ViewEvent, rules: Rules, names: readonly string[], you: number | null): string {
  const who = (seat: number): string => (seat === you ? 'You' : (names[seat] ?? `Seat ${seat + 1}`));
  const pts = (n: number): string => scoreUnitLabel(rules, n);
  switch (e.type) {
    case 'play': {
      const where = e.end === null ? 'to lead' : `on the ${END_LABEL[e.end]}`;
      const count = e.count === null ? '' : ` Count ${e.count}.`;
      const scored = e.scored > 0 ? ` ${who(e.seat)} ${e.seat === you ? 'score' : 'scores'} ${pts(e.scored)}.` : '';
      return `${who(e.seat)} played ${tileLabel(e.tile)} ${where}.${count}${scored}`;
    }
    case 'draw':
      return `${who(e.seat)} drew a tile.`;
    case 'pass':
      return `${who(e.seat)} passed.`;
    case 'claim':
      return e.scored > 0 ? `${who(e.seat)} claimed ${e.points} and scored ${pts(e.scored)}.` : `${who(e.seat)} claimed ${e.points}: no score.`;
    case 'noScore':
      return `${who(e.seat)} said no score.`;
    case 'muggins':
      return `${who(e.seat)} called Muggins! ${pts(e.scored)}.`;
    case 'handEnd': {
      const how = e.out === null ? 'The hand is blocked.' : `${who(e.out)} went out.`;
      // An award names a seat of the side that earns it (with partners, seat 3 stands for team 1).
      const awards = e.awards.filter((a) => a.points > 0).map((a) => `${sideName(rules, sideOf(rules, a.seat), names)} ${a.seat === you ? 'score' : 'scores'} ${pts(a.points)}.`);
      return [how, ...awards].join(' ');
    }
    default:
      return assertNever(e);
  }
}

/** The events in `next` that `prev` had not shown yet; a new hand (or game) starts over. */
export function newEvents(prev: TableView | null, next: TableView): readonly ViewEvent[] {
  const log = next.hand?.log ?? [];
  if (prev === null || prev.hand === null || handNumber(prev) !== handNumber(next) || prev.hand.log.length > log.length) return log;
  return log.slice(prev.hand.log.length);
}

/** Which hand of the game a view shows (a rematch's first hand has a shorter log than the last one). */
function handNumber(v: TableView): number {
  return v.handScores.length;
}

/** Who moves, said as a sentence for the status line and the live region. */
export function turnSentence(v: TableView, names: readonly string[]): string {
  const hand = v.hand;
  if (v.status === 'over') return v.winner === null ? 'The game is over.' : `${sideName(v.rules, v.winner, names)} won the game.`;
  if (hand === null || v.status === 'dealing') return 'The hand is over.';
  const mine = hand.turn === v.seat;
  if (hand.awaiting === 'claim') return mine ? 'Claim your count, or say no score.' : `${names[hand.turn] ?? 'They'} is counting.`;
  return mine ? 'Your turn.' : `${names[hand.turn] ?? 'They'} to play.`;
}

function assertNever(x: never): never {
  throw new Error(`unexpected event ${JSON.stringify(x)}`);
}
