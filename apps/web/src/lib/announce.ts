import { type Rules, type TableView, type ViewEvent, sideOf } from '@fives/engine';
import { t } from '../i18n/i18n.svelte.ts';
import { endLabel, scoreUnitLabel, seatName, sideName, tileLabel } from './names.ts';

/**
 * What a screen reader hears after each change: every event since the last view, in words. A
 * player's own moves are announced too, briefly, so that a keyboard player hears the result.
 */
export function describeEvent(e: ViewEvent, rules: Rules, names: readonly string[], you: number | null): string {
  const who = seatName(names, e.type === 'handEnd' ? 0 : e.seat);
  const mine = e.type !== 'handEnd' && e.seat === you;
  const pts = (n: number): string => scoreUnitLabel(rules, n);
  switch (e.type) {
    case 'play': {
      const where = e.end === null ? t('ev.toLead') : t('ev.onEnd', { end: endLabel(e.end) });
      const parts = [mine ? t('ev.play.you', { tile: tileLabel(e.tile), where }) : t('ev.play.other', { who, tile: tileLabel(e.tile), where })];
      if (e.count !== null) parts.push(t('ev.count', { count: e.count }));
      if (e.scored > 0) parts.push(mine ? t('ev.scored.you', { points: pts(e.scored) }) : t('ev.scored.other', { who, points: pts(e.scored) }));
      return parts.join(' ');
    }
    case 'draw':
      return mine ? t('ev.draw.you') : t('ev.draw.other', { who });
    case 'pass':
      return mine ? t('ev.pass.you') : t('ev.pass.other', { who });
    case 'claim':
      if (e.scored > 0) return mine ? t('ev.claim.you', { claimed: e.points, points: pts(e.scored) }) : t('ev.claim.other', { who, claimed: e.points, points: pts(e.scored) });
      return mine ? t('ev.claimNone.you', { claimed: e.points }) : t('ev.claimNone.other', { who, claimed: e.points });
    case 'noScore':
      return mine ? t('ev.noScore.you') : t('ev.noScore.other', { who });
    case 'muggins':
      return mine ? t('ev.muggins.you', { points: pts(e.scored) }) : t('ev.muggins.other', { who, points: pts(e.scored) });
    case 'handEnd': {
      const how = e.out === null ? t('ev.blocked') : e.out === you ? t('ev.out.you') : t('ev.out.other', { who: seatName(names, e.out) });
      // An award names a seat of the side that earns it (with partners, seat 3 stands for team 1).
      const awards = e.awards
        .filter((a) => a.points > 0)
        .map((a) => t(a.seat === you ? 'ev.award.you' : 'ev.award.other', { side: sideName(rules, sideOf(rules, a.seat), names), points: pts(a.points) }));
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
  if (v.status === 'over') return v.winner === null ? t('turn.over') : t('turn.won', { name: sideName(v.rules, v.winner, names) });
  if (hand === null || v.status === 'dealing') return t('turn.handOver');
  const mine = hand.turn === v.seat;
  if (hand.awaiting === 'claim') return mine ? t('turn.claim') : t('turn.counting', { name: seatName(names, hand.turn) });
  return mine ? t('turn.yours') : t('turn.theirs', { name: seatName(names, hand.turn) });
}

function assertNever(x: never): never {
  throw new Error(`unexpected event ${JSON.stringify(x)}`);
}
