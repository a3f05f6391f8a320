import { resolveRules } from '@fives/engine';
import {
  type ClientEvent,
  type ClientMessage,
  type ClientResults,
  type ClientToServerEvents,
  type Problem,
  type Reply,
  type ServerToClientEvents,
  type TableState,
  invitePath,
} from '@fives/protocol';
import { type ManagerOptions, type Socket, type SocketOptions, io } from 'socket.io-client';
import { Api, type Guest, type KeyValueStore, UNREACHABLE, loadGuest, saveGuest } from './guest.ts';
import {
  type ClientAction,
  type ClientActionType,
  type ClientState,
  type Connection,
  EMPTY_STATE,
  type GameSetup,
  type Move,
  type Notice,
  type TableId,
} from './types.ts';
import { noticeOf, seatSpecs, summaryOf, wireAction } from './wire.ts';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (origin: string, options: Partial<ManagerOptions & SocketOptions>) => GameSocket;

export interface OnlineOptions {
  /** The server's origin, e.g. `location.origin`. */
  readonly origin: string;
  /** Where the guest token is kept; `localStorage` in the browser. */
  readonly storage: KeyValueStore | null;
  readonly fetch?: typeof fetch;
  readonly socket?: SocketFactory;
}

const SUPPORTED: ReadonlySet<ClientActionType> = new Set([
  'setName',
  'playNow',
  'createTable',
  'joinTable',
  'setSeat',
  'startGame',
  'move',
  'nextHand',
  'rematch',
  'leaveTable',
]);

const NOT_CONNECTED: Notice = { code: 'link/down', message: 'Not connected to the server: wait for it to come back, then try again.' };
const NO_NAME: Notice = { code: 'auth/required', message: 'Pick a name first.' };

/**
 * The table on the game server, over exactly what `docs/protocol.md` says: a guest token from
 * `POST /api/guests`, tables from `POST /api/tables`, and Socket.IO for the rest. The table
 * followed is joined again on every (re)connection, so a lost network or a reload comes back to
 * the same seat; states older than the one applied are ignored.
 */
export class OnlineConnection implements Connection {
  readonly kind = 'online' as const;
  readonly supports = SUPPORTED;
  /** The server has no turn timer yet (issue 5 adds it). */
  readonly turnTimers = false;
  #state: ClientState;
  readonly #listeners = new Set<(s: ClientState) => void>();
  readonly #api: Api;
  readonly #socket: GameSocket;
  readonly #origin: string;
  readonly #storage: KeyValueStore | null;
  #guest: Guest | null;
  /** A name asked for while the server could not be reached: registered once it can. */
  #wantedName: string | null = null;
  /** The table joined on every connection, and whether as a spectator. */
  #following: { readonly id: TableId; readonly watch: boolean } | null = null;
  #version = -1;
  #connected: readonly boolean[] | null = null;
  /** The last summary as the server sent it, kept so presence can be merged into it again. */
  #wireSummary: TableState['table'] | null = null;
  #everConnected = false;
  /** Set by "play now": start the table as soon as its first state shows every seat taken. */
  #autoStart: TableId | null = null;
  readonly #invites = new Map<TableId, string>();

