import {
  CLIENT_EVENTS,
  type ClientEvent,
  ClientMessageSchemas,
  type ClientResults,
  ErrorCode,
  HandshakeAuthSchema,
  type Problem,
  type Reply,
  type ServerToClientEvents,
  type TableId,
  issuesOf,
} from '@fives/protocol';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { Player, TokenSigner } from '../identity/token.ts';
import type { TableDoc } from '../tables/doc.ts';
import { type Outcome, problem, refuse, success } from '../tables/problems.ts';
import type { TableService } from '../tables/service.ts';
import { summarize } from '../tables/summary.ts';
import { seatRoom, tableRoom, watchRoom } from './rooms.ts';
import { tableState } from './state.ts';

interface SocketData {
  player: Player | null;
  /** The table this socket follows, and its seat there (null: watching). */
  table: { id: TableId; seat: number | null } | null;
}

type ClientSocket = Socket<Record<string, (...args: unknown[]) => void>, ServerToClientEvents, Record<string, never>, SocketData>;
export type GameServer = Server<Record<string, (...args: unknown[]) => void>, ServerToClientEvents, Record<string, never>, SocketData>;

type Handler<E extends ClientEvent> = (
  socket: ClientSocket,
  message: z.output<(typeof ClientMessageSchemas)[E]>,
) => Promise<Outcome<ClientResults[E]>>;

export interface SocketDeps {
  readonly service: TableService;
  readonly signer: TokenSigner;
}

