import type { Problem, Reply } from '@fives/protocol';
import pino from 'pino';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/defaults.ts';
import type { Limits } from '../../src/guard/limits.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { FakeClock } from '../support/clock.ts';
import { type TestServer, startNodes, startServer } from '../support/server.ts';

/** Every limit off but the ones a test sets. */
function only(limits: Partial<Limits>): Partial<Limits> {
  const off = { limit: 0, windowMs: 60_000 };
  return {
    connectionMessages: off,
    addressMessages: off,
    addressConnections: off,
    tables: off,
    queueJoins: off,
    guests: off,
    codeLookups: off,
    addressSockets: 0,
    idleMs: 0,
    floodDisconnect: DEFAULTS.limits.floodDisconnect,
    ...limits,
  };
}

function expectLimited(reply: Reply<unknown>): Problem {
  expect(reply.ok).toBe(false);
  if (reply.ok) throw new Error('unreachable');
  expect(reply.error.code).toBe('rate/limited');
  expect(reply.error.retryAfterMs).toBeGreaterThan(0);
  return reply.error;
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('rate limits', () => {
  let server: TestServer | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
    server = null;
  });

  it('per connection: a burst, then rate/limited with a retry-after (ack and refused event), then allowed again once it has passed', async () => {
    const clock = new FakeClock();
    server = await startServer({ now: clock.now, limits: only({ connectionMessages: { limit: 5, windowMs: 10_000 } }) });
    const c = await TestClient.connect(server.url, null);
    clients.push(c);
    const replies = [];
    for (let i = 0; i < 8; i++) replies.push(await c.request('lobby:watch', { on: false }));
    expect(replies.slice(0, 5).every((r) => r.ok)).toBe(true);
    for (const r of replies.slice(5)) expect(expectLimited(r).event).toBe('lobby:watch');
    expect(c.received.filter((r) => r.event === 'refused' && (r.payload as Problem).code === 'rate/limited')).toHaveLength(3);
    clock.advance(2_000);
    expect((await c.request('lobby:watch', { on: false })).ok).toBe(true);
    expectLimited(await c.request('lobby:watch', { on: false }));
    // Another connection has its own bucket.
    const other = await TestClient.connect(server.url, null);
    clients.push(other);
    expect((await other.request('lobby:watch', { on: false })).ok).toBe(true);
  });

  it('per address: counted in Redis, across server nodes', async () => {
    const cluster = await startNodes(2, { limits: only({ addressMessages: { limit: 6, windowMs: 60_000 } }) });
    try {
      const [a, b] = [await TestClient.connect(cluster.nodes[0]!.url, null), await TestClient.connect(cluster.nodes[1]!.url, null)];
      clients.push(a, b);
      const oks: boolean[] = [];
      for (let i = 0; i < 4; i++) oks.push((await a.request('lobby:watch', { on: false })).ok);
      for (let i = 0; i < 4; i++) oks.push((await b.request('lobby:watch', { on: false })).ok);
      expect(oks).toEqual([true, true, true, true, true, true, false, false]);
    } finally {
      for (const c of clients.splice(0)) c.close();
      await cluster.close();
    }
  });

  it('tables per address, over HTTP and play-now together: 429 with Retry-After, then rate/limited on the socket', async () => {
    server = await startServer({ limits: only({ tables: { limit: 2, windowMs: 600_000 } }) });
    const ada = await guest(server.url, 'Ada');
    const auth = { authorization: `Bearer ${ada.token}` };
    expect((await post(server.url, '/api/tables', { rules: { players: 2 } }, auth)).status).toBe(201);
    expect((await post(server.url, '/api/tables', { rules: { players: 2 } }, auth)).status).toBe(201);
    const third = await post(server.url, '/api/tables', { rules: { players: 2 } }, auth);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await third.json()) as { error: Problem }).error).toMatchObject({ code: 'rate/limited', retryAfterMs: expect.any(Number) });
    const c = await TestClient.connect(server.url, ada.token);
    clients.push(c);
    expectLimited(await c.request('lobby:playNow', { rules: { players: 2 } }));
    // Other messages are not limited by it.
    expect((await c.request('lobby:watch', { on: true })).ok).toBe(true);
  });

  it('queue joins and guests per address', async () => {
    server = await startServer({ limits: only({ queueJoins: { limit: 2, windowMs: 600_000 }, guests: { limit: 3, windowMs: 600_000 } }) });
    const ada = await guest(server.url, 'Ada');
    const c = await TestClient.connect(server.url, ada.token);
    clients.push(c);
    const rules = { rules: { players: 2 }, waitSeconds: 600 };
    expect((await c.request('queue:join', rules)).ok).toBe(true);
    expect((await c.request('queue:join', rules)).ok).toBe(true);
    expectLimited(await c.request('queue:join', rules));
    await guest(server.url, 'Bob');
    // A rename, with its token, makes no new guest: not counted (a newcomer's generated name is renamed at once).
    for (const name of ['Ada L', 'Ada Lovelace', 'Countess']) expect((await post(server.url, '/api/guests', { name, token: ada.token })).status).toBe(200);
    await guest(server.url, 'Cy');
    const fourth = await post(server.url, '/api/guests', { name: 'Dee' });
    expect(fourth.status).toBe(429);
    // Without a trusted proxy, a client cannot pick its own address.
    expect((await post(server.url, '/api/guests', { name: 'Eve' }, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
  });

  it('behind a trusted proxy, each forwarded address is counted on its own', async () => {
    server = await startServer({ trustedProxies: 1, limits: only({ guests: { limit: 1, windowMs: 600_000 } }) });
    expect((await post(server.url, '/api/guests', { name: 'A' }, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    expect((await post(server.url, '/api/guests', { name: 'B' }, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    expect((await post(server.url, '/api/guests', { name: 'C' }, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(429);
    // What the client wrote before the proxy's own entry is not believed.
    expect((await post(server.url, '/api/guests', { name: 'D' }, { 'x-forwarded-for': '198.51.100.7, 203.0.113.1' })).status).toBe(429);
  });

  it('connections per address: the handshake is refused with rate/limited', async () => {
    server = await startServer({ limits: only({ addressConnections: { limit: 2, windowMs: 60_000 } }) });
    clients.push(await TestClient.connect(server.url, null), await TestClient.connect(server.url, null));
    const socket = io(server.url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const error = await new Promise<Error & { data?: Problem }>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.data).toMatchObject({ code: 'rate/limited', retryAfterMs: expect.any(Number) });
  });

  it('an unknown event is answered once: on its ack, and as one refused event', async () => {
    server = await startServer({ limits: only({}) });
    const c = await TestClient.connect(server.url, null);
    clients.push(c);
    const reply = await c.request('table:destroy' as 'table:join', { tableId: 'abcdefgh' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'message/unknown_event', event: 'table:destroy' } });
    await c.request('lobby:watch', { on: false });
    expect(c.received.filter((r) => r.event === 'refused')).toHaveLength(1);
  });

  it('says "try again in N s" where N s is retryAfterMs (rounded up to whole seconds)', async () => {
    const clock = new FakeClock();
    // 7 per 3 s: a token comes back every 429 ms, which a message in whole seconds cannot say as it is.
    server = await startServer({ now: clock.now, limits: only({ connectionMessages: { limit: 7, windowMs: 3_000 } }) });
    const c = await TestClient.connect(server.url, null);
    clients.push(c);
    for (let i = 0; i < 7; i++) expect((await c.request('lobby:watch', { on: false })).ok).toBe(true);
    const p = expectLimited(await c.request('lobby:watch', { on: false }));
    expect(p.message).toMatch(/try again in \d+ s/);
    expect(Number(/try again in (\d+) s/.exec(p.message)![1]) * 1000).toBe(p.retryAfterMs);
  });

  it('logs a flooding connection once, when it closes it, not once for each message it had queued', async () => {
    const lines: { msg?: string }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg?: string }) });
    server = await startServer({ logger, limits: only({ connectionMessages: { limit: 3, windowMs: 60_000 }, floodDisconnect: 5 }) });
    const c = await TestClient.connect(server.url, null);
    clients.push(c);
    const gone = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    for (let i = 0; i < 100; i++) c.socket.emit('lobby:watch', { on: false });
    expect(await gone).toBe('io server disconnect');
    // Everything it sent has been seen (or dropped) once a message from another connection is answered after it.
    const other = await TestClient.connect(server.url, null);
    clients.push(other);
    expect((await other.request('lobby:watch', { on: false })).ok).toBe(true);
    expect(lines.filter((l) => l.msg === 'closing a connection that keeps flooding')).toHaveLength(1);
  });

  it('a connection that keeps flooding after being limited is closed; the server goes on', async () => {
    const clock = new FakeClock();
    server = await startServer({ now: clock.now, limits: only({ connectionMessages: { limit: 3, windowMs: 60_000 }, floodDisconnect: 20 }) });
    const c = await TestClient.connect(server.url, null);
    clients.push(c);
    const gone = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    for (let i = 0; i < 200; i++) c.socket.emit('lobby:watch', { on: false });
    expect(await gone).toBe('io server disconnect');
    const refused = c.received.filter((r) => r.event === 'refused');
    expect(refused.length).toBeGreaterThanOrEqual(20);
    expect(refused.length).toBeLessThan(200);
    const fresh = await TestClient.connect(server.url, null);
    clients.push(fresh);
    expect((await fresh.request('lobby:watch', { on: false })).ok).toBe(true);
  });
});

describe('the idle connection limit', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('closes a connection that joined nothing and sent nothing; keeps the ones at a table, in the lobby list or in a queue', async () => {
    const clock = new FakeClock();
    server = await startServer({ now: clock.now, limits: only({ idleMs: 60_000 }) });
    const ada = await guest(server.url, 'Ada');
    const { tableId } = await createTable(server.url, ada.token, { players: 2 });
    const [idle, busyThenIdle, atTable, watching, queued] = await Promise.all([
      TestClient.connect(server.url, null),
      TestClient.connect(server.url, null),
      TestClient.connect(server.url, ada.token),
      TestClient.connect(server.url, null),
      TestClient.connect(server.url, (await guest(server.url, 'Bob')).token),
    ]);
    const all = [idle, busyThenIdle, atTable, watching, queued];
    try {
      await atTable.join(tableId);
      expect((await watching.request('lobby:watch', { on: true })).ok).toBe(true);
      expect((await queued.request('queue:join', { rules: { players: 3 }, waitSeconds: 600 })).ok).toBe(true);
      const closed = new Promise<string>((resolve) => idle.socket.once('disconnect', resolve));
      clock.advance(30_000);
      expect((await busyThenIdle.request('lobby:watch', { on: false })).ok).toBe(true);
      expect(server.app.guard.sweepIdle()).toBe(0);
      clock.advance(30_000);
      expect(server.app.guard.sweepIdle()).toBe(1);
      expect(await closed).toBe('io server disconnect');
      expect(idle.received.find((r) => r.event === 'refused')?.payload).toMatchObject({ code: 'connection/idle' });
      const second = new Promise<string>((resolve) => busyThenIdle.socket.once('disconnect', resolve));
      clock.advance(30_000);
      expect(server.app.guard.sweepIdle()).toBe(1);
      expect(await second).toBe('io server disconnect');
      clock.advance(600_000);
      expect(server.app.guard.sweepIdle()).toBe(0);
      expect([atTable, watching, queued].every((c) => c.socket.connected)).toBe(true);
    } finally {
      for (const c of all) c.close();
    }
  });
});

describe('payload limits', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('refuses an HTTP body over 64 KiB (413) and closes a socket that sends a message over 16 KiB; the server goes on', async () => {
    server = await startServer();
    const big = await post(server.url, '/api/guests', { name: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: Problem }).error.code).toBe('message/invalid');
    const c = await TestClient.connect(server.url, null);
    const gone = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    c.socket.emit('table:join', { tableId: 'a'.repeat(20 * 1024) });
    expect(await gone).toBe('transport close');
    c.close();
    const ok = await TestClient.connect(server.url, null);
    expect((await ok.request('lobby:watch', { on: false })).ok).toBe(true);
    ok.close();
  });
});
