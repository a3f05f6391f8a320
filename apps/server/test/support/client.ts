import { type BotPolicy, greedyPolicy } from '@fives/bots';
import { legalActions, seededRandom } from '@fives/engine';
import {
  type ClientEvent,
  type ClientMessage,
  type ClientResults,
  type Reply,
  type CreateTableResponse,
  type GuestResponse,
  type SeatSpec,
  ServerMessageSchemas,
  type ServerEvent,
  type TableState,
  toWireAction,
} from '@fives/protocol';
import { ProtocolClient, isLinkProblem } from '@fives/protocol/client';
import { type Socket, io } from 'socket.io-client';
import { z } from 'zod';

export interface Received {
  readonly event: ServerEvent;
  readonly payload: unknown;
}

export async function guest(url: string, name: string): Promise<GuestResponse> {
  const res = await fetch(`${url}/api/guests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  if (!res.ok) throw new Error(`guest: ${res.status} ${await res.text()}`);
  return (await res.json()) as GuestResponse;
}

export async function createTable(
  url: string,
  token: string,
  rules: object,
  seats?: SeatSpec[],
  extra: { turnSeconds?: number | null; listed?: boolean } = {},
): Promise<CreateTableResponse> {
  const res = await fetch(`${url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ rules, ...(seats === undefined ? {} : { seats }), ...extra }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreateTableResponse;
}

export interface ClientOptions {
  /** Reconnect (and re-join) after a drop, as real clients do; default: no. */
  readonly reconnection?: boolean;
  /** Default: WebSocket only, as the clients connect; `['polling']` is a browser whose network blocks WebSocket. */
  readonly transports?: readonly ('websocket' | 'polling')[];
}

type Waiter = { event: ServerEvent; test: (payload: never) => boolean; resolve: (payload: never) => void };

/**
 * A test's player: a real socket.io-client connection that checks every message it receives
 * against the protocol's schemas (a message that does not fit fails the test), keeps all of
 * them, and can play by itself with the greedy policy.
 */
export class TestClient {
  readonly socket: Socket;
  readonly client: ProtocolClient;
  readonly received: Received[] = [];
  readonly problems: string[] = [];
  state: TableState | null = null;
  private waiters: Waiter[] = [];
  private autoplay = false;
  private actedOn = -1;
  private policy: BotPolicy = greedyPolicy;
  private readonly random = seededRandom('test-client');

  /** The table to join again after every reconnection (as a real client does). */
  rejoin: string | null = null;
  reconnections = 0;
  /** How many times a node said it was shutting down. */
  drained = 0;

  constructor(url: string, token: string | null, options: ClientOptions = {}) {
    this.socket = io(url, {
      auth: token === null ? {} : { token },
      transports: options.transports === undefined ? ['websocket'] : [...options.transports],
      // In Node this gives the client a cookie jar, as a browser has: long-polling behind a
      // balancer needs its sticky cookie (SERVERID) sent back with every request.
      withCredentials: options.transports?.includes('polling') ?? false,
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
      forceNew: true,
    });
    // As every client does (docs/protocol.md), when it reconnects: a draining node says go, so go
    // now — through the load balancer, to another node; a node that refuses the handshake while
    // draining, try again when it says. Answers wait as long as a test may (no timeout of their own).
    this.client = new ProtocolClient(this.socket, { reconnect: options.reconnection ?? false, timeoutMs: 120_000 });
    this.client.onLink((e) => {
      if (e.type === 'draining') this.drained++;
      if (e.type !== 'connected' || e.first) return;
      this.reconnections++;
      // A move sent just before the connection dropped may never have arrived: decide again.
      this.actedOn = -1;
      if (this.rejoin !== null) this.client.send('table:join', { tableId: this.rejoin });
    });
    for (const event of Object.keys(ServerMessageSchemas) as ServerEvent[]) {
      this.socket.on(event, (payload: unknown) => this.receive(event, payload));
    }
  }

  static async connect(url: string, token: string | null, options: ClientOptions = {}): Promise<TestClient> {
    const c = new TestClient(url, token, options);
    await new Promise<void>((resolve, reject) => {
      c.socket.once('connect', () => resolve());
      c.socket.once('connect_error', (e) => reject(e));
    });
    return c;
  }

  private receive(event: ServerEvent, payload: unknown): void {
    const parsed = (ServerMessageSchemas[event] as z.ZodType).safeParse(payload);
    if (!parsed.success) this.problems.push(`${event}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    this.received.push({ event, payload });
    if (event === 'table:state') {
      const s = payload as TableState;
      if (this.state === null || s.version > this.state.version) this.state = s;
      if (this.autoplay) this.maybeAct();
    }
    if (event === 'refused') {
      // As the protocol asks: a move refused with server/busy (the store away) is sent again after retryAfterMs.
      const p = payload as { code?: string; event?: string; retryAfterMs?: number };
      if (p.code === 'server/busy' && p.event === 'game:action') {
        const refusedOn = this.actedOn;
        setTimeout(() => {
          if (this.actedOn !== refusedOn) return;
          this.actedOn = -1;
          if (this.autoplay) this.maybeAct();
        }, p.retryAfterMs ?? 500);
      }
    }
    this.waiters = this.waiters.filter((w) => {
      if (w.event !== event || !w.test(payload as never)) return true;
      w.resolve(payload as never);
      return false;
    });
  }

  waitFor<T = TableState>(event: ServerEvent, test: (payload: T) => boolean = () => true): Promise<T> {
    return new Promise<T>((resolve) => {
      this.waiters.push({ event, test, resolve });
    });
  }

  /** The next table:state matching `test`, or the current one if it already does. */
  waitForState(test: (s: TableState) => boolean): Promise<TableState> {
    if (this.state !== null && test(this.state)) return Promise.resolve(this.state);
    return this.waitFor('table:state', test);
  }

  /** `message` is meant to be a ClientMessage<E>; tests also send malformed ones, hence unknown. */
  /** The server's reply; no reply at all (the connection dropped, or none in time) fails the test. */
  async request<E extends ClientEvent>(event: E, message: unknown): Promise<Reply<ClientResults[E]>> {
    const answer = await this.client.request(event, message as ClientMessage<E>);
    if (!answer.ok && isLinkProblem(answer.error)) throw new Error(`${event}: ${answer.error.code} ${answer.error.message}`);
    return answer as Reply<ClientResults[E]>;
  }

  async join(tableId: string, as?: 'player' | 'spectator'): Promise<ClientResults['table:join']> {
    const reply = await this.request('table:join', as === undefined ? { tableId } : { tableId, as });
    if (!reply.ok) throw new Error(`join refused: ${reply.error.code} ${reply.error.message}`);
    await this.waitForState((s) => s.version >= reply.data.version);
    return reply.data;
  }

  /** Plays every move this seat has, with the greedy policy (or another), until told to stop. */
  play(policy: BotPolicy = greedyPolicy): void {
    this.policy = policy;
    this.autoplay = true;
    this.maybeAct();
  }

  stop(): void {
    this.autoplay = false;
  }

  private maybeAct(): void {
    const s = this.state;
    if (s === null || s.view === null || s.version === this.actedOn) return;
    const view = s.view;
    if (legalActions(view).length === 0) return;
    const action = this.policy(view, this.random);
    if (action === null) return;
    this.actedOn = s.version;
    this.client.send('game:action', { tableId: s.tableId, version: s.version, action: toWireAction(action) });
  }

  states(): TableState[] {
    return this.received.filter((r) => r.event === 'table:state').map((r) => r.payload as TableState);
  }

  close(): void {
    this.client.close();
  }
}
