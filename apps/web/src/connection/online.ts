import { type Preset, resolveRules } from '@fives/engine';
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
  normalizeTableCode,
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
  tableId,
} from './types.ts';
import { TableFairness } from './fairness.ts';
import { isTableCode, noticeOf, openTableOf, queueOf, seatSpecs, summaryOf } from './wire.ts';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (origin: string, options: Partial<ManagerOptions & SocketOptions>) => GameSocket;

export interface OnlineOptions {
  /** The server's origin, e.g. `location.origin`. */
  readonly origin: string;
  /** Where the guest token is kept; `localStorage` in the browser. */
  readonly storage: KeyValueStore | null;
  readonly fetch?: typeof fetch;
  readonly socket?: SocketFactory;
  readonly now?: () => number;
}

const OFFERS: ReadonlySet<ClientActionType> = new Set([
  'setName',
  'playNow',
  'createTable',
  'joinTable',
  'joinCode',
  'setSeat',
  'tableSettings',
  'startGame',
  'move',
  'nextHand',
  'rematch',
  'leaveTable',
  'joinQueue',
  'leaveQueue',
  'watchOpenTables',
]);

/** The player's own requests: one accepted clears the last refusal. (Following the open tables, say, does not.) */
const CLEARS_NOTICE: ReadonlySet<ClientEvent> = new Set(['game:action', 'table:join', 'table:seat', 'table:start', 'table:rematch', 'lobby:playNow', 'queue:join']);

const NOT_CONNECTED: Notice = { code: 'link/down', message: 'Not connected to the server: wait for it to come back, then try again.' };
const NO_NAME: Notice = { code: 'auth/required', message: 'Pick a name first.' };
const NOT_AT_TABLE: Notice = { code: 'table/not_joined', message: 'You are not at a table.' };

/**
 * The table on the game server, over exactly what `docs/protocol.md` says: a guest token from
 * `POST /api/guests`, tables from `POST /api/tables`, and Socket.IO for the rest. The table
 * followed is joined again on every (re)connection, so a lost network or a reload comes back to
 * the same seat; states older than the one applied are ignored.
 */
export class OnlineConnection implements Connection {
  readonly kind = 'online' as const;
  #state: ClientState;
  readonly #listeners = new Set<(s: ClientState) => void>();
  readonly #api: Api;
  readonly #socket: GameSocket;
  readonly #origin: string;
  readonly #storage: KeyValueStore | null;
  readonly #now: () => number;
  #guest: Guest | null;
  /** A name asked for before the server could be reached: registered once it can. */
  #wantedName: string | null = null;
  /**
   * The table joined on every connection, and whether as a spectator. The id is null for a
   * moment after "play now" or a code, until the table's first state says which it is.
   */
  #following: { readonly id: TableId | null; readonly watch: boolean } | null = null;
  #version = -1;
  #connected: readonly boolean[] | null = null;
  /** The last summary as the server sent it, and when, kept so presence can be merged into it again. */
  #wireSummary: { readonly summary: TableState['table']; readonly at: number } | null = null;
  #everConnected = false;
  /** The queue this player waits in, joined again after a reconnection. */
  #queue: { readonly players: 2 | 3 | 4; readonly preset: Preset } | null = null;
  #watchingTables = false;
  /** A table being made over HTTP: a second click makes no second table. */
  #creating = false;
  /**
   * Joins, leaves and queue messages go one after another: the server handles a socket's
   * messages side by side, and a leave overtaken by the next join undoes it.
   */
  #inOrder: Promise<void> = Promise.resolve();
  readonly #invites = new Map<TableId, string>();
  /** Checks every hand's deal against the commitment seen before it (docs/fairness.md). */
  readonly #fairness = new TableFairness();

