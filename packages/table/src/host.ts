import type { PlayerId } from '@fives/protocol';
import type { SeatRecord, TableDoc } from './doc.ts';

/**
 * The host after `leaving` has left or gone away: if they were the host, the next person at the
 * table by seat (after theirs, round the table) who is not away; with nobody to take it, the
 * role stays where it was.
 */
export function hostAfter(doc: TableDoc, seats: readonly SeatRecord[], leaving: PlayerId): PlayerId {
  if (doc.hostId !== leaving) return doc.hostId;
  const from = Math.max(
    0,
    doc.seats.findIndex((s) => s.kind === 'human' && s.playerId === leaving),
  );
  for (let step = 1; step <= seats.length; step++) {
    const s = seats[(from + step) % seats.length];
    if (s?.kind === 'human' && s.playerId !== leaving && s.away !== true) return s.playerId;
  }
  return doc.hostId;
}
