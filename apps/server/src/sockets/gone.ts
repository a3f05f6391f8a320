import { ErrorCode, type TableId } from '@fives/protocol';
import { problem } from '../tables/problems.ts';
import { seatRoom, tableRoom, watchRoom } from './rooms.ts';
import type { GameServer } from './types.ts';

/**
 * A table is gone (expired): everyone at it is told, on every node. Its spectators' sockets
 * are closed — a spectator is exempt from the idle close, so a socket left watching nothing
 * would stay open for ever — and its players' leave its rooms, which makes them idle (the idle
 * close takes them if they do nothing else).
 */
export function tableGone(io: GameServer, id: TableId, why = 'nobody changed it for too long'): void {
  io.to(tableRoom(id)).emit('refused', problem(ErrorCode.tableNotFound, `table ${id} is gone: ${why}`));
  io.in(watchRoom(id)).disconnectSockets(true);
  io.in(tableRoom(id)).socketsLeave([tableRoom(id), seatRoom(id, 0), seatRoom(id, 1), seatRoom(id, 2), seatRoom(id, 3)]);
}
