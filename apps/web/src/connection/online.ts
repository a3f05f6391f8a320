import { type Preset, resolveRules } from '@fives/engine';
import {
  type ClientEvent,
  type ClientMessage,
  type ClientResults,
  ErrorCode,
  type ReactionKey,
  type Reply,
  type TableState,
  invitePath,
  normalizeTableCode,
} from '@fives/protocol';
import { type Answer, LinkErrorCode, ProtocolClient, type ProtocolSocket, type RequestOptions, TableVersions, isLinkProblem } from '@fives/protocol/client';
import { type ManagerOptions, type SocketOptions, io } from 'socket.io-client';
import { Api, type Guest, type KeyValueStore, UNREACHABLE, loadGuest, saveGuest } from './guest.ts';
import {
  type ClientAction,
  type ClientActionType,
  type Connection,
  EMPTY_STATE,
  type GameSetup,
  type Move,
  type Notice,
  type TableId,
  type TableReaction,
  tableId,
} from './types.ts';
import { TableFairness } from './fairness.ts';
import { type StoodIn, loadSeen, saveSeen, seenOf, stoodIn } from './stood-in.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { StateConnection, assertNever } from './base.ts';
import { TIMED_OUT, isTableCode, noticeOf, openTableOf, queueBanOf, queueOf, seatSpecs, summaryOf, tableOf, yourRating } from './wire.ts';

export type GameSocket = ProtocolSocket;
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
  'answerRematch',
  'leaveTable',
  'joinQueue',
  'leaveQueue',
  'watchOpenTables',
  'previewTable',
  'react',
]);

/** The player's own requests: one accepted clears the last refusal. (Following the open tables, say, does not.) */
const CLEARS_NOTICE: ReadonlySet<ClientEvent> = new Set([
  'game:action',
  'table:join',
  'table:seat',
  'table:start',
  'table:rematch',
  'table:rematchAnswer',
  'table:react',
  'lobby:playNow',
  'queue:join',
]);

/** How many of the latest reactions the state keeps (the screen shows the newest of each seat). */
const KEPT_REACTIONS = 8;

/** Where the game under way this browser's player sits at is remembered, to offer the way back from the lobby. */
const GAME_KEY = 'fives.game';
interface KeptGame {
  readonly id: string;
  readonly code: string | null;
  readonly game: number;
}

/** The web client's own reasons, beside the server's `ErrorCode`s and the link's `LinkErrorCode`s. */
const WebCode = {
  setupSeats: 'setup/seats',
  badCode: 'table/bad_code',
  stoodIn: 'seat/stood_in',
} as const;

// Functions, not constants: the words are the player's language at the moment they are said.
const NOT_CONNECTED = (): Notice => ({ code: LinkErrorCode.notConnected, message: t('notice.notConnected') });
const NO_NAME = (): Notice => ({ code: ErrorCode.authRequired, message: t('notice.noName') });
const NOT_AT_TABLE = (): Notice => ({ code: ErrorCode.notJoined, message: t('notice.notAtTable') });

/**
 * The table on the game server, over exactly what `docs/protocol.md` says: a guest token from
 * `POST /api/guests`, tables from `POST /api/tables`, and Socket.IO for the rest. The table
 * followed is joined again on every (re)connection, so a lost network or a reload comes back to
 * the same seat; states older than the one applied are ignored.
 */
