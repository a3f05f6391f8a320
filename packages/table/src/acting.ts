import { type Result, apply, ok } from '@fives/engine';
import { ErrorCode, type PlayerId, type Problem, type WireAction, toEngineAction } from '@fives/protocol';
import type { Actor } from './actors.ts';
import { type Change, personOf, personSeat } from './change.ts';
import type { TableDoc } from './doc.ts';
import { fromGameError, refuse } from './outcome.ts';
import { closedBy } from './record.ts';

/** A person's move: for their own `seat`, made on table `version`. */
export interface Move {
  readonly playerId: PlayerId;
  readonly seat: number;
  readonly version: number;
  readonly wire: WireAction;
}

/**
 * A person's move at `now`. It must be made on the table's current version (a move made on an
 * older one was made on a board that is gone), by the seat's person, and a Muggins call within
 * the window. Making it takes the seat back from a stand-in.
 */
export function act(d: TableDoc, now: number, move: Move): Result<Change, Problem> {
  const { seat, version, wire } = move;
  if (d.version !== version) {
    return refuse(ErrorCode.stale, `the table has moved on to version ${d.version}; this action was made on ${version}`, { version: d.version });
  }
  const owner = d.seats[seat];
  if (owner?.kind !== 'human' || owner.playerId !== move.playerId) return refuse(ErrorCode.notSeated, `seat ${seat} is not yours`);
  if (wire.type === 'muggins' && d.clock.muggins !== null && now > d.clock.muggins) {
    return refuse(ErrorCode.mugginsWindowClosed, `the Muggins window closed ${Math.round((now - d.clock.muggins) / 100) / 10} s ago`);
  }
  const changed = actionChange(d, seat, wire, 'person');
  if (!changed.ok || owner.away !== true) return changed;
  const seats = changed.value.doc.seats.slice();
  seats[seat] = personSeat(personOf(owner));
  return ok({ ...changed.value, doc: { ...changed.value.doc, seats } });
}

/** The engine's move for `seat`, by whoever made it; the hand it closes goes to the game's record. */
export function actionChange(d: TableDoc, seat: number, wire: WireAction, by: 'person' | Actor['why']): Result<Change, Problem> {
  const state = d.state;
  if (d.phase === 'waiting' || state === null) return refuse(ErrorCode.notPlaying, 'the game has not started');
  if (d.phase === 'over') return refuse(ErrorCode.gameOver, 'the game is over');
  const isLead = state.hand !== null && state.hand.board.tiles === 0;
  const next = apply(state, toEngineAction(wire, seat, isLead));
  if (!next.ok) return { ok: false, error: fromGameError(next.error) };
  const hand = closedBy(state, next.value);
  return ok({
    doc: { ...d, state: next.value, phase: next.value.status === 'over' ? 'over' : 'playing' },
    ...(hand === null ? {} : { append: { game: d.game, hand } }),
    cause: { kind: 'action', seat, type: wire.type, by },
  });
}
