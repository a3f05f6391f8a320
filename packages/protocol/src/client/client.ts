import type { Socket } from 'socket.io-client';
import { ErrorCode } from '../error-codes.ts';
import type { Problem } from '../errors.ts';
import type { ClientEvent, ClientMessage, ClientResults, ClientToServerEvents, Reply, ServerToClientEvents } from '../messages.ts';
import { type Answer, LinkErrorCode, linkProblem } from './problems.ts';

/** A socket.io-client socket speaking this protocol (made by the caller: `io(url, options)`). */
export type ProtocolSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What happens to the connection, for a client's display or log. */
export type LinkEvent =
  | { readonly type: 'connected'; readonly first: boolean }
  | { readonly type: 'disconnected'; readonly reason: string }
  | { readonly type: 'reconnected'; readonly attempts: number }
  | { readonly type: 'draining' }
  | { readonly type: 'connectError'; readonly error: Error; readonly problem: Partial<Problem> | null }
  | { readonly type: 'retrying'; readonly problem: Problem; readonly afterMs: number };

export interface ProtocolClientOptions {
  /**
   * Come back by itself (default true): at once when a draining node says so, after
   * `retryAfterMs` when a handshake is refused with `server/busy` or `connection/too_many`, and
   * when the server closed the connection (socket.io only retries the drops it did not hear about).
   */
  readonly reconnect?: boolean;
  /** How long a request waits for its answer (default 10 s): then it is a `link/timeout`. */
  readonly timeoutMs?: number;
  /** How long to wait before asking again when `server/busy` says no `retryAfterMs` (default 1 s). */
  readonly busyRetryMs?: number;
}

export interface RequestOptions {
  readonly timeoutMs?: number;
  /** A `server/busy` refusal is asked again after its `retryAfterMs`, while connected (default false). */
  readonly retryBusy?: boolean;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_BUSY_RETRY_MS = 1000;

type Emit = (event: ClientEvent, message: unknown, ack?: (reply: Reply<unknown>) => void) => void;
type On = (event: string, listener: (...args: never[]) => void) => void;

/**
 * One connection to the game server as every client uses it (docs/protocol.md): acknowledged
 * requests that always settle (the reply, or a `LinkProblem` when the link failed them),
 * requests in order, `server/busy` asked again when the server says, and a connection that
 * comes back from a draining or restarting node by itself. Which tables to join again after a
 * reconnection is the caller's to say, on `connected`.
 */
export class ProtocolClient {
  readonly socket: ProtocolSocket;
  readonly #reconnect: boolean;
  readonly #timeoutMs: number;
  readonly #busyRetryMs: number;
  readonly #links = new Set<(event: LinkEvent) => void>();
  /** Requests waiting for their answer: a dropped connection settles them, since none will come. */
  readonly #pending = new Set<() => void>();
  /** Waits before asking again: closing ends them, so every request still settles. */
  readonly #sleeping = new Set<() => void>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  /**
   * Ordered requests go one after another: the server handles a socket's messages side by side,
   * and a leave overtaken by the next join would undo it.
   */
  #inOrder: Promise<unknown> = Promise.resolve();
  #everConnected = false;
  #closed = false;

  constructor(socket: ProtocolSocket, options: ProtocolClientOptions = {}) {
    this.socket = socket;
    this.#reconnect = options.reconnect ?? true;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.#busyRetryMs = options.busyRetryMs ?? DEFAULT_BUSY_RETRY_MS;
    this.#listen();
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Listens to a server event, typed by the protocol; returns the way to stop. */
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): () => void {
    const on = this.socket.on.bind(this.socket) as unknown as On;
    on(event, listener);
    return () => {
      (this.socket.off.bind(this.socket) as unknown as On)(event, listener);
    };
  }

  /** Listens to the connection's life; returns the way to stop. */
  onLink(listener: (event: LinkEvent) => void): () => void {
    this.#links.add(listener);
    return () => this.#links.delete(listener);
  }

