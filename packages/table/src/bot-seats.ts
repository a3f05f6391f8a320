import { type BotLevel, botNameBesides, sameName } from '@fives/protocol';
import type { SeatRecord } from './doc.ts';

/**
 * Computer players' names: given when the seat is filled (the table made, the host adding one, a
 * queue filled with them), the first name nobody else at the table goes by, so that two of them
 * never read the same and none reads as a person there. A stand-in is not one of them: it plays
 * under the person's own name.
 */

function namesBesides(seats: readonly SeatRecord[], at: number): string[] {
  return seats.flatMap((s, i) => (i === at || s.kind === 'open' ? [] : [s.name]));
}

/** Seat `at` of `seats` with a computer player of `level`: one already there keeps its name. */
export function botSeat(seats: readonly SeatRecord[], at: number, level: BotLevel): SeatRecord {
  const current = seats[at];
  return { kind: 'bot', level, name: current?.kind === 'bot' ? current.name : botNameBesides(namesBesides(seats, at)) };
}

/**
 * The seats after someone sat down: a computer player whose name a person there goes by, or an
 * earlier computer player, takes the first free one. The same array when nothing clashes.
 */
export function distinctBotNames(seats: readonly SeatRecord[]): readonly SeatRecord[] {
  let out = seats;
  seats.forEach((s, at) => {
    if (s.kind !== 'bot') return;
    const clashes = out.some((o, i) => i !== at && o.kind !== 'open' && (o.kind === 'human' || i < at) && sameName(o.name, s.name));
    if (!clashes) return;
    const renamed = out.slice();
    renamed[at] = { ...s, name: botNameBesides(namesBesides(out, at)) };
    out = renamed;
  });
  return out;
}