  constructor(options: OnlineOptions) {
    this.#origin = options.origin.replace(/\/+$/, '');
    this.#storage = options.storage;
    this.#api = new Api(this.#origin, options.fetch);
    this.#guest = loadGuest(this.#storage);
    this.#state = { ...EMPTY_STATE, link: 'connecting', name: this.#guest?.name ?? null };
    const factory: SocketFactory = options.socket ?? ((url, o) => io(url, o));
    this.#socket = factory(this.#origin, {
      // Read on every attempt, so a new token (a rename) is used by the next connection.
      auth: (cb) => cb(this.#guest === null ? {} : { token: this.#guest.token }),
      // WebSocket first: no sticky sessions needed behind several server nodes; long-polling if a proxy blocks it.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
    });
    this.#listen();
  }

  get state(): ClientState {
    return this.#state;
  }

  subscribe(listener: (s: ClientState) => void): () => void {
    this.#listeners.add(listener);
    listener(this.#state);
    return () => this.#listeners.delete(listener);
  }

  send(action: ClientAction): void {
    switch (action.type) {
      case 'setName':
        void this.#setName(action.name);
        return;
      case 'createTable':
        void this.#create(action.setup, false);
        return;
      case 'playNow':
        void this.#create(action.setup, true);
        return;
      case 'joinTable':
        return this.#follow(action.table, action.watch ?? false);
      case 'setSeat':
        return this.#hostAction('table:seat', (tableId) => ({ tableId, seat: action.seat, occupant: action.occupant }));
      case 'startGame':
        return this.#hostAction('table:start', (tableId) => ({ tableId }));
      case 'rematch':
        return this.#hostAction('table:rematch', (tableId) => ({ tableId }));
      case 'move':
        return this.#move(action.move);
      case 'nextHand':
        // The server deals the next hand by itself.
        return;
      case 'leaveTable':
        return this.#leave();
      case 'joinQueue':
      case 'leaveQueue':
      case 'watchOpenTables':
        return this.#set({ notice: { code: 'server/unsupported', message: 'This server does not have random opponents or open tables yet.' } });
      default:
        return assertNever(action);
    }
  }

  close(): void {
    this.#socket.close();
    this.#listeners.clear();
  }

  #listen(): void {
    const socket = this.#socket;
    socket.on('connect', () => {
      this.#everConnected = true;
      this.#set({ link: 'online' });
      if (this.#wantedName !== null) void this.#setName(this.#wantedName);
      if (this.#following !== null) this.#join(this.#following.id, this.#following.watch);
    });
    socket.on('disconnect', (reason) => {
      // The server closed this socket (it is restarting): socket.io does not retry that by itself.
      if (reason === 'io server disconnect') socket.connect();
      // Our own disconnect, to reconnect with a new token: not worth a banner.
      this.#set({ link: reason === 'io client disconnect' ? 'connecting' : 'reconnecting', sending: false });
    });
    socket.on('connect_error', (error: Error & { data?: Partial<Problem> }) => {
      if (error.data?.code === 'auth/invalid_token') {
        // The server's secret changed: this browser's pass is void. A new guest, same name.
        const name = this.#guest?.name ?? null;
        this.#guest = null;
        saveGuest(this.#storage, null);
        if (name !== null) void this.#setName(name).then(() => socket.connect());
        else socket.connect();
        return;
      }
      this.#set({ link: this.#everConnected ? 'reconnecting' : 'offline' });
    });
    socket.on('table:state', (s) => this.#apply(s));
    socket.on('table:presence', (p) => {
      if (p.tableId !== this.#following?.id) return;
      this.#connected = p.connected;
      const table = this.#state.table;
      const wire = this.#wireSummary;
      if (table !== null && wire !== null) this.#set({ table: { ...table, summary: summaryOf(wire, p.connected, table.summary.inviteUrl ?? '') } });
    });
    socket.on('table:detached', (d) => {
      if (d.tableId !== this.#following?.id) return;
      // Not followed any more, so a reconnection does not take the seat back from the other tab.
      this.#following = null;
      this.#set({ detached: d.tableId, joining: null });
    });
    socket.on('refused', (problem) => {
      // Acks handle joins; every other refusal is said on the status line.
      if (problem.event !== 'table:join') this.#set({ notice: noticeOf(problem) });
    });
  }

  #apply(s: TableState): void {
    const following = this.#following;
    if (following === null || s.tableId !== following.id || s.version < this.#version) return;
    this.#version = s.version;
    this.#wireSummary = s.table;
    const id = following.id;
    const summary = summaryOf(s.table, this.#connected, this.#invites.get(id) ?? `${this.#origin}${invitePath(id)}`);
    this.#set({ table: { summary, seat: s.seat, view: s.view }, joining: null, detached: null });
    const full = s.table.seats.every((seat) => seat.kind !== 'open');
    if (this.#autoStart === id && s.table.phase === 'waiting' && s.seat !== null && s.table.hostSeat === s.seat && full) {
      this.#autoStart = null;
      this.#hostAction('table:start', (tableId) => ({ tableId }));
    }
  }

  async #setName(raw: string): Promise<void> {
    const name = raw.trim();
    if (name === '') return this.#set({ notice: { code: 'auth/invalid_name', message: 'Pick a name of at least one letter.' } });
    if (this.#guest?.name === name) return this.#set({ name });
    if (!this.#everConnected) {
      // Registered once the server answers at all: no errors from a page served without one.
      this.#wantedName = name;
      return;
    }
    let answer = await this.#api.guest(name, this.#guest?.token);
    if (!answer.ok && answer.problem.code === 'auth/invalid_token') answer = await this.#api.guest(name);
    if (!answer.ok) {
      if (answer.problem.code === UNREACHABLE.code) this.#wantedName = name;
      return this.#set({ notice: noticeOf(answer.problem) });
    }
    this.#wantedName = null;
    this.#guest = { name: answer.value.player.name, token: answer.value.token };
    saveGuest(this.#storage, this.#guest);
    this.#set({ name: this.#guest.name, notice: null });
    // The socket proves who it is at the handshake: connect again with the new token.
    if (this.#socket.connected) this.#socket.disconnect().connect();
    else if (!this.#socket.active) this.#socket.connect();
  }

  async #create(setup: GameSetup, startNow: boolean): Promise<void> {
    const guest = this.#guest;
    if (guest === null) return this.#set({ notice: NO_NAME });
    if (setup.turnSeconds !== null) {
      return this.#set({ notice: { code: 'server/no_turn_timer', message: 'Online tables have no turn timer yet: set the turn timer to Off.' } });
    }
    const rules = resolveRules(setup.rules);
    if (!rules.ok) return this.#set({ notice: noticeOf({ code: 'rules/invalid', message: rules.error.message }) });
    if (startNow && setup.bots !== rules.value.players - 1) {
      return this.#set({ notice: { code: 'setup/seats', message: `Play now seats you and ${rules.value.players - 1} computer players.` } });
    }
    const created = await this.#api.createTable(guest.token, { rules: setup.rules, seats: seatSpecs(rules.value.players, setup) });
    if (!created.ok) return this.#set({ notice: noticeOf(created.problem) });
    const id = created.value.tableId;
    this.#invites.set(id, created.value.inviteUrl);
    if (startNow) this.#autoStart = id;
    this.#follow(id, false);
  }

  #follow(id: TableId, watch: boolean): void {
    if (this.#following !== null && this.#following.id !== id) this.#leave();
    this.#following = { id, watch };
    this.#version = -1;
    this.#connected = null;
    this.#wireSummary = null;
    this.#set({ joining: id, table: null, detached: null, sending: false, notice: null });
    // Not connected yet: the connection's `connect` joins.
    if (this.#socket.connected) this.#join(id, watch);
    else if (!this.#socket.active) this.#socket.connect();
  }

  #join(id: TableId, watch: boolean): void {
    this.#request('table:join', { tableId: id, ...(watch ? { as: 'spectator' as const } : {}) }, (reply) => {
      if (reply.ok || this.#following?.id !== id) return;
      this.#following = null;
      this.#autoStart = null;
      this.#set({ joining: null, table: null, notice: noticeOf(reply.error) });
    });
  }

  #leave(): void {
    const following = this.#following;
    this.#following = null;
    this.#autoStart = null;
    this.#version = -1;
    if (following !== null && this.#socket.connected) this.#socket.emit('table:leave', { tableId: following.id });
    this.#set({ table: null, joining: null, detached: null, sending: false, notice: null });
  }

  #move(move: Move): void {
    const table = this.#state.table;
    if (table === null || this.#following === null) return this.#set({ notice: { code: 'table/not_joined', message: 'You are not at a table.' } });
    if (table.seat === null) return this.#set({ notice: noticeOf({ code: 'table/not_seated', message: '' }) });
    if (this.#state.sending) return;
    if (!this.#socket.connected) return this.#set({ notice: NOT_CONNECTED });
    this.#set({ sending: true });
    // The ack comes after the state the move made, so the screen never shows the old position as playable.
    this.#request('game:action', { tableId: this.#following.id, version: this.#version, action: wireAction(move) }, () => this.#set({ sending: false }));
  }

  #hostAction<E extends 'table:seat' | 'table:start' | 'table:rematch'>(event: E, message: (tableId: TableId) => ClientMessage<E>): void {
    if (this.#following === null) return this.#set({ notice: { code: 'table/not_joined', message: 'You are not at a table.' } });
    this.#request(event, message(this.#following.id));
  }

  /** Emits a client event; an accepted one clears the notice (a refused one sets it, from `refused`). */
  #request<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    if (!this.#socket.connected) return this.#set({ notice: NOT_CONNECTED });
    const emit = this.#socket.emit as unknown as (e: E, m: ClientMessage<E>, ack: (r: Reply<ClientResults[E]>) => void) => void;
    emit.call(this.#socket, event, message, (reply) => {
      if (reply.ok && this.#state.notice !== null) this.#set({ notice: null });
      then?.(reply);
    });
  }

  #set(patch: Partial<ClientState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of this.#listeners) l(this.#state);
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected action ${JSON.stringify(x)}`);
}