  /** Sends a request and resolves to its answer; it always settles. */
  async request<E extends ClientEvent>(event: E, message: ClientMessage<E>, options: RequestOptions = {}): Promise<Answer<ClientResults[E]>> {
    for (;;) {
      const answer = await this.#once<ClientResults[E]>(event, message, options.timeoutMs ?? this.#timeoutMs);
      if (answer.ok || options.retryBusy !== true || answer.error.code !== ErrorCode.busy) return answer;
      const problem = answer.error;
      const afterMs = this.retryAfter(problem);
      this.#link({ type: 'retrying', problem, afterMs });
      await this.#sleep(afterMs);
      // Gone meanwhile: the next connection's `connected` asks afresh.
      if (this.#closed || !this.socket.connected) return { ok: false, error: linkProblem(LinkErrorCode.notConnected, event) };
    }
  }

  /** `request`, once every earlier ordered request has its answer (a dropped connection starts the order afresh). */
  ordered<E extends ClientEvent>(event: E, message: ClientMessage<E>, options: RequestOptions = {}): Promise<Answer<ClientResults[E]>> {
    const answer = this.#inOrder.then(() => this.request(event, message, options));
    this.#inOrder = answer;
    return answer;
  }

  /** Sends without waiting for an answer (a refusal still comes as `refused`). */
  send<E extends ClientEvent>(event: E, message: ClientMessage<E>): void {
    (this.socket.emit.bind(this.socket) as unknown as Emit)(event, message);
  }

  /** How long to wait before asking again after `problem`: what the server said, else the default. */
  retryAfter(problem: Pick<Problem, 'retryAfterMs'>): number {
    return problem.retryAfterMs ?? this.#busyRetryMs;
  }

  /** Connects (again) unless connected or on the way. */
  connect(): void {
    if (!this.socket.connected && !this.socket.active) this.socket.connect();
  }

  /** Connects again at once, e.g. with a new token read by the handshake's `auth`. */
  reconnectNow(): void {
    this.socket.disconnect().connect();
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    this.socket.close();
    this.#failPending();
    const sleeping = [...this.#sleeping];
    this.#sleeping.clear();
    for (const wake of sleeping) wake();
  }

  #listen(): void {
    const socket = this.socket;
    socket.on('connect', () => {
      const first = !this.#everConnected;
      this.#everConnected = true;
      this.#link({ type: 'connected', first });
    });
    socket.on('disconnect', (reason) => {
      // Answers to what was on its way will not come: settle them and start the order afresh.
      this.#failPending();
      this.#inOrder = Promise.resolve();
      this.#link({ type: 'disconnected', reason });
      // The server closed this socket (a node stopping): socket.io does not come back from that by itself.
      if (this.#reconnect && reason === 'io server disconnect' && !this.#closed) socket.connect();
    });
    socket.on('connect_error', (error: Error & { data?: Partial<Problem> }) => {
      const problem = error.data ?? null;
      this.#link({ type: 'connectError', error, problem });
      // A draining node refuses new connections, and socket.io does not retry a refusal: try again
      // when it says (through a load balancer, another node). So with an address that holds as many
      // sockets as it may: one may close meanwhile, or a dead node's count of them expire.
      if (this.#reconnect && (problem?.code === ErrorCode.busy || problem?.code === ErrorCode.tooManySockets)) {
        this.#later(this.retryAfter(problem), () => {
          if (!this.#closed) this.connect();
        });
      }
    });
    socket.on('server:draining', () => {
      this.#link({ type: 'draining' });
      // This node is shutting down: connect again now (through a load balancer, to another node).
      if (this.#reconnect && !this.#closed) this.reconnectNow();
    });
    socket.io.on('reconnect', (attempts) => this.#link({ type: 'reconnected', attempts }));
  }

  #once<T>(event: ClientEvent, message: unknown, timeoutMs: number): Promise<Answer<T>> {
    if (this.#closed || !this.socket.connected) return Promise.resolve({ ok: false, error: linkProblem(LinkErrorCode.notConnected, event) });
    return new Promise<Answer<T>>((resolve) => {
      let settled = false;
      const settle = (answer: Answer<T>): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.#timers.delete(timer);
        this.#pending.delete(fail);
        resolve(answer);
      };
      const fail = (): void => settle({ ok: false, error: linkProblem(LinkErrorCode.notConnected, event) });
      const timer = setTimeout(() => settle({ ok: false, error: linkProblem(LinkErrorCode.timeout, event) }), timeoutMs);
      this.#timers.add(timer);
      this.#pending.add(fail);
      (this.socket.emit.bind(this.socket) as unknown as Emit)(event, message, (reply) => settle(reply as Reply<T>));
    });
  }

  #failPending(): void {
    const pending = [...this.#pending];
    this.#pending.clear();
    for (const fail of pending) fail();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        this.#sleeping.delete(wake);
        resolve();
      };
      this.#sleeping.add(wake);
      this.#later(ms, wake);
    });
  }

  #later(ms: number, then: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      then();
    }, ms);
    this.#timers.add(timer);
  }

  #link(event: LinkEvent): void {
    for (const l of this.#links) l(event);
  }
}

/** Whether a failed answer is the link's (no answer came) rather than the server's refusal. */
export function isLinkProblem(problem: { readonly code: string }): boolean {
  return problem.code === LinkErrorCode.notConnected || problem.code === LinkErrorCode.timeout;
}
