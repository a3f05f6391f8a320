import { resolveRules } from '@fives/engine';
import { type ClientMessage, ErrorCode, type ReactionKey, isCorrespondence, normalizeTableCode } from '@fives/protocol';
import { ProtocolClient, type ProtocolSocket } from '@fives/protocol/client';
import { type ManagerOptions, type SocketOptions, io } from 'socket.io-client';
import { Api, type KeyValueStore } from './guest.ts';
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
import { t } from '../i18n/i18n.svelte.ts';
import { StateConnection, assertNever } from './base.ts';
import { isTableCode, noticeOf, seatSpecs } from './wire.ts';
import { Following } from './online/following.ts';
import { Identity, isVoidToken } from './online/identity.ts';
import { type Link, ServerLink } from './online/link.ts';
import { NOT_AT_TABLE, NOT_CONNECTED, NO_NAME, WebCode } from './online/notices.ts';
import { OpenTables } from './online/open-tables.ts';
import type { StatePort } from './online/port.ts';
import { Queue } from './online/queue.ts';
import { YourGame } from './online/your-game.ts';

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

/**
 * The table on the game server, over exactly what `docs/protocol.md` says: a guest token from
 * `POST /api/guests`, tables from `POST /api/tables`, and Socket.IO for the rest. It routes the
 * player's actions and the server's events to its collaborators, each over its own part of the
 * one client state: the link's requests (`online/link.ts`), who the player is (`identity.ts`),
 * the table followed and its versions (`following.ts`), the game to go back to
 * (`your-game.ts`), the queue (`queue.ts`) and the open tables (`open-tables.ts`).
 */
export class OnlineConnection extends StateConnection implements Connection {
  readonly kind = 'online' as const;
  readonly #api: Api;
  readonly #socket: GameSocket;
  /** Requests, their order, and coming back from drains, restarts and `server/busy` handshakes. */
  readonly #client: ProtocolClient;
  readonly #link: Link;
  readonly #identity: Identity;
  readonly #following: Following;
  readonly #queue: Queue;
  readonly #openTables: OpenTables;
  #everConnected = false;
  /** A table being made over HTTP: a second click makes no second table. */
  #creating = false;