/** Socket.IO on the Fastify server: the handshake, the client events, presence and broadcasts. */
export function attachSockets(app: FastifyInstance, deps: SocketDeps): GameServer {
  const io: GameServer = new Server(app.server, { serveClient: false, maxHttpBufferSize: 16 * 1024 });
  const { service, signer } = deps;
  const log = app.log.child({ component: 'sockets' });

  io.use((socket, next) => {
    const auth = HandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    const token = auth.success ? auth.data.token : undefined;
    const player = token === undefined ? null : signer.verify(token);
    if (!auth.success || (token !== undefined && player === null)) {
      const err = new Error('the guest token is not valid; get a new one from POST /api/guests') as Error & { data: Problem };
      err.data = problem(ErrorCode.badToken, err.message);
      next(err);
      return;
    }
    socket.data = { player, table: null };
    next();
  });

  const presence = async (id: TableId): Promise<void> => {
    const doc = await service.load(id);
    if (doc === null) return;
    const sockets = await io.in(tableRoom(id)).fetchSockets();
    const connected = doc.seats.map((s, seat) => s.kind === 'bot' || sockets.some((x) => x.rooms.has(seatRoom(id, seat))));
    io.to(tableRoom(id)).emit('table:presence', { tableId: id, connected });
  };

  const detach = async (socket: ClientSocket): Promise<void> => {
    const at = socket.data.table;
    if (at === null) return;
    socket.data.table = null;
    await socket.leave(tableRoom(at.id));
    await socket.leave(watchRoom(at.id));
    if (at.seat !== null) await socket.leave(seatRoom(at.id, at.seat));
    await presence(at.id);
  };

  const handlers: { [E in ClientEvent]: Handler<E> } = {
    'table:join': async (socket, m) => {
      const joined = await service.join(m.tableId, socket.data.player, m.as);
      if (!joined.ok) return joined;
      const { seat } = joined.value;
      if (socket.data.table !== null) await detach(socket);
      if (seat !== null) {
        // Another connection of the same player (a second tab, a socket not yet timed out) gives the seat up.
        const others = io.in(seatRoom(m.tableId, seat)).except(socket.id);
        others.emit('table:detached', { tableId: m.tableId, reason: 'takeover' });
        others.socketsLeave([seatRoom(m.tableId, seat), tableRoom(m.tableId)]);
      }
      await socket.join([tableRoom(m.tableId), seat === null ? watchRoom(m.tableId) : seatRoom(m.tableId, seat)]);
      socket.data.table = { id: m.tableId, seat };
      // Read again after joining the rooms: any change from here on reaches this socket anyway.
      const doc = (await service.load(m.tableId)) ?? joined.value.doc;
      socket.emit('table:state', tableState(doc, seat));
      await presence(m.tableId);
      return success({ tableId: m.tableId, seat, host: socket.data.player?.id === doc.hostId, version: doc.version });
    },
    'table:leave': async (socket, m) => {
      if (socket.data.table?.id !== m.tableId) return refuse(ErrorCode.notJoined, `this connection has not joined table ${m.tableId}`);
      const player = socket.data.player;
      await detach(socket);
      if (player !== null) {
        const left = await service.leave(m.tableId, player);
        if (!left.ok) return left;
      }
      return success({});
    },
    'table:seat': async (socket, m) => versioned(await withPlayer(socket, (p) => service.setSeat(m.tableId, p, m.seat, m.occupant))),
    'table:start': async (socket, m) => versioned(await withPlayer(socket, (p) => service.start(m.tableId, p))),
    'table:rematch': async (socket, m) => versioned(await withPlayer(socket, (p) => service.rematch(m.tableId, p))),
    'game:action': async (socket, m) => {
      const at = socket.data.table;
      if (at?.id !== m.tableId) return refuse(ErrorCode.notJoined, `this connection has not joined table ${m.tableId}`);
      if (at.seat === null) return refuse(ErrorCode.notSeated, 'spectators cannot play');
      if (!socket.rooms.has(seatRoom(at.id, at.seat))) {
        return refuse(ErrorCode.notSeated, 'this seat was taken over by another connection of yours');
      }
      const player = socket.data.player;
      if (player === null) return refuse(ErrorCode.authRequired, 'playing needs a guest token');
      return versioned(await service.act(m.tableId, player, at.seat, m.version, m.action));
    },
  };

  io.on('connection', (socket) => {
    const s = socket as ClientSocket;
    for (const event of CLIENT_EVENTS) {
      s.on(event, (payload: unknown, ack: unknown) => {
        void handle(s, event, payload, typeof ack === 'function' ? (ack as (reply: unknown) => void) : null);
      });
    }
    s.onAny((event: unknown) => {
      if (typeof event === 'string' && (CLIENT_EVENTS as string[]).includes(event)) return;
      s.emit('refused', problem(ErrorCode.unknownEvent, `there is no client event ${JSON.stringify(String(event)).slice(0, 80)}`));
    });
    s.on('disconnect', () => {
      const at = s.data.table;
      if (at !== null) {
        s.data.table = null;
        presence(at.id).catch((error: unknown) => log.error({ err: error, tableId: at.id }, 'presence failed'));
      }
    });
  });

  async function handle(socket: ClientSocket, event: ClientEvent, payload: unknown, ack: ((reply: unknown) => void) | null): Promise<void> {
    let outcome: Outcome<unknown>;
    const parsed = ClientMessageSchemas[event].safeParse(payload);
    if (!parsed.success) {
      outcome = refuse(ErrorCode.invalidMessage, `the ${event} message does not fit its schema`, { issues: issuesOf(parsed.error) });
    } else {
      try {
        outcome = await (handlers[event] as Handler<ClientEvent>)(socket, parsed.data as never);
      } catch (error) {
        log.error({ err: error, event, tableId: (parsed.data as { tableId?: string }).tableId }, 'a client event failed');
        outcome = refuse(ErrorCode.internal, 'the server failed to handle this message');
      }
    }
    if (!outcome.ok) socket.emit('refused', { ...outcome.problem, event });
    const reply: Reply<unknown> = outcome.ok ? { ok: true, data: outcome.value } : { ok: false, error: { ...outcome.problem, event } };
    ack?.(reply);
  }

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });

  return io;
}

async function withPlayer(socket: ClientSocket, run: (player: Player) => Promise<Outcome<TableDoc>>): Promise<Outcome<TableDoc>> {
  const player = socket.data.player;
  if (player === null) return refuse(ErrorCode.authRequired, 'this needs a guest token');
  return run(player);
}

function versioned(outcome: Outcome<TableDoc>): Outcome<{ version: number }> {
  return outcome.ok ? success({ version: outcome.value.version }) : outcome;
}

/** Sends every seat its own view of the change, and the spectators theirs: one view per seat per change. */
export function broadcast(io: GameServer, doc: TableDoc): void {
  const summary = summarize(doc);
  for (const [seat, s] of doc.seats.entries()) {
    if (s.kind === 'human') io.to(seatRoom(doc.id, seat)).emit('table:state', tableState(doc, seat, summary));
  }
  io.to(watchRoom(doc.id)).emit('table:state', tableState(doc, null, summary));
}
