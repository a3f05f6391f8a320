import { ok } from '@fives/engine';
import { ErrorCode } from '@fives/protocol';
import type { RateCounter, RateRule } from '../guard/rates.ts';
import { retryAfterSeconds } from '../guard/refusal.ts';
import { refuse } from '../tables/problems.ts';
import type { TableStore } from '../store/store.ts';
import type { SafetyStore } from '../safety/store.ts';
import { playerRoom, seatRoom, tableRoom } from './rooms.ts';
import type { GameServer, Handler } from './types.ts';

export interface ReactionDeps {
  readonly io: GameServer;
  /** The table as stored: whose seat it is now. */
  readonly store: Pick<TableStore, 'load'>;
  /** The guard's counters (Redis with a Redis store): a player's limit holds across their connections and the nodes. */
  readonly rates: RateCounter;
  readonly rule: RateRule;
  /** Who blocks the reacting person: their reactions are hidden from them. */
  readonly safety: Pick<SafetyStore, 'blockersOf'>;
  readonly now: () => number;
}

/**
 * `table:react`: a seated person's quick reaction, told to the table's room (through the adapter,
 * so every node's sockets hear it). Transient by design: nothing is written to the table, so it
 * neither moves the version nor reaches the records.
 */
export function reactionHandler(deps: ReactionDeps): Handler<'table:react'> {
  const { io, store, rates, rule, safety, now } = deps;
  return async (socket, m) => {
    const at = socket.data.table;
    if (at?.id !== m.tableId) return refuse(ErrorCode.notJoined, `this connection has not joined table ${m.tableId}`);
    if (at.seat === null) return refuse(ErrorCode.notSeated, 'spectators do not react; only the people seated at the table do');
    const player = socket.data.player;
    if (player === null) return refuse(ErrorCode.authRequired, 'reacting needs a guest token');
    if (!socket.rooms.has(seatRoom(at.id, at.seat))) return refuse(ErrorCode.notSeated, 'this seat was taken over by another connection of yours');
    // The seat may have changed hands since the join (freed after a game, given to a computer player).
    const doc = await store.load(at.id);
    if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${at.id}`);
    const seat = doc.seats[at.seat];
    if (seat?.kind !== 'human' || seat.playerId !== player.id) return refuse(ErrorCode.notSeated, 'this seat is not yours now');
    // Counted after the checks: a refused reaction costs nothing. Per player, not per connection or address.
    const verdict = await rates.hit(`r:${player.id}`, rule, now());
    if (!verdict.ok) {
      const seconds = retryAfterSeconds(verdict.retryAfterMs);
      return refuse(ErrorCode.reactionRateLimited, `too many reactions; try again in ${seconds} s`, { retryAfterMs: seconds * 1000 });
    }
    // Hidden from every connection of a person at the table who blocks the sender (their player
    // room: any node's sockets of theirs, through the adapter).
    const people = doc.seats.flatMap((s) => (s.kind === 'human' && s.playerId !== player.id ? [s.playerId] : []));
    const blockers = [...(await safety.blockersOf(player.id, people))].map(playerRoom);
    io.to(tableRoom(at.id)).except(blockers).emit('table:reaction', { tableId: at.id, seat: at.seat, player: player.id, reaction: m.reaction });
    return ok({});
  };
}