export class OnlineConnection extends StateConnection implements Connection {
  readonly kind = 'online' as const;
  readonly #api: Api;
  readonly #socket: GameSocket;
  /** Requests, their order, and coming back from drains, restarts and `server/busy` handshakes. */
  readonly #client: ProtocolClient;
  readonly #origin: string;
  readonly #storage: KeyValueStore | null;
  readonly #now: () => number;
  #guest: Guest | null;
  /** A name asked for before the server could be reached: registered once it can. */
  #wantedName: string | null = null;
  #naming: Promise<void> = Promise.resolve();
  /**
   * The table joined on every connection, and whether as a spectator. The id is null for a
   * moment after "play now" or a code, until the table's first state says which it is.
   */
  #following: { readonly id: TableId | null; readonly watch: boolean } | null = null;
  /** The followed table's newest version applied; an older state arriving late changes nothing. */
  readonly #versions = new TableVersions();
  #connected: readonly boolean[] | null = null;
  /** The last summary as the server sent it, and when, kept so presence can be merged into it again. */
  #wireSummary: { readonly summary: TableState['table']; readonly at: number } | null = null;
  #everConnected = false;
  /** The queue this player waits in, joined again after a reconnection, and their rating of it as its last ack said. */
  #queue: { readonly players: 2 | 3 | 4; readonly preset: Preset; rating: string | null } | null = null;
  #watchingTables = false;
  /** A table being made over HTTP: a second click makes no second table. */
  #creating = false;
  readonly #invites = new Map<TableId, string>();
  /** Checks every hand's deal against the commitment seen before it (docs/fairness.md). */
  readonly #fairness = new TableFairness();
  #reactionId = 0;
  /** A join was just asked for: its first state says what the computer did with the seat meanwhile. */
  #returning = false;
  /** That notice, held until the join's answer (an accepted join clears the notice) if the state came first. */
  #held: { notice: Notice | null; answered: boolean } = { notice: null, answered: true };

