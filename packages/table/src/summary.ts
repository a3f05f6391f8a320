import { type Rules, resolveRules } from '@fives/engine';
import { OPEN_TABLES_LIMIT, type OpenTable, type SeatInfo, type TableSummary, type Timers, isCorrespondence, ratingText } from '@fives/protocol';
import type { RematchOffer, SeatRecord, TableDoc } from './doc.ts';

export { OPEN_TABLES_LIMIT };

function seatInfo(seat: SeatRecord, index: number): SeatInfo {
  switch (seat.kind) {
    case 'open':
      return { seat: index, kind: 'open' };
    case 'human':
      return { seat: index, kind: 'human', name: seat.name, away: seat.away === true, rating: ratingText(seat.rating), ...(seat.kept === true ? { kept: true as const } : {}) };
    case 'bot':
      return { seat: index, kind: 'bot', level: seat.level, name: seat.name };
  }
}

export function rulesOf(doc: TableDoc): Rules {
  if (doc.state !== null) return doc.state.rules;
  const resolved = resolveRules(doc.rulesInput);
  // The rules were checked when the table was made; failing now means a corrupt store.
  if (!resolved.ok) throw new Error(`table ${doc.id} holds rules the engine refuses: ${resolved.error.message}`);
  return resolved.value;
}

function timers(doc: TableDoc, now: number): Timers {
  const { turn, muggins } = doc.clock;
  const left = (at: number): number => Math.max(0, Math.round(at - now));
  return {
    turn: turn === null ? null : { seat: turn.seat, at: new Date(turn.at).toISOString(), remainingMs: left(turn.at) },
    muggins: muggins === null ? null : { at: new Date(muggins).toISOString(), remainingMs: left(muggins) },
  };
}

/** A table's public face at `now`: no player ids, no game state beyond the scores. */
export function summarize(doc: TableDoc, now: number): TableSummary {
  const host = seatOf(doc, doc.hostId);
  return {
    id: doc.id,
    code: doc.code,
    rules: rulesOf(doc),
    phase: doc.phase,
    game: doc.game,
    hostSeat: host,
    seats: doc.seats.map(seatInfo),
    scores: doc.state === null ? null : doc.state.scores.slice(),
    createdAt: doc.createdAt,
    turnSeconds: doc.settings.turnSeconds,
    listed: doc.settings.listed,
    rated: doc.settings.rated,
    timers: timers(doc, now),
    ...(doc.rematch === undefined || doc.phase !== 'over' ? {} : { rematch: rematchOf(doc, doc.rematch) }),
  };
}

/** The offer in seats (player ids stay private); a person no longer seated is left out. */
function rematchOf(doc: TableDoc, offer: RematchOffer): NonNullable<TableSummary['rematch']> {
  const seats = (ids: readonly string[]): number[] => ids.flatMap((id) => seatOf(doc, id) ?? []);
  return { by: seatOf(doc, offer.by) ?? 0, accepted: seats(offer.accepted), declined: offer.declined === null ? null : seatOf(doc, offer.declined) };
}

/**
 * The table's entry in the open-tables list, or null when it does not belong there: it must be
 * waiting, listed by its host, have an open seat, and a person at it (nobody else could start it).
 */
export function openEntry(doc: TableDoc): OpenTable | null {
  if (doc.phase !== 'waiting' || !doc.settings.listed) return null;
  const open = doc.seats.filter((s) => s.kind === 'open').length;
  const host = doc.seats.find((s) => s.kind === 'human' && s.playerId === doc.hostId);
  if (open === 0 || !doc.seats.some((s) => s.kind === 'human')) return null;
  return {
    tableId: doc.id,
    code: doc.code,
    host: host?.kind === 'human' ? host.name : null,
    rules: rulesOf(doc),
    seats: doc.seats.length,
    taken: doc.seats.length - open,
    turnSeconds: doc.settings.turnSeconds,
    createdAt: doc.createdAt,
  };
}

/**
 * Who is seated at this table's game under way (true) and who is not, or no longer (false):
 * every person at it, for the index that keeps a person at one table at a time.
 */
export function seatedMarks(doc: TableDoc): [string, boolean][] {
  // A correspondence game runs for days: its people may sit at live games (and queues) meanwhile.
  const live = !isCorrespondence(doc.settings.turnSeconds);
  return doc.seats.flatMap((s): [string, boolean][] => (s.kind === 'human' ? [[s.playerId, live && doc.phase === 'playing' && s.away !== true]] : []));
}

export function seatOf(doc: TableDoc, playerId: string): number | null {
  const seat = doc.seats.findIndex((s) => s.kind === 'human' && s.playerId === playerId);
  return seat >= 0 ? seat : null;
}
