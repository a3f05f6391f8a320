import type { ClientEvent, ClientMessage, ClientResults, Reply } from '@fives/protocol';
import { type Answer, type ProtocolClient, type RequestOptions, isLinkProblem } from '@fives/protocol/client';
import { NOT_CONNECTED } from './notices.ts';
import type { StatePort } from './port.ts';

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

/** What the online connection's collaborators send through: the server link, or a test's stand-in. */
export interface Link {
  readonly connected: boolean;
  /** Connects (again, with the token read afresh) now if up, else when it can. */
  reconnect(): void;
  /** Connects if not connected (a table followed before the link was up). */
  connect(): void;
  /** `request`, once every earlier ordered message has its answer (joins, leaves and queue messages). */
  ordered<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): void;
  /** Sends a client event; the player's own, accepted, clears the notice (a refused one sets it, from `refused`). */
  request<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void, options?: RequestOptions): void;
}

/**
 * Requests to the server over the protocol client, and what every one of them does alike: not
 * sent while the link is down (the notice says so), no answer when the link drops (the next
 * connection joins again), and the notice cleared when the player's own request is accepted.
 */
export class ServerLink implements Link {
  readonly #client: ProtocolClient;
  readonly #port: StatePort;

  constructor(client: ProtocolClient, port: StatePort) {
    this.#client = client;
    this.#port = port;
  }

  get connected(): boolean {
    return this.#client.connected;
  }

  reconnect(): void {
    if (this.#client.connected) this.#client.reconnectNow();
    else this.#client.connect();
  }

  connect(): void {
    this.#client.connect();
  }

  ordered<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    if (!this.#client.connected) return this.#port.set({ notice: NOT_CONNECTED() });
    void this.#client.ordered(event, message).then((answer) => this.#answered(event, answer, then));
  }

  request<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void, options?: RequestOptions): void {
    if (!this.#client.connected) return this.#port.set({ notice: NOT_CONNECTED() });
    void this.#client.request(event, message, options).then((answer) => this.#answered(event, answer, then));
  }

  #answered<E extends ClientEvent>(event: E, answer: Answer<ClientResults[E]>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    // No answer (the connection dropped): the next connection joins again; nothing to say here.
    if (!answer.ok && isLinkProblem(answer.error)) return;
    const reply = answer as Reply<ClientResults[E]>;
    if (reply.ok && this.#port.state.notice !== null && CLEARS_NOTICE.has(event)) this.#port.set({ notice: null });
    then?.(reply);
  }
}
