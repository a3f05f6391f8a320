import { type Result, ok } from '@fives/engine';
import {
  CLIENT_EVENTS,
  type ClientEvent,
  ClientMessageSchemas,
  ErrorCode,
  HandshakeAuthSchema,
  type JoinResult,
  type Problem,
  type Reply,
  type TableId,
  issuesOf,
} from '@fives/protocol';
import type { FastifyInstance } from 'fastify';
import { Server, type ServerOptions } from 'socket.io';
import { type Identities, refusalOf } from '../identity/identify.ts';
import type { Player } from '../identity/token.ts';
import type { LobbyService } from '../lobby/service.ts';
import { isStoreUnavailable } from '../store/availability.ts';
import { summarize, type TableDoc, tableState } from '@fives/table';
import { problem, refuse } from '../tables/problems.ts';
import type { TableService } from '../tables/service.ts';
import type { TableStore } from '../store/store.ts';
import type { RateCounter, RateRule } from '../guard/rates.ts';
import { lobbyHandlers, leaveQueueOnDisconnect } from './lobby.ts';
import { reactionHandler } from './reactions.ts';
import type { SafetyStore } from '../safety/store.ts';
import { socketParser } from './encoder.ts';
import { coalesceWrites } from './coalesce.ts';
import { broadcast } from './broadcast.ts';
import { EVERYONE } from '../tables/context.ts';
import { playerRoom, seatRoom, tableRoom, watchRoom } from './rooms.ts';
import type { ClientSocket, GameServer, Handler } from './types.ts';

export type { GameServer } from './types.ts';

export interface SocketDeps {
  readonly service: TableService;
  /** The tables as stored: read for a state to send, and told of spectators coming and going. */
  readonly store: TableStore;
  readonly lobby: LobbyService;
  /** Checks the handshake's token: signature, expiry, and whether its account was deleted. */
  readonly identities: Identities;
  readonly now: () => Date;
  /** The quick reactions' per-player limit, counted with the guard's (shared) counters. */
  readonly reactions: { readonly rates: RateCounter; readonly rule: RateRule; readonly safety: Pick<SafetyStore, 'blockersOf'> };
  /** Told of every answered client event: how long it took (ms) and, when refused, why. */
  readonly observe?: (event: ClientEvent, ms: number, problem: Problem | null) => void;
  /** Told when a handler failed because the store could not be reached. */
  readonly storeFailed?: () => void;
}

/** The way to take this node out of service without losing anything. */
export interface Sockets {
  /**
   * Takes this node out of service: refuses new connections, tells its clients to connect
   * again (through the load balancer: to another node), waits up to `graceMs` for them to go,
   * closes those left, and resolves once every message and disconnection under way is handled.
   */
  drain: (graceMs: number) => Promise<void>;
}

/** Puts a socket at a table it may sit at (seat) or watch (null): rooms, takeover, first state, presence. */
export type Attach = (socket: ClientSocket, doc: TableDoc, seat: number | null) => Promise<JoinResult>;

/**
 * The Socket.IO server on Fastify's HTTP server, made first: the broadcast port is built around
 * it before the services, and `attachSockets` gives it its handlers once they exist.
 * `options`: more Socket.IO options (CORS, the origin check).
 */
export function createSocketServer(app: FastifyInstance, options: Partial<ServerOptions> = {}): GameServer {
  const io: GameServer = new Server(app.server, {
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    parser: socketParser,
    ...options,
  });
  coalesceWrites(io);
  return io;
}

