import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LinkEvent, LinkErrorCode, ProtocolClient, TableVersions } from '@fives/protocol/client';
import type { TableState } from '@fives/protocol';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { Balancer } from '../support/balancer.ts';
import { createTable, guest } from '../support/client.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { type TestServer, startNodes, startServer } from '../support/server.ts';
import { until } from '../support/until.ts';

/** The protocol client (@fives/protocol/client) against real servers: what every client relies on. */
describe('ProtocolClient', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  function client(url: string, token: string | null, options: ConstructorParameters<typeof ProtocolClient>[1] = {}): { c: ProtocolClient; links: LinkEvent[] } {
    const socket = io(url, { auth: token === null ? {} : { token }, transports: ['websocket'], forceNew: true, reconnectionDelay: 50, reconnectionDelayMax: 200 });
    const c = new ProtocolClient(socket, options);
    const links: LinkEvent[] = [];
    c.onLink((e) => links.push(e));
    cleanup.push(() => c.close());
    return { c, links };
  }

  /** Resolves at the first link event that passes `test`. */
  function linkEvent(c: ProtocolClient, test: (e: LinkEvent) => boolean): Promise<LinkEvent> {
    return new Promise((resolve) => {
      const stop = c.onLink((e) => {
        if (!test(e)) return;
        stop();
        resolve(e);
      });
    });
  }
  const connected = (c: ProtocolClient): Promise<LinkEvent> => linkEvent(c, (e) => e.type === 'connected');

  async function server(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
    const s = await startServer(options);
    cleanup.push(() => s.close());
    return s;
  }

  it('answers requests, typed, in the order they were asked; a request while not connected settles at once with link/down', async () => {
    const s = await server();
    const me = await guest(s.url, 'Ann');
    const { tableId } = await createTable(s.url, me.token, { players: 2 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }]);
    const { c } = client(s.url, me.token);
    const offline = await c.request('table:join', { tableId });
    expect(offline).toEqual({ ok: false, error: { code: LinkErrorCode.notConnected, event: 'table:join', message: expect.any(String) } });
    await connected(c);

    const order: string[] = [];
    const asked = [
      c.ordered('table:join', { tableId }).then((r) => order.push(`join ${r.ok}`)),
      c.ordered('table:leave', { tableId }).then((r) => order.push(`leave ${r.ok}`)),
      c.ordered('table:join', { tableId }).then((r) => order.push(`join ${r.ok}`)),
    ];
    await Promise.all(asked);
    expect(order).toEqual(['join true', 'leave true', 'join true']);
    const refused = await c.request('table:start', { tableId: 'zzzzzzzzzzzz' });
    expect(refused.ok ? null : refused.error.code).toBe('table/not_found');
  });

  it('a request the server never answers settles with link/timeout', async () => {
    // A bare Socket.IO server that takes the message and never acknowledges it.
    const http = createServer();
    const silent = new Server(http);
    silent.on('connection', (socket) => socket.on('table:join', () => undefined));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => void silent.close(() => resolve())));
    const { c } = client(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, null, { timeoutMs: 100 });
    await connected(c);
    const answer = await c.request('table:join', { tableId: 'abcdefgh' });
    expect(answer.ok ? null : answer.error.code).toBe(LinkErrorCode.timeout);
  });

  it('a request whose connection drops before the answer settles with link/down, and the order starts afresh', async () => {
    // A bare Socket.IO server that closes the connection on a join instead of answering it.
    const http = createServer();
    const closing = new Server(http);
    closing.on('connection', (socket) => {
      socket.on('table:join', () => socket.disconnect(true));
      socket.on('queue:leave', (_m: unknown, ack: (r: unknown) => void) => ack({ ok: true, data: { left: false } }));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => void closing.close(() => resolve())));
    const { c } = client(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, null, { reconnect: false });
    await connected(c);
    const dropped = c.ordered('table:join', { tableId: 'abcdefgh' });
    const after = c.ordered('queue:leave', {});
    expect(await dropped).toMatchObject({ ok: false, error: { code: LinkErrorCode.notConnected, event: 'table:join' } });
    expect(await after).toMatchObject({ ok: false, error: { code: LinkErrorCode.notConnected } });
  });

  it('asks again after retryAfterMs when the server is busy, and gets the answer once the store is back', async () => {
    const s = await server({ store: new MemoryTableStore(), storeProbeMs: 3_600_000 });
    const me = await guest(s.url, 'Ben');
    const { tableId } = await createTable(s.url, me.token, { players: 2 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }]);
    await s.app.monitor.probe();
    s.app.monitor.failed();
    const { c, links } = client(s.url, me.token, { busyRetryMs: 5000 });
    await connected(c);
    // Without retryBusy the refusal is the answer.
    const once = await c.request('table:join', { tableId });
    expect(once.ok ? null : once.error.code).toBe('server/busy');
    // The store comes back while the client waits to ask again.
    void linkEvent(c, (e) => e.type === 'retrying').then(() => s.app.monitor.probe());
    const joined = await c.request('table:join', { tableId }, { retryBusy: true });
    expect(joined.ok && joined.data.seat).toBe(0);
    const retried = links.filter((e) => e.type === 'retrying');
    expect(retried).toHaveLength(1);
    // The server's retryAfterMs, not the client's default.
    expect(retried[0]).toMatchObject({ problem: { code: 'server/busy', event: 'table:join', retryAfterMs: 2000 }, afterMs: 2000 });
  });

  it('connects again by itself when the server closes the connection', async () => {
    const s = await server();
    const { c, links } = client(s.url, null);
    await connected(c);
    const back = linkEvent(c, (e) => e.type === 'connected' && !e.first);
    s.app.io.disconnectSockets(true);
    await back;
    expect(links.map((e) => e.type)).toEqual(['connected', 'disconnected', 'connected']);
    expect(links[1]).toEqual({ type: 'disconnected', reason: 'io server disconnect' });
    expect(c.connected).toBe(true);
  });

  it('an address at its cap of open sockets: the refused client tries again after retryAfterMs, and is let in once a place is free', async () => {
    const s = await server({ limits: { addressSockets: 1 } });
    const first = client(s.url, null);
    await connected(first.c);
    const { c, links } = client(s.url, null);
    const refused = await linkEvent(c, (e) => e.type === 'connectError');
    expect(refused).toMatchObject({ problem: { code: 'connection/too_many', retryAfterMs: expect.any(Number) } });
    first.c.close();
    await connected(c);
    expect(links.filter((e) => e.type === 'connectError').length).toBeGreaterThanOrEqual(1);
    expect(c.connected).toBe(true);
  });

  it('a draining node: the client moves to another node at once, through the balancer, and its table goes on there', async () => {
    const { nodes, close } = await startNodes(2, { drainMs: 2000 });
    cleanup.push(close);
    const lb = await Balancer.start(nodes.map((n) => ({ url: n.url, port: Number(new URL(n.url).port) })));
    cleanup.push(() => lb.close());
    const me = await guest(nodes[1]!.url, 'Cy');
    const { tableId } = await createTable(nodes[1]!.url, me.token, { players: 2 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }]);
    const { c, links } = client(lb.url, me.token);
    const states: TableState[] = [];
    c.on('table:state', (st) => states.push(st));
    c.onLink((e) => {
      if (e.type === 'connected') void c.ordered('table:join', { tableId });
    });
    await connected(c);
    // Round robin: the first connection went to node 0.
    expect(lb.routed).toEqual([1, 0]);
    const moved = linkEvent(c, (e) => e.type === 'connected' && !e.first);
    const closing = nodes[0]!.app.close();
    await moved;
    await closing;
    expect(links.some((e) => e.type === 'draining')).toBe(true);
    expect(lb.routed[1]).toBeGreaterThanOrEqual(1);
    const started = await c.request('table:start', { tableId });
    expect(started.ok).toBe(true);
    await until('the table is being played', () => states.some((st) => st.table.phase === 'playing'), 500, 10);
  }, 30_000);

  it('version tracking: a state sent again (a join, a node back from Redis) is the same, an older one is older, only a newer one applies', async () => {
    const s = await server();
    const me = await guest(s.url, 'Di');
    const { tableId } = await createTable(s.url, me.token, { players: 2 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }]);
    const { c } = client(s.url, me.token);
    const versions = new TableVersions();
    const seen: string[] = [];
    const states: TableState[] = [];
    c.on('table:state', (st) => {
      states.push(st);
      seen.push(versions.observe(st));
    });
    await connected(c);
    const first = await c.request('table:join', { tableId });
    expect(first.ok).toBe(true);
    await until('the first state is seen', () => seen.length === 1, 500, 10);
    // Joined again: the server sends the current state once more.
    await c.request('table:join', { tableId });
    await until('the second state is seen', () => seen.length === 2, 500, 10);
    expect(seen).toEqual(['newer', 'same']);
    const started = await c.request('table:start', { tableId });
    await until('the started version arrives', () => states.some((st) => started.ok && st.version >= started.data.version), 500, 10);
    expect(seen.slice(2).every((f) => f === 'newer')).toBe(true);
    expect(versions.observe(states[0]!)).toBe('older');
    expect(versions.applied(tableId)).toBe(Math.max(...states.map((st) => st.version)));
    versions.forget(tableId);
    expect(versions.observe(states[0]!)).toBe('newer');
  });
});