  constructor(options: OnlineOptions) {
    super({ ...EMPTY_STATE, link: 'connecting', offers: OFFERS });
    this.#origin = options.origin.replace(/\/+$/, '');
    this.#storage = options.storage;
    this.#now = options.now ?? Date.now;
    this.#api = new Api(this.#origin, options.fetch);
    this.#guest = loadGuest(this.#storage);
    this.set({ name: this.#guest?.name ?? null });
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
    this.#client = new ProtocolClient(this.#socket);
    this.#listen();
  }

  send(action: ClientAction): void {
    switch (action.type) {
      case 'setName':
        void this.#named(action.name);
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
          ...(action.rated === undefined ? {} : { rated: action.rated }),
        }));
      case 'startGame':
        return this.#tableRequest('table:start', (id) => ({ tableId: id }));
      case 'rematch':
        return this.#tableRequest('table:rematch', (id) => ({ tableId: id }));
      case 'answerRematch':
        return this.#tableRequest('table:rematchAnswer', (id) => ({ tableId: id, accept: action.accept }));
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
      case 'previewTable':
        void this.#preview(action.table);
        return;
      case 'react':
        return this.#react(action.reaction);
      default:
        return assertNever(action);
    }
  }

  close(): void {
    this.#client.close();
    this.forgetListeners();
  }

  #listen(): void {
    this.#client.onLink((e) => {
      switch (e.type) {
        case 'connected':
          return this.#onConnect();
        case 'disconnected':
          // Our own disconnect, to reconnect with a new token: not worth a banner.
          return this.set({ link: e.reason === 'io client disconnect' ? 'connecting' : 'reconnecting', sending: false });
        case 'connectError':
          return this.#connectError(e.problem?.code);
        case 'retrying':
          // A move the server was too busy for goes again by itself (`#move`): say so, not "try again".
          if (e.problem.event === 'game:action') this.set({ notice: { code: e.problem.code, message: t('notice.moveRetrying') } });
          return;
        case 'draining':
        case 'reconnected':
          // The client connects again by itself; `connected` joins the table, the queue and the list again.
          return;
      }
    });
    const client = this.#client;
    client.on('table:state', (s) => this.#apply(s));
    client.on('table:presence', (p) => {
      if (p.tableId !== this.#following?.id) return;
      this.#connected = p.connected;
      const table = this.state.table;
      const wire = this.#wireSummary;
      if (table !== null && wire !== null) {
        this.set({ table: { ...table, summary: summaryOf(wire.summary, p.connected, table.summary.inviteUrl, wire.at) } });
      }
    });
    client.on('table:detached', (d) => {
      if (d.tableId !== this.#following?.id) return;
      // Not followed any more, so a reconnection does not take the seat back from the other tab.
      this.#following = null;
      this.set({ detached: tableId(d.tableId), joining: null });
    });
    client.on('table:timeout', (timeout) => {
      if (timeout.tableId === this.#following?.id && timeout.seat === this.state.table?.seat) {
        this.set({ notice: TIMED_OUT() });
      }
    });
    client.on('table:reaction', (r) => {
      if (r.tableId !== this.#following?.id) return;
      const heard: TableReaction = { id: ++this.#reactionId, seat: r.seat, player: r.player, reaction: r.reaction };
      this.set({ reactions: [...this.state.reactions.slice(-(KEPT_REACTIONS - 1)), heard] });
    });
    client.on('queue:status', (q) => {
      if (this.#queue !== null) this.set({ queue: queueOf(q, this.#now(), this.#queue.rating) });
    });
    client.on('queue:matched', (m) => {
      this.#queue = null;
      this.set({ queue: null });
      this.#follow(tableId(m.tableId), false);
    });
    client.on('lobby:tables', (m) => {
      if (this.#watchingTables) this.set({ openTables: m.tables.map(openTableOf) });
    });
    client.on('refused', (problem) => {
      // Joins answer through their acks; every other refusal is said on the status line.
      if (problem.event !== 'table:join' && problem.event !== 'lobby:playNow' && problem.event !== 'table:leave') this.set({ notice: noticeOf(problem) });
    });
  }

  #onConnect(): void {
    this.#everConnected = true;
    // The name is the server's from this connection on (a rename reconnects with the new token).
    this.set({ link: 'online', name: this.#guest?.name ?? null, ...(this.state.notice?.code === ErrorCode.tooManySockets ? { notice: null } : {}) });
    const following = this.#following;
    if (following?.id != null) this.#join(following.id, following.watch);
    else if (following !== null) this.#following = null;
    if (this.#following === null) void this.#lookUpGame();
    if (this.#wantedName !== null) void this.#named(this.#wantedName);
    if (this.#queue !== null) this.#joinQueue(this.#queue.players, this.#queue.preset);
    if (this.#watchingTables) this.#watchTables(true);
  }

  #connectError(code: string | undefined): void {
    if (code === ErrorCode.badToken || code === ErrorCode.tokenExpired || code === ErrorCode.accountDeleted) {
      // The server's secrets changed, the pass was unused past its expiry, or its account was deleted (on
      // another device): it is void. A new guest, same name.
      const name = this.#guest?.name ?? null;
      this.#guest = null;
      saveGuest(this.#storage, null);
      if (name !== null) void this.#named(name).then(() => this.#socket.connect());
      else this.#socket.connect();
      return;
    }
    if (code === ErrorCode.tooManySockets) {
      // Turned away for the address's open sockets (other tabs, a school or a carrier's shared
      // address): the protocol client tries again after the server's retryAfterMs; say why meanwhile.
      this.set({ link: this.#everConnected ? 'reconnecting' : 'offline', notice: { code, message: t('notice.tooManySockets') } });
      return;
    }
    this.set({ link: this.#everConnected ? 'reconnecting' : 'offline' });
  }

  #apply(s: TableState): void {
    let following = this.#following;
    if (following === null) return;
    if (following.id === null) {
      // The first state of the table "play now" or a code led to: this is the table.
      following = { id: tableId(s.tableId), watch: following.watch };
      this.#following = following;
    }
    // A state sent again (after a reconnection, or by a node back from Redis) is applied again:
    // its clock is newer. An older one is not applied: the table is asked for afresh.
    if (s.tableId !== following.id) return;
    if (this.#versions.observe(s) === 'older') {
      // Late, or a failover lost versions this client saw: the table asked for afresh.
      const id = following.id;
      if (this.#versions.resync(id) && this.#client.connected) this.#join(id, following.watch);
      return;
    }
    const at = this.#now();
    this.#wireSummary = { summary: s.table, at };
    const id = following.id;
    const table = tableOf(s, this.#fairness, this.#connected, this.#invites.get(id) ?? `${this.#origin}${invitePath(id)}`, at);
    this.#keepGame(s);
    const stood = this.#seen(s);
    const notice = stood === null ? null : standInNotice(stood);
    if (notice !== null && !this.#held.answered) this.#held = { notice, answered: false };
    this.set({ table, joining: null, detached: null, yourGame: null, ...(notice === null || !this.#held.answered ? {} : { notice }) });
  }

  /** Keeps where this seat's player has seen the table to; on a join's first state, what was played for them since. */
  #seen(s: TableState): StoodIn | null {
    const returning = this.#returning;
    this.#returning = false;
    if (s.seat === null || s.view === null) return null;
    const now = seenOf(s.tableId, s.table.game, s.view);
    const stood = returning ? stoodIn(loadSeen(this.#storage), now, s.view, s.seat) : null;
    saveSeen(this.#storage, now);
    return stood;
  }

  /** Remembers the game under way this player sits at (forgets it once it is over), for the lobby's way back. */
  #keepGame(s: TableState): void {
    if (s.seat === null) return;
    try {
      if (s.table.phase === 'playing') this.#storage?.setItem(GAME_KEY, JSON.stringify({ id: s.tableId, code: s.table.code, game: s.table.game } satisfies KeptGame));
      else if (this.#keptGame()?.id === s.tableId) this.#storage?.removeItem(GAME_KEY);
    } catch {
      // Not kept: the lobby just will not offer the way back.
    }
  }

  #keptGame(): KeptGame | null {
    try {
      const raw = this.#storage?.getItem(GAME_KEY);
      const kept: unknown = raw ? JSON.parse(raw) : null;
      if (typeof kept !== 'object' || kept === null) return null;
      const { id, code, game } = kept as Record<string, unknown>;
      return typeof id === 'string' && (typeof code === 'string' || code === null) && typeof game === 'number' ? { id, code, game } : null;
    } catch {
      return null;
    }
  }

  /** The invited table's host, rules and free seats, from its public summary (`GET /api/tables/:id`). */
  async #preview(id: TableId): Promise<void> {
    if (this.state.invitation?.id === id) return;
    const answer = await this.#api.table(id);
    if (!answer.ok) return;
    const s = answer.value;
    const host = s.hostSeat === null ? null : s.seats[s.hostSeat];
    this.set({
      invitation: {
        id,
        host: host?.kind === 'human' ? host.name : null,
        rules: s.rules,
        phase: s.phase,
        free: s.seats.filter((seat) => seat.kind === 'open').length,
        turnSeconds: s.turnSeconds,
      },
    });
  }

  /**
   * Whether the game remembered is still under way (its seat stays this player's until it ends,
   * with a computer standing in): then the lobby offers to go back; once it is over, forgotten.
   */
  async #lookUpGame(): Promise<void> {
    const kept = this.#keptGame();
    if (kept === null) {
      this.set({ yourGame: null });
      return;
    }
    const answer = await this.#api.table(kept.id);
    if (this.#following !== null) return;
    if (answer.ok && answer.value.phase === 'playing' && answer.value.game === kept.game) {
      this.set({ yourGame: { id: tableId(kept.id), code: kept.code } });
      return;
    }
    // Unreachable says nothing about the game: asked again on the next connection.
    if (!answer.ok && answer.error.code === UNREACHABLE.code) return;
    try {
      this.#storage?.removeItem(GAME_KEY);
    } catch {
      // Nothing kept to forget.
    }
    this.set({ yourGame: null });
  }

  /**
   * Names one after another: a newcomer's picked name may still be on its way when they type
   * their own, and the later answer must not be the earlier name's (nor make a second guest).
   */
  #named(raw: string): Promise<void> {
    this.#naming = this.#naming.then(() => this.#setName(raw));
    return this.#naming;
  }

  async #setName(raw: string): Promise<void> {
    const name = raw.trim();
    if (name === '') {
      this.set({ notice: { code: ErrorCode.badName, message: t('notice.emptyName') } });
      return;
    }
    if (this.#guest?.name === name) {
      this.set({ name });
      return;
    }
    if (!this.#everConnected) {
      // Registered once the server answers at all: no errors from a page served without one.
      this.#wantedName = name;
      return;
    }
    let answer = await this.#api.guest(name, this.#guest?.token);
    if (!answer.ok && (answer.error.code === ErrorCode.badToken || answer.error.code === ErrorCode.tokenExpired || answer.error.code === ErrorCode.accountDeleted))
      answer = await this.#api.guest(name);
    if (!answer.ok) {
      if (answer.error.code === UNREACHABLE.code) this.#wantedName = name;
      this.set({ notice: noticeOf(answer.error) });
      return;
    }
    this.#wantedName = null;
    this.#guest = { name: answer.value.player.name, token: answer.value.token };
    saveGuest(this.#storage, this.#guest);
    this.set({ notice: null });
    // The socket proves who it is at the handshake: connect again with the new token. The
    // name shows once that connection is up, so nothing is sent in between and refused.
    if (this.#client.connected) this.#client.reconnectNow();
    else this.#client.connect();
  }

  /** How many seats a setup's table has; null (and the notice says why) when it cannot be made here. */
  #check(setup: GameSetup): number | null {
    let problem: Notice | null = null;
    const rules = resolveRules(setup.rules);
    if (this.#guest === null) problem = NO_NAME();
    else if (!rules.ok) problem = noticeOf({ code: ErrorCode.badRules, message: rules.error.message });
    if (problem !== null || !rules.ok) {
      this.set({ notice: problem });
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
      this.set({ notice: noticeOf(created.error) });
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
      return this.set({ notice: { code: WebCode.setupSeats, message: t('notice.playNowSeats', { count: players - 1 }) } });
    }
    // Already on the way to a table whose first state has not come: one click, one table.
    if (this.#following !== null && this.#following.id === null) return;
    this.#followUnknown();
    const message = { rules: setup.rules, level: setup.level, ...(setup.turnSeconds === null ? {} : { turnSeconds: setup.turnSeconds }) };
    this.#ordered('lobby:playNow', message, (reply) => this.#joined(reply));
  }

  #joinCode(text: string): void {
    if (!isTableCode(text)) {
      return this.set({ notice: { code: WebCode.badCode, message: t('notice.badCode') } });
    }
    this.#followUnknown();
    this.#ordered('table:join', { code: normalizeTableCode(text) }, (reply) => this.#joined(reply));
  }

  /** About to join a table whose id the server will tell: its first state is adopted. */
  #followUnknown(): void {
    if (this.#following !== null) this.#leave();
    this.#following = { id: null, watch: false };
    this.#versions.forget();
    this.#connected = null;
    this.#wireSummary = null;
    this.set({ joining: null, table: null, detached: null, sending: false, notice: null, reactions: [] });
  }

  #follow(id: TableId, watch: boolean): void {
    if (this.#following !== null && this.#following.id !== id) this.#leave();
    this.#following = { id, watch };
    this.#versions.forget();
    this.#connected = null;
    this.#wireSummary = null;
    this.set({ joining: id, table: null, detached: null, sending: false, notice: null, reactions: [] });
    // Not connected yet: the connection's `connect` joins.
    if (this.#client.connected) this.#join(id, watch);
    else this.#client.connect();
  }

  #join(id: TableId, watch: boolean): void {
    this.#returning = true;
    this.#held = { notice: null, answered: false };
    this.#ordered('table:join', { tableId: id, ...(watch ? { as: 'spectator' as const } : {}) }, (reply) => {
      const held = this.#held.notice;
      this.#held = { notice: null, answered: true };
      if (reply.ok && held !== null && this.#following?.id === id) this.set({ notice: held });
      if (reply.ok || this.#following?.id !== id) return;
      this.#joined(reply);
    });
  }

  /** A join's answer: on a refusal, back to the lobby with the reason. */
  #joined(reply: Reply<unknown>): void {
    if (reply.ok) return;
    this.#following = null;
    this.set({ joining: null, table: null, notice: noticeOf(reply.error) });
  }

  #leave(): void {
    const following = this.#following;
    this.#following = null;
    this.#versions.forget();
    if (following?.id != null && this.#client.connected) this.#ordered('table:leave', { tableId: following.id });
    this.set({ table: null, joining: null, detached: null, sending: false, notice: null, reactions: [] });
    void this.#lookUpGame();
  }

  #move(move: Move): void {
    const table = this.state.table;
    const id = this.#following?.id;
    if (table === null || id == null) return this.set({ notice: NOT_AT_TABLE() });
    if (table.seat === null) return this.set({ notice: noticeOf({ code: ErrorCode.notSeated, message: '' }) });
    if (this.state.sending) return;
    if (!this.#client.connected) return this.set({ notice: NOT_CONNECTED() });
    this.set({ sending: true });
    // The ack comes after the state the move made, so the screen never shows the old position as playable.
    // A store that cannot be reached for a moment (`server/busy`) does not lose the player's move: it is
    // sent again, on the same version, when the server says; a table that moved meanwhile refuses it as stale.
    this.#request('game:action', { tableId: id, version: this.#versions.applied(id), action: move }, () => this.set({ sending: false }), { retryBusy: true });
  }

  /** A quick reaction: the table hears it back as `table:reaction`, this client too; a refusal (too many) is the notice. */
  #react(reaction: ReactionKey): void {
    const id = this.#following?.id;
    if (this.state.table === null || id == null) return this.set({ notice: NOT_AT_TABLE() });
    if (this.state.table.seat === null) return this.set({ notice: noticeOf({ code: ErrorCode.notSeated, message: '' }) });
    this.#request('table:react', { tableId: id, reaction });
  }

  #joinQueue(players: 2 | 3 | 4, preset: Preset): void {
    if (this.#guest === null) return this.set({ notice: NO_NAME() });
    // Joining the same queue again (after a reconnection) shows the rating it had until the ack says it afresh.
    const same = this.#queue?.players === players && this.#queue.preset === preset;
    const wanted = { players, preset, rating: same ? (this.#queue?.rating ?? null) : null };
    this.#queue = wanted;
    this.#ordered('queue:join', { rules: { preset, players } }, (reply) => {
      if (!reply.ok) {
        this.#queue = null;
        return this.set({ queue: null, queueBan: queueBanOf(reply.error, this.#now()) });
      }
      // Left, or another join since: that one's ack speaks for it.
      if (this.#queue !== wanted) return;
      wanted.rating = yourRating(reply.data);
      this.set({ queue: queueOf(reply.data, this.#now(), wanted.rating), queueBan: null });
    });
  }

  #leaveQueue(): void {
    this.#queue = null;
    this.set({ queue: null });
    if (this.#client.connected) this.#ordered('queue:leave', {});
  }

  #watchTables(on: boolean): void {
    this.#watchingTables = on;
    if (!on) this.set({ openTables: [] });
    // Not connected: the connection's `connect` asks again.
    if (!this.#client.connected) return;
    this.#request('lobby:watch', { on }, (reply) => {
      if (reply.ok && this.#watchingTables) this.set({ openTables: reply.data.tables.map(openTableOf) });
    });
  }

  #tableRequest<E extends 'table:seat' | 'table:settings' | 'table:start' | 'table:rematch' | 'table:rematchAnswer'>(
    event: E,
    message: (tableId: TableId) => ClientMessage<E>,
  ): void {
    const id = this.#following?.id;
    if (id == null) return this.set({ notice: NOT_AT_TABLE() });
    this.#request(event, message(id));
  }

  /** `#request`, once every earlier ordered message has its answer (joins, leaves and queue messages). */
  #ordered<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    if (!this.#client.connected) return this.set({ notice: NOT_CONNECTED() });
    void this.#client.ordered(event, message).then((answer) => this.#answered(event, answer, then));
  }

  /** Sends a client event; the player's own, accepted, clears the notice (a refused one sets it, from `refused`). */
  #request<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void, options?: RequestOptions): void {
    if (!this.#client.connected) return this.set({ notice: NOT_CONNECTED() });
    void this.#client.request(event, message, options).then((answer) => this.#answered(event, answer, then));
  }

  #answered<E extends ClientEvent>(event: E, answer: Answer<ClientResults[E]>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    // No answer (the connection dropped): the next connection joins again; nothing to say here.
    if (!answer.ok && isLinkProblem(answer.error)) return;
    const reply = answer as Reply<ClientResults[E]>;
    if (reply.ok && this.state.notice !== null && CLEARS_NOTICE.has(event)) this.set({ notice: null });
    then?.(reply);
  }
}

/** A returning player is told what the computer did with their seat (issue 15, point 7). */
function standInNotice(stood: StoodIn): Notice {
  const message = stood.kind === 'tiles' ? t('notice.standInTiles', { count: stood.count }) : t('notice.standInHands', { count: stood.count });
  return { code: WebCode.stoodIn, message };
}
