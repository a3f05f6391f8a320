import { type Result, newGame, ok } from '@fives/engine';
import { ErrorCode, type PlayerId, type Problem } from '@fives/protocol';
import { awaySeat } from './abort.ts';
import type { Change } from './change.ts';
import { type SeedSource, dealNextHand } from './dealer.ts';
import type { TableDoc } from './doc.ts';
import { fromGameError, refuse } from './outcome.ts';
import { seatOf } from './summary.ts';

/** Starting and dealing: a game begins (the first, or a rematch) and each hand is dealt from a fresh seed. */

/** Host, every seat taken: the first game is dealt. */
export function start(d: TableDoc, playerId: PlayerId, seeds: SeedSource): Result<Change, Problem> {
  if (d.hostId !== playerId) return refuse(ErrorCode.notHost, 'only the host may start the game');
  if (d.phase !== 'waiting') return refuse(ErrorCode.alreadyStarted, 'the game has already started');
  const open = d.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
  if (open.length > 0) return refuse(ErrorCode.seatsOpen, `seat${open.length > 1 ? 's' : ''} ${open.join(', ')} still open`);
  return newGameChange(d, 'started', seeds);
}

/**
 * Host, once a game is over: the next game at the same seats, once every person seated says yes
 * (`answerRematch`); with nobody else but computer players, at once. Offering again after a "no"
 * is a new offer; asking again while one waits starts the game if everyone still seated has said
 * yes (a person who had not answered left), else it is refused.
 */
export function rematch(d: TableDoc, playerId: PlayerId, seeds: SeedSource): Result<Change, Problem> {
  if (d.hostId !== playerId) return refuse(ErrorCode.notHost, 'only the host may offer a rematch');
  if (d.phase !== 'over') return refuse(ErrorCode.gameNotOver, 'the game is not over yet');
  const offer = d.rematch;
  if (offer !== undefined && offer.declined === null) {
    if (everyoneSaidYes(d, offer.accepted)) return newGameChange(d, 'rematch', seeds);
    return refuse(ErrorCode.rematchOffered, 'a rematch is offered already: the others have not all answered');
  }
  if (everyoneSaidYes(d, [playerId])) return newGameChange(d, 'rematch', seeds);
  return ok({ doc: { ...d, rematch: { by: playerId, accepted: [playerId], declined: null } }, cause: { kind: 'rematchOffered', seat: seatOf(d, playerId) ?? 0 } });
}

/** A seated person's answer to the host's rematch offer: the last yes deals the next game (once: the change is made on one version). */
export function answerRematch(d: TableDoc, playerId: PlayerId, accept: boolean, seeds: SeedSource): Result<Change, Problem> {
  const offer = d.rematch;
  if (d.phase !== 'over' || offer === undefined || offer.declined !== null) return refuse(ErrorCode.noRematchOffer, 'there is no rematch offer to answer');
  const seat = seatOf(d, playerId);
  if (seat === null || !peopleSeated(d).includes(playerId)) return refuse(ErrorCode.notSeated, 'only the people seated at the table answer a rematch offer');
  if (!accept) return ok({ doc: { ...d, rematch: { ...offer, declined: playerId } }, cause: { kind: 'rematchDeclined', seat } });
  const accepted = offer.accepted.includes(playerId) ? offer.accepted : [...offer.accepted, playerId];
  if (everyoneSaidYes(d, accepted)) return newGameChange(d, 'rematch', seeds);
  return ok({ doc: { ...d, rematch: { ...offer, accepted } }, cause: { kind: 'rematchAccepted', seat } });
}

/** The people at the table now (not away: a computer player plays for those): whose yes a rematch needs. */
function peopleSeated(d: TableDoc): PlayerId[] {
  return d.seats.flatMap((s) => (s.kind === 'human' && s.away !== true ? [s.playerId] : []));
}

function everyoneSaidYes(d: TableDoc, accepted: readonly PlayerId[]): boolean {
  return peopleSeated(d).every((id) => accepted.includes(id));
}

/** The game's next hand, once the last one is over (the table's automatic step after the pause). */
export function deal(d: TableDoc, seeds: SeedSource): Result<Change, Problem> {
  if (d.state === null) return refuse(ErrorCode.notPlaying, 'no game');
  const dealt = dealNextHand(d.state, d.game, seeds, d.fair);
  if (!dealt.ok) return { ok: false, error: fromGameError(dealt.error) };
  return ok({ doc: { ...d, state: dealt.value.state, fair: dealt.value.fair }, cause: { kind: 'dealt' } });
}

function newGameChange(d: TableDoc, kind: 'started' | 'rematch', seeds: SeedSource): Result<Change, Problem> {
  const fresh = newGame(d.rulesInput);
  if (!fresh.ok) return { ok: false, error: fromGameError(fresh.error) };
  const dealt = dealNextHand(fresh.value, d.game + 1, seeds, d.fair);
  if (!dealt.ok) return { ok: false, error: fromGameError(dealt.error) };
  const { state, fair } = dealt.value;
  // The offer is answered by the game itself.
  const { rematch: _answered, ...table } = d;
  // A person away as the game is dealt is away before its third move: if they stay away, the game is aborted.
  const seats = d.seats.map((s) => (s.kind === 'human' && s.away === true ? awaySeat(s, null) : s));
  return ok({ doc: { ...table, seats, phase: 'playing', game: d.game + 1, state, fair }, cause: { kind } });
}