  constructor(options: OnlineOptions) {
    super({ ...EMPTY_STATE, link: 'connecting', offers: OFFERS });
    const origin = options.origin.replace(/\/+$/, '');
    const now = options.now ?? Date.now;
    const storage = options.storage;
    this.#api = new Api(origin, options.fetch);
    const read = (): ClientState => this.state;
    const port: StatePort = {
      get state() {
        return read();
      },
      set: (patch) => this.set(patch),
    };
    const factory: SocketFactory = options.socket ?? ((url, o) => io(url, o));
    this.#socket = factory(origin, {
      // Read on every attempt, so a new token (a rename) is used by the next connection.
      auth: (cb) => {
        const guest = this.#identity.guest;
        cb(guest === null ? {} : { token: guest.token });
      },
      // WebSocket first: no sticky sessions needed behind several server nodes (README, "Several
      // nodes"); long-polling only if a proxy blocks WebSocket, and then it needs sticky sessions.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
    });
    this.#client = new ProtocolClient(this.#socket);
    this.#link = new ServerLink(this.#client, port);
    this.#identity = new Identity(storage, this.#api, this.#link, port);
    this.set({ name: this.#identity.guest?.name ?? null });
    const yourGame = new YourGame(storage, this.#api, port);
    this.#following = new Following({ link: this.#link, port, yourGame, storage, origin, now });
    this.#queue = new Queue(this.#link, port, this.#identity, now);
    this.#openTables = new OpenTables(this.#link, port);
    this.#listen();
  }

  send(action: ClientAction): void {
    switch (action.type) {
      case 'setName':
        void this.#identity.named(action.name);
        return;
      case 'createTable':
        void this.#create(action.setup, action.listed ?? false);
        return;
      case 'playNow':
        return this.#playNow(action.setup);
      case 'joinTable':
        return this.#following.follow(action.table, action.watch ?? false);
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
        return this.#following.leave();
      case 'joinQueue':
        return this.#queue.join(action.players, action.preset);
      case 'leaveQueue':
        return this.#queue.leave();
      case 'watchOpenTables':
        return this.#openTables.watch(action.on);
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
    const following = this.#following;
    client.on('table:state', (s) => following.state(s));
    client.on('table:presence', (p) => following.presence(p));
    client.on('table:detached', (d) => following.detached(d));
    client.on('table:timeout', (timeout) => following.timeout(timeout));
    client.on('table:reaction', (r) => following.reaction(r));
    client.on('queue:status', (q) => this.#queue.status(q));
    client.on('queue:matched', (m) => {
      this.#queue.matched();
      following.follow(tableId(m.tableId), false);
    });
    client.on('lobby:tables', (m) => this.#openTables.listed(m));
    client.on('challenge:received', (c) => this.set({ challenge: c }));
    client.on('challenge:answered', (a) => {
      if (this.state.challenge?.id === a.id) this.set({ challenge: null });
      // Accepted: both are seated at the table it dealt; each goes to it as from a queue's match.
      if (a.accepted && a.tableId !== null) following.follow(tableId(a.tableId), false);
    });
    // A tournament game of theirs is dealt: to its table, wherever they are on the site (as from a
    // queue's match); but not away from a live game of their own under way, which going would leave
    // (a stand-in, a loss if rated): its tournament page has the link.
    client.on('tournament:dealt', (m) => {
      const at = this.state.table;
      const playingLive = at !== null && at.seat !== null && at.summary.phase === 'playing' && !isCorrespondence(at.summary.turnSeconds);
      if (!playingLive) following.follow(tableId(m.tableId), false);
    });
    client.on('refused', (problem) => {
      // Joins answer through their acks; every other refusal is said on the status line.
      if (problem.event !== 'table:join' && problem.event !== 'lobby:playNow' && problem.event !== 'table:leave') this.set({ notice: noticeOf(problem) });
    });
  }

  #onConnect(): void {
    this.#everConnected = true;
    // The name is the server's from this connection on (a rename reconnects with the new token).
    this.set({ link: 'online', name: this.#identity.guest?.name ?? null, ...(this.state.notice?.code === ErrorCode.tooManySockets ? { notice: null } : {}) });
    this.#following.rejoin();
    this.#identity.reached();
    this.#queue.rejoin();
    this.#openTables.rejoin();
  }

  #connectError(code: string | undefined): void {
    if (isVoidToken(code)) {
      // The server's secrets changed, the pass was unused past its expiry, or its account was deleted (on
      // another device): it is void. A new guest, same name.
      const renaming = this.#identity.renew();
      if (renaming !== null) void renaming.then(() => this.#socket.connect());
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

  /** How many seats a setup's table has; null (and the notice says why) when it cannot be made here. */
  #check(setup: GameSetup): number | null {
    let problem: Notice | null = null;
    const rules = resolveRules(setup.rules);
    if (this.#identity.guest === null) problem = NO_NAME();
    else if (!rules.ok) problem = noticeOf({ code: ErrorCode.badRules, message: rules.error.message });
    if (problem !== null || !rules.ok) {
      this.set({ notice: problem });
      return null;
    }
    return rules.value.players;
  }

  async #create(setup: GameSetup, listed: boolean): Promise<void> {
    const players = this.#check(setup);
    const guest = this.#identity.guest;
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
    this.#following.invited(id, created.value.inviteUrl);
    this.#following.follow(id, false);
  }

  /** One step: a new table with computer players in every other seat, dealt at once. */
  #playNow(setup: GameSetup): void {
    const players = this.#check(setup);
    if (players === null) return;
    if (setup.bots !== players - 1) {
      return this.set({ notice: { code: WebCode.setupSeats, message: t('notice.playNowSeats', { count: players - 1 }) } });
    }
    // Already on the way to a table whose first state has not come: one click, one table.
    if (this.#following.arriving) return;
    this.#following.followUnknown();
    const message = { rules: setup.rules, level: setup.level, ...(setup.turnSeconds === null ? {} : { turnSeconds: setup.turnSeconds }) };
    this.#link.ordered('lobby:playNow', message, (reply) => this.#following.joined(reply));
  }

  #joinCode(text: string): void {
    if (!isTableCode(text)) {
      return this.set({ notice: { code: WebCode.badCode, message: t('notice.badCode') } });
    }
    this.#following.followUnknown();
    this.#link.ordered('table:join', { code: normalizeTableCode(text) }, (reply) => this.#following.joined(reply));
  }

  #move(move: Move): void {
    const table = this.state.table;
    const id = this.#following.id;
    if (table === null || id === null) return this.set({ notice: NOT_AT_TABLE() });
    if (table.seat === null) return this.set({ notice: noticeOf({ code: ErrorCode.notSeated, message: '' }) });
    if (this.state.sending) return;
    if (!this.#link.connected) return this.set({ notice: NOT_CONNECTED() });
    this.set({ sending: true });
    // The ack comes after the state the move made, so the screen never shows the old position as playable.
    // A store that cannot be reached for a moment (`server/busy`) does not lose the player's move: it is
    // sent again, on the same version, when the server says; a table that moved meanwhile refuses it as stale.
    this.#link.request('game:action', { tableId: id, version: this.#following.version(id), action: move }, () => this.set({ sending: false }), { retryBusy: true });
  }

  /** A quick reaction: the table hears it back as `table:reaction`, this client too; a refusal (too many) is the notice. */
  #react(reaction: ReactionKey): void {
    const id = this.#following.id;
    if (this.state.table === null || id === null) return this.set({ notice: NOT_AT_TABLE() });
    if (this.state.table.seat === null) return this.set({ notice: noticeOf({ code: ErrorCode.notSeated, message: '' }) });
    this.#link.request('table:react', { tableId: id, reaction });
  }

  #tableRequest<E extends 'table:seat' | 'table:settings' | 'table:start' | 'table:rematch' | 'table:rematchAnswer'>(
    event: E,
    message: (tableId: TableId) => ClientMessage<E>,
  ): void {
    const id = this.#following.id;
    if (id === null) return this.set({ notice: NOT_AT_TABLE() });
    this.#link.request(event, message(id));
  }
}
