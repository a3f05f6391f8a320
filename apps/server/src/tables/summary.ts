import { type Rules, resolveRules } from '@fives/engine';
import type { SeatInfo, TableSummary } from '@fives/protocol';
import type { SeatRecord, TableDoc } from './doc.ts';

export function botName(level: string): string {
  return `Computer (${level})`;
}

function seatInfo(seat: SeatRecord, index: number): SeatInfo {
  switch (seat.kind) {
    case 'open':
      return { seat: index, kind: 'open' };
    case 'human':
      return { seat: index, kind: 'human', name: seat.name };
    case 'bot':
      return { seat: index, kind: 'bot', level: seat.level, name: botName(seat.level) };
  }
}

export function rulesOf(doc: TableDoc): Rules {
  if (doc.state !== null) return doc.state.rules;
  const resolved = resolveRules(doc.rulesInput);
  // The rules were checked when the table was made; failing now means a corrupt store.
  if (!resolved.ok) throw new Error(`table ${doc.id} holds rules the engine refuses: ${resolved.error.message}`);
  return resolved.value;
}

/** A table's public face: no player ids, no game state beyond the scores. */
export function summarize(doc: TableDoc): TableSummary {
  const host = doc.seats.findIndex((s) => s.kind === 'human' && s.playerId === doc.hostId);
  return {
    id: doc.id,
    rules: rulesOf(doc),
    phase: doc.phase,
    game: doc.game,
    hostSeat: host >= 0 ? host : null,
    seats: doc.seats.map(seatInfo),
    scores: doc.state === null ? null : doc.state.scores.slice(),
    createdAt: doc.createdAt,
  };
}

export function seatOf(doc: TableDoc, playerId: string): number | null {
  const seat = doc.seats.findIndex((s) => s.kind === 'human' && s.playerId === playerId);
  return seat >= 0 ? seat : null;
}
