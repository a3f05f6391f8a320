import { type RandomSource, type RulesInput, legalActions } from '@fives/engine';
import { type BotLevel, type CreateTableResponse, ErrorCode, type GuestResponse, type SeatSpec, type TableState, toWireAction } from '@fives/protocol';
import type { BotPolicy } from '@fives/bots';
import { ProtocolClient, type ProtocolSocket, TableVersions, isLinkProblem } from '@fives/protocol/client';
import { io } from 'socket.io-client';
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
 * client`), moving the moment they may, the host offering a rematch when a game ends (the others accepting it), so the
 * table plays without a pause for as long as it runs.
 */
export class TableDriver {
  private readonly clients: ProtocolClient[] = [];
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
    const started = await joined[0]!.request('table:start', { tableId: tableId });
    if (!started.ok) throw new Error(`table:start: ${started.error.code} ${started.error.message}`);
  }

  private async seat(tableId: string, token: string, host: boolean): Promise<ProtocolClient> {
    const socket: ProtocolSocket = io(this.o.url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnectionDelayMax: 2000 });
    // Draining nodes (not an error: the node says so; be somewhere else at once), a server that
    // closed the connection and a handshake refused while draining are the client's to handle.
    const client = new ProtocolClient(socket);
    this.clients.push(client);
    const versions = new TableVersions();
    let actedOn = -1;
    let rematchOf = -1;
    let answeredOf = -1;
    let latest: TableState | null = null;
    let ready: ((client: ProtocolClient) => void) | null = null;
    let failed: ((error: Error) => void) | null = null;
    const joined = new Promise<ProtocolClient>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });

    client.onLink((e) => {
      if (e.type === 'connected') {
        actedOn = -1; // a move sent as the connection dropped may never have arrived
        void client.request('table:join', { tableId: tableId }).then((reply) => {
          if (reply.ok) return ready?.(client);
          // No answer because the connection dropped: the next connection joins again.
          if (isLinkProblem(reply.error) && !this.stopped) return this.stats.error(`table:join: ${reply.error.code}`);
          this.stats.error(`table:join: ${reply.error.code}`);
          failed?.(new Error(`table:join: ${reply.error.code} ${reply.error.message}`));
        });
      } else if (e.type === 'connectError') {
        if (this.stopped) return;
        this.stats.error(`connect: ${e.problem?.code ?? e.error.message}`);
        if (ready !== null && failed !== null && !socket.active && e.problem?.code !== ErrorCode.busy) failed(e.error);
      } else if (e.type === 'disconnected') {
        if (!this.stopped && e.reason !== 'io client disconnect') this.stats.error(`disconnected: ${e.reason}`);
      }
    });
    client.on('table:state', (s) => {
      if (this.stopped || versions.observe(s) !== 'newer') return;
      latest = s;
      if (s.table.phase === 'over') {
        if (host && rematchOf !== s.table.game) {
          rematchOf = s.table.game;
          void client.request('table:rematch', { tableId: s.tableId }).then((r) => {
            if (!r.ok && !this.stopped) this.stats.error(`table:rematch: ${r.error.code}`);
          });
        }
        // The host's rematch is an offer: every other person says yes, once a game.
        const offer = s.table.rematch;
        if (!host && offer !== undefined && offer.declined === null && s.seat !== null && !offer.accepted.includes(s.seat) && answeredOf !== s.table.game) {
          answeredOf = s.table.game;
          void client.request('table:rematchAnswer', { tableId: s.tableId, accept: true }).then((r) => {
            if (!r.ok && !this.stopped) this.stats.error(`table:rematchAnswer: ${r.error.code}`);
          });
        }
        return;
      }
      const view = s.view;
      if (view === null || s.version === actedOn || legalActions(view).length === 0) return;
      actedOn = s.version;
      const move = (): void => {
        // A newer state while thinking decides again.
        if (this.stopped || latest !== s) return;
        const action = this.o.policy(view, this.o.random);
        if (action === null) return;
        const sent = performance.now();
        void client.request('game:action', { tableId: s.tableId, version: s.version, action: toWireAction(action) }).then((r) => {
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
    return client;
  }

  stop(): void {
    this.stopped = true;
    for (const c of this.clients) c.close();
  }
}
