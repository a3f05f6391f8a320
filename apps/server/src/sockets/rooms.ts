import type { PlayerId, QueueId, TableId } from '@fives/protocol';

/**
 * Socket.IO rooms per table: one per seat (its owner's sockets), one for spectators, one for
 * everyone; one per player (all their connections), one per queue, and the open-tables list's.
 * Broadcasting to rooms (never to socket ids held in memory) is what lets the Redis adapter
 * carry the same broadcasts across server nodes.
 */
export function tableRoom(id: TableId): string {
  return `t:${id}`;
}

export function seatRoom(id: TableId, seat: number): string {
  return `t:${id}:s${seat}`;
}

export function watchRoom(id: TableId): string {
  return `t:${id}:watch`;
}

export function playerRoom(id: PlayerId): string {
  return `p:${id}`;
}

export function queueRoom(id: QueueId): string {
  return `q:${id}`;
}

export const LOBBY_ROOM = 'lobby';