/** The handshake, the client events and presence, on the Socket.IO server. */
export function attachSockets(app: FastifyInstance, io: GameServer, deps: SocketDeps): Sockets {
  const { service, store, identities } = deps;
  const log = app.log.child({ component: 'sockets' });
  const now = (): number => deps.now().getTime();
  // Work under way (messages, disconnections): a draining node finishes it before it closes the store.
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>): void => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const settled = async (): Promise<void> => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  let draining = false;

  io.use((socket, next) => {
    if (draining) {
      const err = new Error('this server node is shutting down; connect again') as Error & { data: Problem };
      err.data = problem(ErrorCode.busy, err.message, { retryAfterMs: 500 });
      next(err);
      return;
    }
    const auth = HandshakeAuthSchema.safeParse(socket.handshake.auth);
    const token = auth.success ? auth.data.token : undefined;
    const refuse = (refused: Parameters<typeof refusalOf>[0]): void => {
      // A banned player is told why and until when; a new guest token is no answer to a ban.
      const err = new Error(refused.code === ErrorCode.banned ? refusalOf(refused) : `${refusalOf(refused)}; get a new guest token from POST /api/guests`) as Error & {
        data: Problem;
      };
      err.data = problem(refused.code, err.message);
      next(err);
    };
    if (!auth.success) return refuse({ ok: false, code: ErrorCode.badToken });
    if (token === undefined) {
      socket.data = { player: null, table: null };
      return next();
    }
    void identities.check(token).then(
      (checked) => {
        if (!checked.ok) return refuse(checked);
        socket.data = { player: checked.player, table: null };
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });

  const presence = async (id: TableId): Promise<void> => {
    const doc = await store.load(id);
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
    if (at.seat === null) await store.watch(at.id, -1);
    if (at.seat !== null) {
      await socket.leave(seatRoom(at.id, at.seat));
      // Gone to another table: unless another connection holds the seat, a stand-in takes it after the grace period.
      await service.watchAway(at.id, at.seat);
    }
    await presence(at.id);
  };

  const attach: Attach = async (socket, joined, seat) => {
    const id = joined.id;
    if (socket.data.table !== null) await detach(socket);
    if (seat !== null) {
      // Whoever else holds the seat — another connection of the same player, or of the person
      // whose seat it was before it was freed — gives it up: a seat's room is its owner's alone.
      const others = io.in(seatRoom(id, seat)).except(socket.id);
      const rooms = [seatRoom(id, seat), tableRoom(id)];
      others.emit('table:detached', { tableId: id, reason: 'takeover' });
      // This node's own sockets leave now. Through the Redis adapter a leave is a request that
      // reaches every node — this one too — only once Redis sends it back, after the state
      // broadcast below would already have reached them.
      io.local.in(seatRoom(id, seat)).except(socket.id).socketsLeave(rooms);
      // The other nodes': published before any broadcast below, on the same connection, so each
      // node handles it before them.
      others.socketsLeave(rooms);
    }
    await socket.join([tableRoom(id), seat === null ? watchRoom(id) : seatRoom(id, seat)]);
    // Counted in before the read below: a change committed after it is sent to the spectators' room,
    // and published to this node by any other node that commits it.
    // And before the socket is at the table: only a spectator counted in is ever counted out.
    await store.reachHere(id);
    if (seat === null) await store.watch(id, 1);
    socket.data.table = { id, seat };
    // Read again after joining the rooms: any change from here on reaches this socket anyway.
    const doc = (await store.load(id)) ?? joined;
    socket.emit('table:state', tableState(doc, seat, summarize(doc, now())));
    // A node that died between its commit and its broadcast leaves the players on other nodes a
    // version behind, waiting for a state that never comes. Its players come back here mid-game,
    // so a seated join brings the whole table up to the version just read.
    if (seat !== null && doc.phase === 'playing') broadcast(io, doc, now(), EVERYONE, socket.id);
    await presence(id);
    return { tableId: id, seat, host: socket.data.player?.id === doc.hostId, version: doc.version };
  };

  const handlers: { [E in ClientEvent]: Handler<E> } = {
    'table:join': async (socket, m) => {
      const id = m.tableId ?? (m.code === undefined ? null : ((await service.tableForCode(m.code))?.id ?? null));
      if (id === null) return refuse(ErrorCode.tableNotFound, `there is no table with the code ${m.code ?? ''}`);
      const joined = await service.join(id, socket.data.player, m.as);
      if (!joined.ok) return joined;
      return ok(await attach(socket, joined.value.doc, joined.value.seat));
    },
    'table:leave': async (socket, m) => {
      if (socket.data.table?.id !== m.tableId) return refuse(ErrorCode.notJoined, `this connection has not joined table ${m.tableId}`);
      const player = socket.data.player;
      await detach(socket);
      if (player !== null) {
        const left = await service.leave(m.tableId, player);
        if (!left.ok) return left;
      }
      return ok({});
    },
    'table:seat': async (socket, m) => versioned(await withPlayer(socket, (p) => service.setSeat(m.tableId, p, m.seat, m.occupant))),
    'table:start': async (socket, m) => versioned(await withPlayer(socket, (p) => service.start(m.tableId, p))),
    'table:rematch': async (socket, m) => versioned(await withPlayer(socket, (p) => service.rematch(m.tableId, p))),
    'table:rematchAnswer': async (socket, m) => versioned(await withPlayer(socket, (p) => service.answerRematch(m.tableId, p, m.accept))),
    'table:settings': async (socket, m) =>
      versioned(
        await withPlayer(socket, (p) =>
          service.changeSettings(m.tableId, p, {
            ...(m.turnSeconds === undefined ? {} : { turnSeconds: m.turnSeconds }),
            ...(m.listed === undefined ? {} : { listed: m.listed }),
            ...(m.rated === undefined ? {} : { rated: m.rated }),
          }),
        ),
      ),
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
    'table:react': reactionHandler({ io, store, rates: deps.reactions.rates, rule: deps.reactions.rule, safety: deps.reactions.safety, now }),
    ...lobbyHandlers({ io, lobby: deps.lobby, attach }),
  };

  io.on('connection', (socket) => {
    const s = socket as ClientSocket;
    // Every connection of a player hears what is meant for the player (a queue's match).
    if (s.data.player !== null) void s.join(playerRoom(s.data.player.id));
    for (const event of CLIENT_EVENTS) {
      s.on(event, (...args: unknown[]) => {
        // The ack is the last argument whatever comes before it: `emit('queue:leave', cb)` has
        // no payload, and one with a payload too many still gets its answer (a refusal).
        const last = args.at(-1);
        const ack = typeof last === 'function' ? (last as (reply: unknown) => void) : null;
        const payloads = ack === null ? args : args.slice(0, -1);
        track(handle(s, event, payloads.length > 1 ? TOO_MANY : payloads[0], ack));
      });
    }
    // An event that does not exist is refused by the guard (guard/sockets.ts), on its ack too and within the rate limits.
    s.on('disconnecting', () => {
      leaveQueueOnDisconnect(io, deps.lobby, s).catch((error: unknown) => log.error({ err: error }, 'leaving the queue failed'));
    });
    s.on('disconnect', () => {
      const at = s.data.table;
      if (at === null) return;
      s.data.table = null;
      const gone = async (): Promise<void> => {
        // The grace period starts before anyone hears of the disconnection.
        if (at.seat !== null) await service.watchAway(at.id, at.seat);
        else await store.watch(at.id, -1);
        // Not while draining: the client is on its way to another node, whose join tells the
        // table; asking the other nodes now may wait on nodes that are stopping too.
        if (!draining) await presence(at.id);
      };
      track(gone().catch((error: unknown) => log.error({ err: error, tableId: at.id }, 'a disconnection failed')));
    });
  });

  async function handle(socket: ClientSocket, event: ClientEvent, payload: unknown, ack: ((reply: unknown) => void) | null): Promise<void> {
    const started = performance.now();
    let outcome: Result<unknown, Problem>;
    const parsed = ClientMessageSchemas[event].safeParse(payload);
    if (payload === TOO_MANY) {
      outcome = refuse(ErrorCode.invalidMessage, `the ${event} message takes one payload (an object), then the ack`);
    } else if (!parsed.success) {
      outcome = refuse(ErrorCode.invalidMessage, `the ${event} message does not fit its schema`, { issues: issuesOf(parsed.error) });
    } else {
      try {
        outcome = await (handlers[event] as Handler<ClientEvent>)(socket, parsed.data);
      } catch (error) {
        if (isStoreUnavailable(error)) {
          deps.storeFailed?.();
          outcome = refuse(ErrorCode.busy, 'the server cannot reach its store just now; try again in a moment', { retryAfterMs: 2000 });
        } else {
          log.error({ err: error, event, tableId: (parsed.data as { tableId?: string }).tableId }, 'a client event failed');
          outcome = refuse(ErrorCode.internal, 'the server failed to handle this message');
        }
      }
    }
    deps.observe?.(event, performance.now() - started, outcome.ok ? null : outcome.error);
    if (!outcome.ok) socket.emit('refused', { ...outcome.error, event });
    const reply: Reply<unknown> = outcome.ok ? { ok: true, data: outcome.value } : { ok: false, error: { ...outcome.error, event } };
    ack?.(reply);
  }

  const drain = async (graceMs: number): Promise<void> => {
    draining = true;
    io.local.emit('server:draining', { reason: 'shutdown' });
    const until = Date.now() + graceMs;
    while (io.of('/').sockets.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await settled();
    io.local.disconnectSockets(true);
    io.engine.close();
    // Their disconnections (the grace period of each seat left) are work under way too.
    await settled();
  };

  return { drain };
}

/** Stands for "more than one payload" (never a valid message). */
const TOO_MANY = Symbol('too many payloads');

async function withPlayer(socket: ClientSocket, run: (player: Player) => Promise<Result<TableDoc, Problem>>): Promise<Result<TableDoc, Problem>> {
  const player = socket.data.player;
  if (player === null) return refuse(ErrorCode.authRequired, 'this needs a guest token');
  return run(player);
}

function versioned(outcome: Result<TableDoc, Problem>): Result<{ version: number }, Problem> {
  return outcome.ok ? ok({ version: outcome.value.version }) : outcome;
}
