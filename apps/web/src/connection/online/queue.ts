import type { Preset } from '@fives/engine';
import type { QueueStatus } from '@fives/protocol';
import { queueBanOf, queueOf, yourRating } from '../wire.ts';
import type { Identity } from './identity.ts';
import type { Link } from './link.ts';
import { NO_NAME } from './notices.ts';
import type { StatePort } from './port.ts';

interface Waiting {
  readonly players: 2 | 3 | 4;
  readonly preset: Preset;
  /** This player's rating in the queue, as its last ack said. */
  rating: string | null;
}

/** The random-opponent queue this player waits in: joined again after a reconnection, until matched or left. */
export class Queue {
  readonly #link: Link;
  readonly #port: StatePort;
  readonly #identity: Identity;
  readonly #now: () => number;
  #waiting: Waiting | null = null;

  constructor(link: Link, port: StatePort, identity: Identity, now: () => number) {
    this.#link = link;
    this.#port = port;
    this.#identity = identity;
    this.#now = now;
  }

  join(players: 2 | 3 | 4, preset: Preset): void {
    if (this.#identity.guest === null) return this.#port.set({ notice: NO_NAME() });
    // Joining the same queue again (after a reconnection) shows the rating it had until the ack says it afresh.
    const same = this.#waiting?.players === players && this.#waiting.preset === preset;
    const wanted: Waiting = { players, preset, rating: same ? (this.#waiting?.rating ?? null) : null };
    this.#waiting = wanted;
    this.#link.ordered('queue:join', { rules: { preset, players } }, (reply) => {
      if (!reply.ok) {
        this.#waiting = null;
        return this.#port.set({ queue: null, queueBan: queueBanOf(reply.error, this.#now()) });
      }
      // Left, or another join since: that one's ack speaks for it.
      if (this.#waiting !== wanted) return;
      wanted.rating = yourRating(reply.data);
      this.#port.set({ queue: queueOf(reply.data, this.#now(), wanted.rating), queueBan: null });
    });
  }

  /** Connected (again): the queue waited in is joined afresh. */
  rejoin(): void {
    if (this.#waiting !== null) this.join(this.#waiting.players, this.#waiting.preset);
  }

  leave(): void {
    this.#waiting = null;
    this.#port.set({ queue: null });
    if (this.#link.connected) this.#link.ordered('queue:leave', {});
  }

  /** `queue:status`: how many wait, and how long, now. */
  status(q: QueueStatus): void {
    if (this.#waiting !== null) this.#port.set({ queue: queueOf(q, this.#now(), this.#waiting.rating) });
  }

  /** `queue:matched`: no longer waiting; the table is the connection's to follow. */
  matched(): void {
    this.#waiting = null;
    this.#port.set({ queue: null });
  }
}
