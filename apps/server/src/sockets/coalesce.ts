import type { GameServer } from './types.ts';

/** The parts of engine.io's socket this file reaches into (not in its typings). */
interface Flushing {
  flush(): void;
  readonly transport: { readonly name: string; readonly socket?: { readonly _socket?: { cork(): void; uncork(): void } } };
}

/**
 * One write to the network per connection per turn of the event loop, instead of one per
 * message. A move sends a person two messages at once: the table's new state (the broadcast)
 * and the answer to their `game:action` (the ack). engine.io flushes each the moment it is
 * queued, and while the first write is under way it holds the second until that write's
 * callback (its transport is "not writable"): two system calls, a turn apart. Measured under
 * the load test, a WebSocket write was about a tenth of the node's CPU
 * (docs/performance.md, "The move path"). Here a connection's flush waits for the end of the
 * turn (`setImmediate`), so everything queued in the turn goes to the transport together, and
 * the WebSocket's TCP socket is corked around it, so its frames leave in one `writev`.
 * The order of messages is engine.io's own (its write buffer); only when they leave changes.
 */
export function coalesceWrites(io: GameServer): void {
  io.engine.on('connection', (socket: unknown) => {
    const conn = socket as Flushing;
    const flushNow = conn.flush.bind(conn);
    let pending = false;
    const flushQueued = () => {
      pending = false;
      // The TCP socket under the WebSocket (ws's `_socket`); a long-polling transport has none.
      const tcp = conn.transport.name === 'websocket' ? conn.transport.socket?._socket : undefined;
      tcp?.cork();
      flushNow();
      tcp?.uncork();
    };
    conn.flush = () => {
      if (pending) return;
      pending = true;
      setImmediate(flushQueued);
    };
  });
}
