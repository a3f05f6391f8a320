import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { GameServer } from './types.ts';

/**
 * The Socket.IO Redis adapter: a broadcast to a room reaches the sockets of that room on every
 * node, so players of one table may sit on different nodes. Its own two connections (a
 * subscriber cannot send commands), its channel under the store's prefix.
 */
export async function attachRedisAdapter(io: GameServer, url: string, prefix: string): Promise<{ close(): Promise<void> }> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // Errors while Redis is away are the store's to report; the clients reconnect by themselves.
  pub.on('error', () => {});
  sub.on('error', () => {});
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: `${prefix}io` }));
  return {
    async close() {
      // The subscriber first: a closing node stops hearing the others' requests before it loses
      // the connection it would answer them on (else: unhandled rejections).
      if (sub.isOpen) await sub.close();
      if (pub.isOpen) await pub.close();
    },
  };
}
