import Fastify from 'fastify';
import { type Socket, io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createSocketServer } from '../../src/sockets/plugin.ts';
import type { GameServer } from '../../src/sockets/types.ts';

/**
 * `sockets/coalesce.ts`: what a connection is sent in one turn of the event loop leaves in one
 * flush (one write), in the order it was sent. engine.io's own flush sent the first message at
 * once and held the others until that write was done: two flushes for a move's state and ack.
 */
describe('one write per connection per turn', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function serve(): Promise<{ io: GameServer; url: string }> {
    const app = Fastify();
    const io = createSocketServer(app);
    closers.push(() => app.close());
    closers.push(async () => {
      await io.close();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return { io, url: `http://127.0.0.1:${address.port}` };
  }

  async function client(url: string, transports: ('websocket' | 'polling')[]): Promise<{ socket: Socket; heard: string[] }> {
    const socket = connect(url, { transports, forceNew: true, reconnection: false });
    closers.push(async () => {
      socket.close();
    });
    const heard: string[] = [];
    socket.onAny((event: string, payload: { n: number }) => heard.push(`${event}:${payload.n}`));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, heard };
  }

  /** Each flush of the engine: how many packets it carried (the first flushes: the handshake). */
  function flushes(io: GameServer): number[] {
    const sizes: number[] = [];
    io.engine.on('flush', (_socket: unknown, buffer: unknown[]) => sizes.push(buffer.length));
    return sizes;
  }

  for (const transports of [['websocket'], ['polling']] as const) {
    it(`sends three messages of one turn in one flush, in order (${transports[0]})`, async () => {
      const { io, url } = await serve();
      const { heard } = await client(url, [...transports]);
      const sizes = flushes(io);
      const server = await only(io);
      // One turn: the state, its ack-like answer, then a third, as a move sends them.
      server.emit('table:state', { n: 1 });
      server.emit('table:timeout', { n: 2 });
      server.emit('table:reaction', { n: 3 });
      await until(() => heard.length === 3);
      expect(heard).toEqual(['table:state:1', 'table:timeout:2', 'table:reaction:3']);
      expect(sizes).toEqual([3]);
    });
  }

  it('still sends a message of a later turn on its own, and closes after what was sent', async () => {
    const { io, url } = await serve();
    const { socket, heard } = await client(url, ['websocket']);
    const sizes = flushes(io);
    const server = await only(io);
    server.emit('table:state', { n: 1 });
    await until(() => heard.length === 1);
    server.emit('table:state', { n: 2 });
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    server.disconnect(true);
    expect(await gone).toBe('io server disconnect');
    expect(heard).toEqual(['table:state:1', 'table:state:2']);
    // The second turn's message and the disconnection packet went together.
    expect(sizes).toEqual([1, 2]);
  });
});

/** The one connection, as a socket that may be sent any event (the test's own, not the protocol's). */
async function only(io: GameServer): Promise<{ emit(event: string, payload: unknown): boolean; disconnect(close: boolean): void }> {
  const [socket] = await io.fetchSockets();
  if (socket === undefined) throw new Error('no connection');
  return socket;
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!done()) throw new Error('not heard in 5 s');
}
