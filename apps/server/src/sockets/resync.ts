import type { FastifyBaseLogger } from 'fastify';
import type { TableId } from '@fives/protocol';
import { summarize, type TableDoc, tableState } from '@fives/table';
import { seatRoom, watchRoom } from './rooms.ts';
import type { ClientSocket, GameServer } from './types.ts';

export interface ResyncOptions {
  readonly load: (id: TableId) => Promise<TableDoc | null>;
  /**
   * Says again that this node holds connections at the table (`TableStore.reachHere`), before
   * reading it: a failover may have lost the first time, and the other nodes would then keep
   * the table's changes to themselves.
   */
  readonly reachHere?: (id: TableId) => Promise<void>;
  readonly now: () => number;
  readonly log: FastifyBaseLogger;
  /** Tries when the store does not answer yet (it may come back a moment after the adapter). */
  readonly tries?: number;
  readonly retryMs?: number;
}

/**
 * Sends this node's own sockets the current state of the table each follows, read from the
 * store: what a node does when its store or its adapter subscriber has reconnected to Redis.
 * While Redis was away (or before the subscriber had subscribed again) another node's broadcast
 * may not have reached this node, and a player who never saw the state that makes it their turn
 * waits for ever on a table without a turn timer. Each socket gets its own seat's view
 * (`tableState`); a state a client already has is ignored by it (a stale or equal version).
 *
 * One round at a time: a call made during a round runs one more round after it, so a reconnection
 * is always followed by a read made after it.
 */
export class StateResync {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly io: GameServer,
    private readonly o: ResyncOptions,
  ) {}

  /** Resolves once a round that started after this call has run. */
  resend(): Promise<void> {
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = this.rounds().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      await this.round();
      // Set by resend() while the round awaited, which TypeScript's narrowing from `= false` does not see.
    } while (this.again as boolean);
  }

  private async round(): Promise<void> {
    const byTable = new Map<TableId, ClientSocket[]>();
    for (const s of this.io.of('/').sockets.values()) {
      const socket = s as ClientSocket;
      const at = socket.data.table;
      if (at === null) continue;
      const list = byTable.get(at.id);
      if (list === undefined) byTable.set(at.id, [socket]);
      else list.push(socket);
    }
    if (byTable.size === 0) return;
    const tries = this.o.tries ?? 10;
    let sent = 0;
    for (const [id, sockets] of byTable) {
      const doc = await this.loadWithRetries(id, tries);
      if (doc === undefined) {
        // The store is still away: its own reconnection starts the next round.
        this.o.log.warn({ tables: byTable.size, sent }, 'reconnected to Redis, but the store does not answer yet: states are sent when it does');
        return;
      }
      if (doc === null) continue;
      const summary = summarize(doc, this.o.now());
      for (const socket of sockets) {
        const at = socket.data.table;
        // Still at this table, and still holding its seat (not taken over by another connection).
        if (at === null || at.id !== id || !socket.rooms.has(at.seat === null ? watchRoom(id) : seatRoom(id, at.seat))) continue;
        socket.emit('table:state', tableState(doc, at.seat, summary));
        sent++;
      }
    }
    this.o.log.info({ tables: byTable.size, sent }, 'reconnected to Redis: sent every table this node holds its current state');
  }

  /** The table, or undefined when the store did not answer in `tries` tries. */
  private async loadWithRetries(id: TableId, tries: number): Promise<TableDoc | null | undefined> {
    for (let i = 0; i < tries; i++) {
      try {
        await this.o.reachHere?.(id);
        return await this.o.load(id);
      } catch {
        if (i + 1 < tries) await new Promise((resolve) => setTimeout(resolve, this.o.retryMs ?? 300));
      }
    }
    return undefined;
  }
}
