import type { OpenTables as WireOpenTables } from '@fives/protocol';
import { openTableOf } from '../wire.ts';
import type { Link } from './link.ts';
import type { StatePort } from './port.ts';

/** The lobby's list of open tables, followed while it shows: asked for again after a reconnection. */
export class OpenTables {
  readonly #link: Link;
  readonly #port: StatePort;
  #watching = false;

  constructor(link: Link, port: StatePort) {
    this.#link = link;
    this.#port = port;
  }

  watch(on: boolean): void {
    this.#watching = on;
    if (!on) this.#port.set({ openTables: [] });
    // Not connected: the connection's `connect` asks again.
    if (!this.#link.connected) return;
    this.#link.request('lobby:watch', { on }, (reply) => {
      if (reply.ok && this.#watching) this.#port.set({ openTables: reply.data.tables.map(openTableOf) });
    });
  }

  /** Connected (again): the list followed is asked for afresh. */
  rejoin(): void {
    if (this.#watching) this.watch(true);
  }

  /** `lobby:tables`: the list changed. */
  listed(m: WireOpenTables): void {
    if (this.#watching) this.#port.set({ openTables: m.tables.map(openTableOf) });
  }
}
