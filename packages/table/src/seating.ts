import { type Result, ok } from '@fives/engine';
import { ErrorCode, type PlayerId, type Problem, type SeatSpec } from '@fives/protocol';
import { awaySeat } from './abort.ts';
import { botSeat, distinctBotNames } from './bot-seats.ts';
import { type Cause, type Change, type Person, personOf, personSeat } from './change.ts';
import type { SeatRecord, TableDoc, TableSettings } from './doc.ts';
import { hostAfter } from './host.ts';
import { refuse } from './outcome.ts';
import { seatOf } from './summary.ts';

/**
 * Seats: who sits where, coming and going. Each decision takes the table as it is and says
 * what it becomes (null: nothing to change), or why not.
 */

/** The person takes the first open seat of a waiting table (their own if they have one already). */
export function takeOpenSeat(d: TableDoc, person: Person): Result<{ seat: number; change: Change | null }, Problem> {
  const again = seatOf(d, person.id);
  if (again !== null) return ok({ seat: again, change: null });
  const seat = d.seats.findIndex((s) => s.kind === 'open');
  if (d.phase !== 'waiting' || seat < 0) return refuse(ErrorCode.tableFull, 'every seat is taken');
  const seats = d.seats.slice();
  seats[seat] = personSeat(person);
  return ok({ seat, change: { doc: { ...d, seats: distinctBotNames(seats) }, cause: { kind: 'joined', seat } } });
}

/** The person who was away is back: their seat is theirs again, taken from its stand-in. */
export function comeBack(d: TableDoc, playerId: PlayerId): Result<Change | null, Problem> {
  const seat = seatOf(d, playerId);
  const s = seat === null ? undefined : d.seats[seat];
  if (seat === null || s?.kind !== 'human' || s.away !== true) return ok(null);
  const seats = d.seats.slice();
  seats[seat] = personSeat(personOf(s));
  return ok({ doc: { ...d, seats }, cause: { kind: 'returned', seat } });
}

/**
 * A player leaves. Waiting: the seat opens. Playing: the seat stays theirs and a stand-in plays
 * it at once. Over: the seat is freed and the table waits for players again. A host who leaves
 * hands the role on.
 */
export function leave(d: TableDoc, playerId: PlayerId): Result<Change | null, Problem> {
  const seat = seatOf(d, playerId);
  const s = seat === null ? undefined : d.seats[seat];
  if (seat === null || s?.kind !== 'human') return ok(null);
  const seats = d.seats.slice();
  switch (d.phase) {
    case 'waiting':
      seats[seat] = { kind: 'open' };
      return ok({ doc: { ...d, seats, hostId: hostAfter(d, seats, playerId) }, cause: { kind: 'left', seat } });
    case 'playing':
      if (s.away === true) return ok(null);
      seats[seat] = awaySeat(s, d.state);
      return ok({ doc: { ...d, seats, hostId: hostAfter(d, seats, playerId) }, cause: { kind: 'away', seat } });
    case 'over':
      seats[seat] = { kind: 'open' };
      return ok({ doc: { ...d, seats, phase: 'waiting', state: null, hostId: hostAfter(d, seats, playerId) }, cause: { kind: 'left', seat } });
  }
}

/**
 * Nobody has held `seat` of `playerId` for the grace period: the person is away (a stand-in
 * plays for them) or, while the table waits, gives the seat up; a host hands the role on.
 */
export function goneAway(d: TableDoc, seat: number, playerId: PlayerId): Result<Change | null, Problem> {
  const r = d.seats[seat];
  if (r?.kind !== 'human' || r.playerId !== playerId || r.away === true) return ok(null);
  const seats = d.seats.slice();
  seats[seat] = d.phase === 'waiting' ? { kind: 'open' } : awaySeat(r, d.state);
  const cause: Cause = { kind: d.phase === 'waiting' ? 'left' : 'away', seat };
  return ok({ doc: { ...d, seats, hostId: hostAfter(d, seats, playerId) }, cause });
}

/** The person given up for gone was there after all: their seat again, if the waiting table still has it open. */
export function reseat(d: TableDoc, seat: number, person: Person): Result<Change | null, Problem> {
  if (d.phase !== 'waiting' || d.seats[seat]?.kind !== 'open' || seatOf(d, person.id) !== null) return ok(null);
  const seats = d.seats.slice();
  seats[seat] = personSeat(person);
  return ok({ doc: { ...d, seats: distinctBotNames(seats) }, cause: { kind: 'joined', seat } });
}

/** Host, while the table waits: a seat opens or gets a computer player. */
export function setSeat(d: TableDoc, playerId: PlayerId, seat: number, occupant: SeatSpec): Result<Change | null, Problem> {
  if (d.hostId !== playerId) return refuse(ErrorCode.notHost, 'only the host may change the seats');
  if (d.phase !== 'waiting') return refuse(ErrorCode.alreadyStarted, 'the seats are fixed once the game has started');
  const current = d.seats[seat];
  if (current === undefined) return refuse(ErrorCode.badSeat, `there is no seat ${seat} at this ${d.seats.length}-seat table`);
  if (current.kind === 'human') return refuse(ErrorCode.seatTaken, `${current.name} sits at seat ${seat}`);
  const next: SeatRecord = occupant.type === 'bot' ? botSeat(d.seats, seat, occupant.level) : { kind: 'open' };
  if (sameSeat(current, next)) return ok(null);
  const seats = d.seats.slice();
  seats[seat] = next;
  return ok({ doc: { ...d, seats }, cause: { kind: 'seat', seat, to: next.kind } });
}

/**
 * Host: the turn time, the listing and (before the first start) whether the games are rated. A
 * running turn keeps its deadline; switching the timer off stops it. Rated is fixed once a game
 * has been dealt: the players sat down knowing whether it counts.
 */
export function changeSettings(d: TableDoc, playerId: PlayerId, change: Partial<TableSettings>): Result<Change | null, Problem> {
  if (d.hostId !== playerId) return refuse(ErrorCode.notHost, 'only the host may change the settings');
  if (change.rated !== undefined && change.rated !== d.settings.rated && d.phase !== 'waiting') {
    return refuse(ErrorCode.ratedFixed, 'whether the games are rated is chosen before the first start');
  }
  const settings: TableSettings = {
    turnSeconds: change.turnSeconds === undefined ? d.settings.turnSeconds : change.turnSeconds,
    listed: change.listed ?? d.settings.listed,
    rated: change.rated ?? d.settings.rated,
  };
  if (settings.turnSeconds === d.settings.turnSeconds && settings.listed === d.settings.listed && settings.rated === d.settings.rated) return ok(null);
  return ok({ doc: { ...d, settings }, cause: { kind: 'settings' } });
}

function sameSeat(a: SeatRecord, b: SeatRecord): boolean {
  return a.kind === b.kind && (a.kind !== 'bot' || (b.kind === 'bot' && a.level === b.level));
}
