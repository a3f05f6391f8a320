import type { TableId } from '@fives/protocol';
import { type Cause, type TableDoc, summarize, tableState } from '@fives/table';
import { type Audience, EVERYONE, type SeatPresence, type TableBroadcast } from '../tables/context.ts';
import type { OpenTablesFeed } from './lobby.ts';
import { seatRoom, tableRoom, watchRoom } from './rooms.ts';
import type { GameServer } from './types.ts';

export interface SocketBroadcastOptions {
  /** The open-tables list's followers, told of a change at most every so often. */
  readonly openTables: OpenTablesFeed;
  readonly now: () => number;
  /** Told of every change after its states are sent (the metrics count moves). */
  readonly sent?: (doc: TableDoc, cause: Cause) => void;
}

/**
 * The table service's way out (`TableBroadcast`) and its view of who is connected
 * (`SeatPresence`), over Socket.IO's rooms: built around the Socket.IO server before the
 * services, and handed to them when they are made.
 */
export class SocketBroadcast implements TableBroadcast, SeatPresence {
  constructor(
    private readonly io: GameServer,
    private readonly options: SocketBroadcastOptions,
  ) {}

  changed(doc: TableDoc, cause: Cause, audience: Audience): void {
    broadcast(this.io, doc, this.options.now(), audience);
    this.options.sent?.(doc, cause);
  }

  timedOut(doc: TableDoc, seat: number): void {
    this.io.to(tableRoom(doc.id)).emit('table:timeout', { tableId: doc.id, seat, version: doc.version });
  }

  openTablesChanged(): void {
    this.options.openTables.changed();
  }

  async present(id: TableId, seat: number): Promise<boolean> {
    return (await this.io.in(seatRoom(id, seat)).fetchSockets()).length > 0;
  }
}

/**
 * Sends every seat its own view of the change, and the spectators theirs: one view per seat per
 * change. Not to the spectators when the commit saw none (`watched` false), and only to this
 * node's sockets when the commit knew every connection at the table is here (`elsewhere`
 * false): every broadcast to the other nodes is a Redis publish, which Redis sends back to this
 * node too, and most tables have nobody watching and everyone on one node.
 */
export function broadcast(io: GameServer, doc: TableDoc, now: number, audience: Audience = EVERYONE, except: string[] | string = []): void {
  const summary = summarize(doc, now);
  const { watched, elsewhere } = audience;
  const base = elsewhere ? io : io.local;
  // `except` only when there is someone to leave out: each call is one more operator per room.
  const to = (room: string) => (except.length === 0 ? base.to(room) : base.to(room).except(except));
  for (const [seat, s] of doc.seats.entries()) {
    if (s.kind === 'human') to(seatRoom(doc.id, seat)).emit('table:state', tableState(doc, seat, summary));
  }
  if (watched) to(watchRoom(doc.id)).emit('table:state', tableState(doc, null, summary));
}
