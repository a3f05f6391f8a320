import type { Result } from '@fives/engine';
import type { ClientEvent, ClientMessageSchemas, ClientResults, Problem, ServerToClientEvents, TableId } from '@fives/protocol';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Player } from '../identity/token.ts';

export interface SocketData {
  player: Player | null;
  /** The table this socket follows, and its seat there (null: watching). */
  table: { id: TableId; seat: number | null } | null;
}

export type ClientSocket = Socket<Record<string, (...args: unknown[]) => void>, ServerToClientEvents, Record<string, never>, SocketData>;
export type GameServer = Server<Record<string, (...args: unknown[]) => void>, ServerToClientEvents, Record<string, never>, SocketData>;

export type Handler<E extends ClientEvent> = (socket: ClientSocket, message: z.output<(typeof ClientMessageSchemas)[E]>) => Promise<Result<ClientResults[E], Problem>>;
