import { type RandomSource, type RulesInput, legalActions } from '@fives/engine';
import {
  type BotLevel,
  type ClientEvent,
  type ClientMessage,
  type ClientResults,
  type CreateTableResponse,
  type GuestResponse,
  type Problem,
  type Reply,
  type SeatSpec,
  type TableState,
  toWireAction,
} from '@fives/protocol';
import type { BotPolicy } from '@fives/bots';
import { type Socket, io } from 'socket.io-client';
import { post } from '../client/session.ts';
import type { LoadStats } from './stats.ts';

export interface TableSetup {
  readonly url: string;
  readonly rules: RulesInput;
  readonly players: number;
  /** People at the table (the first seats); the rest are computer players of `level`. */
  readonly humans: number;
  readonly level: BotLevel;
  readonly policy: BotPolicy;
  readonly random: RandomSource;
  /** A person's pause before each move, ms on average (0: at once). */
  readonly thinkMs: number;
}

/**
 * One table of the load test: its people as headless clients (the same protocol as `fives
 * client`), moving the moment they may, the host starting a rematch when a game ends, so the
 * table plays without a pause for as long as it runs.
 */
export class TableDriver {
  private readonly sockets: Socket[] = [];
  private stopped = false;

  constructor(
    private readonly o: TableSetup,
    private readonly stats: LoadStats,
  ) {}

  /** Makes the table, seats and connects its people, starts the game; resolves once it is under way. */
  async start(): Promise<void> {
    const o = this.o;
    const guests = await Promise.all(Array.from({ length: o.humans }, (_, i) => post<GuestResponse>(`${o.url}/api/guests`, { name: `Load ${i}` })));
    const seats: SeatSpec[] = Array.from({ length: o.players }, (_, i) => (i < o.humans ? { type: 'human' } : { type: 'bot', level: o.level }));
    const host = guests[0]!;
    const { tableId } = await post<CreateTableResponse>(`${o.url}/api/tables`, { rules: o.rules, seats }, host.token);
    const joined = await Promise.all(guests.map((g, i) => this.seat(tableId, g.token, i === 0)));
    const started = await request(joined[0]!, 'table:start', { tableId: tableId });
    if (!started.ok) throw new Error(`table:start: ${started.error.code} ${started.error.message}`);
  }

  private async seat(tableId: string, token: string, host: boolean): Promise<Socket> {
    const socket = io(this.o.url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnectionDelayMax: 2000 });
    this.sockets.push(socket);
    let state: TableState | null = null;
    let actedOn = -1;
    let rematchOf = -1;
    let ready: ((socket: Socket) => void) | null = null;
    let failed: ((error: Error) => void) | null = null;
    const joined = new Promise<Socket>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });

    socket.on('connect', () => {
      actedOn = -1; // a move sent as the connection dropped may never have arrived
      void request(socket, 'table:join', { tableId: tableId }).then((reply) => {
        if (!reply.ok) {
          this.stats.error(`table:join: ${reply.error.code}`);
          failed?.(new Error(`table:join: ${reply.error.code} ${reply.error.message}`));
        } else ready?.(socket);
      });
    });
    socket.on('connect_error', (error: Error & { data?: Partial<Problem> }) => {
      if (this.stopped) return;
      this.stats.error(`connect: ${error.data?.code ?? error.message}`);
      // A node refusing connections while it drains: try again (through the balancer, another node).
      if (error.data?.code === 'server/busy') setTimeout(() => socket.connect(), error.data.retryAfterMs ?? 500);
      if (ready !== null && failed !== null && !socket.active) failed(error);
    });
    socket.on('server:draining', () => {
      // Not an error: the node is going away and says so; be somewhere else at once.
      socket.disconnect().connect();
    });
    socket.on('disconnect', (reason) => {
      if (!this.stopped && reason !== 'io client disconnect') this.stats.error(`disconnected: ${reason}`);
      // The server closed it: socket.io does not come back from that by itself.
      if (!this.stopped && reason === 'io server disconnect') socket.connect();
    });
    socket.on('table:state', (s: TableState) => {
      if (this.stopped || (state !== null && s.version <= state.version)) return;
      state = s;
      if (s.table.phase === 'over') {
        if (host && rematchOf !== s.table.game) {
          rematchOf = s.table.game;
          void request(socket, 'table:rematch', { tableId: s.tableId }).then((r) => {
            if (!r.ok && !this.stopped) this.stats.error(`table:rematch: ${r.error.code}`);
          });
        }
        return;
      }
      const view = s.view;
      if (view === null || s.version === actedOn || legalActions(view).length === 0) return;
      actedOn = s.version;
      const move = (): void => {
        // A newer state while thinking decides again.
        if (this.stopped || state !== s) return;
        const action = this.o.policy(view, this.o.random);
        if (action === null) return;
        const sent = performance.now();
        void request(socket, 'game:action', { tableId: s.tableId, version: s.version, action: toWireAction(action) }).then((r) => {
          if (this.stopped) return;
          if (r.ok) this.stats.moved(performance.now() - sent);
          else this.stats.error(`game:action: ${r.error.code}`);
        });
      };
      // Half to one and a half times the pause, so that a thousand tables do not all move in step.
      if (this.o.thinkMs > 0) setTimeout(move, this.o.thinkMs / 2 + this.o.random.int(this.o.thinkMs + 1));
      else move();
    });
    await joined;
    ready = null;
    failed = null;
    return socket;
  }

  stop(): void {
    this.stopped = true;
    for (const s of this.sockets) s.disconnect();
  }
}

function request<E extends ClientEvent>(socket: Socket, event: E, message: ClientMessage<E>): Promise<Reply<ClientResults[E]>> {
  return new Promise((done) => (socket.emit as (e: string, m: unknown, ack: (r: Reply<ClientResults[E]>) => void) => void)(event, message, done));
}
