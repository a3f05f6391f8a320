import { ok } from '@fives/engine';
import { OPEN_TABLES_LIMIT } from '@fives/table';
import { DEFAULT_QUEUE_WAIT_SECONDS, ErrorCode } from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { LobbyEvents, LobbyService } from '../lobby/service.ts';
import type { TableStore } from '../store/store.ts';
import { refuse } from '../tables/problems.ts';
import type { Attach } from './plugin.ts';
import { LOBBY_ROOM, playerRoom, queueRoom } from './rooms.ts';
import type { ClientSocket, GameServer, Handler } from './types.ts';

type LobbyEvent = 'lobby:playNow' | 'lobby:watch' | 'queue:join' | 'queue:leave';

/** The lobby's client events: play now, the open-tables list, the queues. */
export function lobbyHandlers(deps: { io: GameServer; lobby: LobbyService; attach: Attach }): { [E in LobbyEvent]: Handler<E> } {
  const { io, lobby, attach } = deps;
  return {
    'lobby:playNow': async (socket, m) => {
      const player = socket.data.player;
      if (player === null) return refuse(ErrorCode.authRequired, 'playing needs a guest token');
      const made = await lobby.playNow(player, m.rules, m.level ?? 'medium', m.turnSeconds ?? null);
      if (!made.ok) return made;
      return ok(await attach(socket, made.value, 0));
    },
    'lobby:watch': async (socket, m) => {
      if (!m.on) {
        await socket.leave(LOBBY_ROOM);
        return ok({ tables: [] });
      }
      await socket.join(LOBBY_ROOM);
      return ok({ tables: await lobby.openTables() });
    },
    'queue:join': async (socket, m) => {
      const player = socket.data.player;
      if (player === null) return refuse(ErrorCode.authRequired, 'waiting for opponents needs a guest token');
      const joined = await lobby.joinQueue(player, m.rules, m.waitSeconds ?? DEFAULT_QUEUE_WAIT_SECONDS, m.level ?? 'medium');
      if (!joined.ok) return joined;
      const queue = joined.value.status.queue;
      for (const room of queuesOf(socket)) if (room !== queueRoom(queue)) io.in(playerRoom(player.id)).socketsLeave(room);
      if (joined.value.waiting) {
        await socket.join(queueRoom(queue));
        // Matched between the queue's answer and joining its room: the match has been told already.
        if ((await lobby.queueOf(player.id)) !== queue) await socket.leave(queueRoom(queue));
      }
      return ok(joined.value.status);
    },
    'queue:leave': async (socket) => {
      const player = socket.data.player;
      if (player === null) return ok({ left: false });
      const queue = await lobby.leaveQueue(player.id);
      if (queue !== null) {
        const room = queueRoom(queue);
        // This node's connections leave now. Through the Redis adapter a leave is a request that
        // reaches this node too only once Redis sends it back: after a join of the same queue sent
        // right behind the leave, which it would undo. So the request leaves this connection out.
        io.local.in(playerRoom(player.id)).socketsLeave(room);
        io.in(playerRoom(player.id)).except(socket.id).socketsLeave(room);
      }
      return ok({ left: queue !== null });
    },
  };
}

function queuesOf(socket: ClientSocket): string[] {
  return [...socket.rooms].filter((r) => r.startsWith('q:'));
}

/** A person who waits and loses their last connection in the queue's room stops waiting: nobody is seated who is not there. */
export async function leaveQueueOnDisconnect(io: GameServer, lobby: LobbyService, socket: ClientSocket): Promise<void> {
  const player = socket.data.player;
  const rooms = queuesOf(socket);
  if (player === null || rooms.length === 0) return;
  for (const room of rooms) {
    const others = await io.in(room).fetchSockets();
    if (others.some((o) => o.id !== socket.id && o.data.player?.id === player.id)) return;
  }
  await lobby.leaveQueue(player.id);
}

/** The lobby's messages to sockets, through rooms (so they reach every node's sockets with the Redis adapter). */
export function lobbyEvents(io: GameServer): LobbyEvents {
  return {
    matched: (playerId, message) => {
      io.to(playerRoom(playerId)).emit('queue:matched', message);
      io.in(playerRoom(playerId)).socketsLeave(queueRoom(message.queue));
    },
    queueStatus: (status) => {
      io.to(queueRoom(status.queue)).emit('queue:status', status);
    },
  };
}

/**
 * Sends the open-tables list to its followers when it changes, at most once per `delayMs` from
 * this node (a burst of seats taken is one message), always read fresh from the store.
 */
export class OpenTablesFeed {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly io: GameServer,
    private readonly store: Pick<TableStore, 'openTables'>,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = 100,
  ) {}

  changed(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.store.openTables(OPEN_TABLES_LIMIT).then(
        (tables) => this.io.to(LOBBY_ROOM).emit('lobby:tables', { tables }),
        (error: unknown) => this.log.error({ err: error }, 'reading the open tables failed'),
      );
    }, this.delayMs);
  }

  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