  constructor(options: OnlineOptions) {
    this.#origin = options.origin.replace(/\/+$/, '');
    this.#storage = options.storage;
    this.#now = options.now ?? Date.now;
    this.#api = new Api(this.#origin, options.fetch);
    this.#guest = loadGuest(this.#storage);
    this.#state = { ...EMPTY_STATE, link: 'connecting', offers: OFFERS, name: this.#guest?.name ?? null };
    const factory: SocketFactory = options.socket ?? ((url, o) => io(url, o));
    this.#socket = factory(this.#origin, {
      // Read on every attempt, so a new token (a rename) is used by the next connection.
      auth: (cb) => cb(this.#guest === null ? {} : { token: this.#guest.token }),
      // WebSocket first: no sticky sessions needed behind several server nodes (README, "Several
      // nodes"); long-polling only if a proxy blocks WebSocket, and then it needs sticky sessions.
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
        void this.#create(action.setup, action.listed ?? false);
        return;
      case 'playNow':
        return this.#playNow(action.setup);
      case 'joinTable':
        return this.#follow(action.table, action.watch ?? false);
      case 'joinCode':
        return this.#joinCode(action.code);
      case 'setSeat':
        return this.#tableRequest('table:seat', (id) => ({ tableId: id, seat: action.seat, occupant: action.occupant }));
      case 'tableSettings':
        return this.#tableRequest('table:settings', (id) => ({
          tableId: id,
          ...(action.turnSeconds === undefined ? {} : { turnSeconds: action.turnSeconds }),
          ...(action.listed === undefined ? {} : { listed: action.listed }),
        }));
      case 'startGame':
        return this.#tableRequest('table:start', (id) => ({ tableId: id }));
      case 'rematch':
        return this.#tableRequest('table:rematch', (id) => ({ tableId: id }));
      case 'move':
        return this.#move(action.move);
      case 'nextHand':
        // The server deals the next hand by itself.
        return;
      case 'leaveTable':
        return this.#leave();
      case 'joinQueue':
        return this.#joinQueue(action.players, action.preset);
      case 'leaveQueue':
        return this.#leaveQueue();
      case 'watchOpenTables':
        return this.#watchTables(action.on);
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
      // The name is the server's from this connection on (a rename reconnects with the new token).
      this.#set({ link: 'online', name: this.#guest?.name ?? null });
      const following = this.#following;
      if (following?.id != null) this.#join(following.id, following.watch);
      else if (following !== null) this.#following = null;
      if (this.#wantedName !== null) void this.#setName(this.#wantedName);
      if (this.#queue !== null) this.#joinQueue(this.#queue.players, this.#queue.preset);
      if (this.#watchingTables) this.#watchTables(true);
    });
    socket.on('disconnect', (reason) => {
      // The server closed this socket (it is restarting): socket.io does not retry that by itself.
      if (reason === 'io server disconnect') socket.connect();
      // Our own disconnect, to reconnect with a new token: not worth a banner.
      this.#set({ link: reason === 'io client disconnect' ? 'connecting' : 'reconnecting', sending: false });
      // Answers to what was on its way will not come: start the order afresh.
      this.#inOrder = Promise.resolve();
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
      if (error.data?.code === 'server/busy') {
        // A node shutting down refuses new connections: try again (through the load balancer, another node).
        setTimeout(() => socket.connect(), error.data.retryAfterMs ?? 1000);
      }
      this.#set({ link: this.#everConnected ? 'reconnecting' : 'offline' });
    });
    socket.on('server:draining', () => {
      // This node is shutting down: connect again now (through the load balancer, to another
      // node); 'connect' joins the table, the queue and the list again.
      socket.disconnect();
      socket.connect();
    });
    socket.on('table:state', (s) => this.#apply(s));
    socket.on('table:presence', (p) => {
      if (p.tableId !== this.#following?.id) return;
      this.#connected = p.connected;
      const table = this.#state.table;
      const wire = this.#wireSummary;
      if (table !== null && wire !== null) {
        this.#set({ table: { ...table, summary: summaryOf(wire.summary, p.connected, table.summary.inviteUrl ?? '', wire.at) } });
      }
    });
    socket.on('table:detached', (d) => {
      if (d.tableId !== this.#following?.id) return;
      // Not followed any more, so a reconnection does not take the seat back from the other tab.
      this.#following = null;
      this.#set({ detached: tableId(d.tableId), joining: null });
    });
    socket.on('table:timeout', (t) => {
      if (t.tableId === this.#following?.id && t.seat === this.#state.table?.seat) {
        this.#set({ notice: { code: 'turn/timeout', message: 'Time ran out: the computer played for you.' } });
      }
    });
    socket.on('queue:status', (q) => {
      if (this.#queue !== null) this.#set({ queue: queueOf(q, this.#now()) });
    });
    socket.on('queue:matched', (m) => {
      this.#queue = null;
      this.#set({ queue: null });
      this.#follow(tableId(m.tableId), false);
    });
    socket.on('lobby:tables', (m) => {
      if (this.#watchingTables) this.#set({ openTables: m.tables.map(openTableOf) });
    });
    socket.on('refused', (problem) => {
      // Joins answer through their acks; every other refusal is said on the status line.
      if (problem.event !== 'table:join' && problem.event !== 'lobby:playNow' && problem.event !== 'table:leave') this.#set({ notice: noticeOf(problem) });
    });
  }

  #apply(s: TableState): void {
    let following = this.#following;
    if (following === null) return;
    if (following.id === null) {
      // The first state of the table "play now" or a code led to: this is the table.
      following = { id: tableId(s.tableId), watch: following.watch };
      this.#following = following;
    }
    if (s.tableId !== following.id || s.version < this.#version) return;
    this.#version = s.version;
    const at = this.#now();
    this.#wireSummary = { summary: s.table, at };
    const id = following.id;
    const summary = summaryOf(s.table, this.#connected, this.#invites.get(id) ?? `${this.#origin}${invitePath(id)}`, at);
    this.#set({ table: { summary, seat: s.seat, view: s.view, fairness: this.#fairness.observe(s) }, joining: null, detached: null });
  }

  async #setName(raw: string): Promise<void> {
    const name = raw.trim();
    if (name === '') {
      this.#set({ notice: { code: 'auth/invalid_name', message: 'Pick a name of at least one letter.' } });
      return;
    }
    if (this.#guest?.name === name) {
      this.#set({ name });
      return;
    }
    if (!this.#everConnected) {
      // Registered once the server answers at all: no errors from a page served without one.
      this.#wantedName = name;
      return;
    }
    let answer = await this.#api.guest(name, this.#guest?.token);
    if (!answer.ok && answer.problem.code === 'auth/invalid_token') answer = await this.#api.guest(name);
    if (!answer.ok) {
      if (answer.problem.code === UNREACHABLE.code) this.#wantedName = name;
      this.#set({ notice: noticeOf(answer.problem) });
      return;
    }
    this.#wantedName = null;
    this.#guest = { name: answer.value.player.name, token: answer.value.token };
    saveGuest(this.#storage, this.#guest);
    this.#set({ notice: null });
    // The socket proves who it is at the handshake: connect again with the new token. The
    // name shows once that connection is up, so nothing is sent in between and refused.
    if (this.#socket.connected) this.#socket.disconnect().connect();
    else if (!this.#socket.active) this.#socket.connect();
  }

  /** How many seats a setup's table has; null (and the notice says why) when it cannot be made here. */
  #check(setup: GameSetup): number | null {
    let problem: Notice | null = null;
    const rules = resolveRules(setup.rules);
    if (this.#guest === null) problem = NO_NAME;
    else if (!rules.ok) problem = noticeOf({ code: 'rules/invalid', message: rules.error.message });
    if (problem !== null || !rules.ok) {
      this.#set({ notice: problem });
      return null;
    }
    return rules.value.players;
  }

  async #create(setup: GameSetup, listed: boolean): Promise<void> {
    const players = this.#check(setup);
    const guest = this.#guest;
    if (players === null || guest === null || this.#creating) return;
    this.#creating = true;
    const created = await this.#api.createTable(guest.token, {
      rules: setup.rules,
      seats: seatSpecs(players, setup),
      ...(setup.turnSeconds === null ? {} : { turnSeconds: setup.turnSeconds }),
      ...(listed ? { listed } : {}),
    });
    this.#creating = false;
    if (!created.ok) {
      this.#set({ notice: noticeOf(created.problem) });
      return;
    }
    const id = tableId(created.value.tableId);
    this.#invites.set(id, created.value.inviteUrl);
    this.#follow(id, false);
  }

  /** One step: a new table with computer players in every other seat, dealt at once. */
  #playNow(setup: GameSetup): void {
    const players = this.#check(setup);
    if (players === null) return;
    if (setup.bots !== players - 1) {
      return this.#set({ notice: { code: 'setup/seats', message: `Play now seats you and ${players - 1} computer players.` } });
    }
    // Already on the way to a table whose first state has not come: one click, one table.
    if (this.#following !== null && this.#following.id === null) return;
    this.#followUnknown();
    const message = { rules: setup.rules, level: setup.level, ...(setup.turnSeconds === null ? {} : { turnSeconds: setup.turnSeconds }) };
    this.#ordered('lobby:playNow', message, (reply) => this.#joined(reply));
  }

  #joinCode(text: string): void {
    if (!isTableCode(text)) {
      return this.#set({ notice: { code: 'table/bad_code', message: 'A table code is six characters: digits 2–9 and letters (no I, L, O or U).' } });
    }
    this.#followUnknown();
    this.#ordered('table:join', { code: normalizeTableCode(text) }, (reply) => this.#joined(reply));
  }

  /** About to join a table whose id the server will tell: its first state is adopted. */
  #followUnknown(): void {
    if (this.#following !== null) this.#leave();
    this.#following = { id: null, watch: false };
    this.#version = -1;
    this.#connected = null;
    this.#wireSummary = null;
    this.#set({ joining: null, table: null, detached: null, sending: false, notice: null });
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
    this.#ordered('table:join', { tableId: id, ...(watch ? { as: 'spectator' as const } : {}) }, (reply) => {
      if (reply.ok || this.#following?.id !== id) return;
      this.#joined(reply);
    });
  }

  /** A join's answer: on a refusal, back to the lobby with the reason. */
  #joined(reply: Reply<unknown>): void {
    if (reply.ok) return;
    this.#following = null;
    this.#set({ joining: null, table: null, notice: noticeOf(reply.error) });
  }

  #leave(): void {
    const following = this.#following;
    this.#following = null;
    this.#version = -1;
    if (following?.id != null && this.#socket.connected) this.#ordered('table:leave', { tableId: following.id });
    this.#set({ table: null, joining: null, detached: null, sending: false, notice: null });
  }

  #move(move: Move): void {
    const table = this.#state.table;
    const id = this.#following?.id;
    if (table === null || id == null) return this.#set({ notice: NOT_AT_TABLE });
    if (table.seat === null) return this.#set({ notice: noticeOf({ code: 'table/not_seated', message: '' }) });
    if (this.#state.sending) return;
    if (!this.#socket.connected) return this.#set({ notice: NOT_CONNECTED });
    this.#set({ sending: true });
    // The ack comes after the state the move made, so the screen never shows the old position as playable.
    this.#request('game:action', { tableId: id, version: this.#version, action: move }, () => this.#set({ sending: false }));
  }

  #joinQueue(players: 2 | 3 | 4, preset: Preset): void {
    if (this.#guest === null) return this.#set({ notice: NO_NAME });
    this.#queue = { players, preset };
    this.#ordered('queue:join', { rules: { preset, players } }, (reply) => {
      if (!reply.ok) {
        this.#queue = null;
        return this.#set({ queue: null });
      }
      if (this.#queue !== null) this.#set({ queue: queueOf(reply.data, this.#now()) });
    });
  }

  #leaveQueue(): void {
    this.#queue = null;
    this.#set({ queue: null });
    if (this.#socket.connected) this.#ordered('queue:leave', {});
  }

  #watchTables(on: boolean): void {
    this.#watchingTables = on;
    if (!on) this.#set({ openTables: [] });
    // Not connected: the connection's `connect` asks again.
    if (!this.#socket.connected) return;
    this.#request('lobby:watch', { on }, (reply) => {
      if (reply.ok && this.#watchingTables) this.#set({ openTables: reply.data.tables.map(openTableOf) });
    });
  }

  #tableRequest<E extends 'table:seat' | 'table:settings' | 'table:start' | 'table:rematch'>(event: E, message: (tableId: TableId) => ClientMessage<E>): void {
    const id = this.#following?.id;
    if (id == null) return this.#set({ notice: NOT_AT_TABLE });
    this.#request(event, message(id));
  }

  /** `#request`, once every earlier ordered message has its answer. */
  #ordered<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    this.#inOrder = this.#inOrder.then(
      () =>
        new Promise<void>((done) => {
          const sent = this.#request(event, message, (reply) => {
            then?.(reply);
            done();
          });
          if (!sent) done();
        }),
    );
  }

  /** Emits a client event; the player's own, accepted, clears the notice (a refused one sets it, from `refused`). Says whether it went. */
  #request<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): boolean {
    if (!this.#socket.connected) {
      this.#set({ notice: NOT_CONNECTED });
      return false;
    }
    // socket.io's typed emit cannot follow a generic event name; the protocol's types still hold both ends.
    const emit = this.#socket.emit.bind(this.#socket) as unknown as (e: E, m: ClientMessage<E>, ack: (r: Reply<ClientResults[E]>) => void) => void;
    emit(event, message, (reply) => {
      if (reply.ok && this.#state.notice !== null && CLEARS_NOTICE.has(event)) this.#set({ notice: null });
      then?.(reply);
    });
    return true;
  }

  #set(patch: Partial<ClientState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of this.#listeners) l(this.#state);
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected action ${JSON.stringify(x)}`);
}
