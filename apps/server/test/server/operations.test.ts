import { HealthSchema, type Problem, ReadinessSchema } from '@fives/protocol';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMetrics } from '../../src/metrics/registry.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';

const ALLOWED = 'https://fives.example.org';

describe('headers, CORS and the socket origin check', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('sends security headers on every answer, a CSP the web client is built for, and a request id', async () => {
    server = await startServer({ corsOrigins: [ALLOWED] });
    for (const path of ['/', '/api/open-tables', '/api/tables/nosuchtable', '/healthz']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Served over plain http here: browsers must not be told to upgrade every request.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'lb-1234.5' } })).headers.get('x-request-id')).toBe('lb-1234.5');
    const forged = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b <script>' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers CORS for the configured origin only', async () => {
    server = await startServer({ corsOrigins: [ALLOWED] });
    const preflight = (origin: string): Promise<Response> =>
      fetch(`${server.url}/api/tables`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    const good = await preflight(ALLOWED);
    expect(good.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(good.headers.get('access-control-allow-headers')).toContain('authorization');
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${server.url}/api/open-tables`, { headers: { origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${server.url}/api/open-tables`, { headers: { origin: ALLOWED } })).headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('lets a socket in from its own origin, the configured one or no browser at all; refuses any other origin', async () => {
    server = await startServer({ corsOrigins: [ALLOWED] });
    const attempt = (origin: string | null): Promise<boolean> => {
      const socket = io(server.url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(origin === null ? {} : { extraHeaders: { origin } }),
      });
      return new Promise((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', () => resolve(false));
      }).finally(() => socket.close()) as Promise<boolean>;
    };
    expect(await attempt(null)).toBe(true);
    expect(await attempt(ALLOWED)).toBe(true);
    expect(await attempt(server.url)).toBe(true);
    expect(await attempt('https://evil.example')).toBe(false);
    expect(await attempt('null')).toBe(false);
    // Long polling too.
    const polling = io(server.url, { transports: ['polling'], reconnection: false, forceNew: true, extraHeaders: { origin: 'https://evil.example' } });
    expect(await new Promise((resolve) => polling.once('connect_error', () => resolve('refused')).once('connect', () => resolve('in')))).toBe('refused');
    polling.close();
  });
});

/** A store whose Redis can be switched off: ping fails, every other call throws as node-redis does offline. */
class SwitchableStore extends MemoryTableStore {
  down = false;
  override async ping(): Promise<boolean> {
    return !this.down;
  }
  override async load(...args: Parameters<MemoryTableStore['load']>): ReturnType<MemoryTableStore['load']> {
    if (this.down) throw Object.assign(new Error('The client is offline'), { name: 'ClientOfflineError' });
    return super.load(...args);
  }
}

describe('readiness while draining', () => {
  it('/readyz answers 503 {ready: false, draining: true} in its documented shape, with the security headers, until the node stops', async () => {
    const server = await startServer({ drainMs: 10_000 });
    const ada = await guest(server.url, 'Ada');
    // A client that does not move on server:draining keeps the node draining until it leaves.
    const c = await TestClient.connect(server.url, ada.token);
    const told = c.waitFor('server:draining');
    const closing = server.close();
    await told;
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(ReadinessSchema.parse(await res.json())).toEqual({ ready: false, store: { kind: 'redis', durable: true, up: true, mode: 'single' }, draining: true });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Liveness still answers while the node drains: it is not to be restarted.
    expect(HealthSchema.parse(await (await fetch(`${server.url}/healthz`)).json())).toMatchObject({ ok: true });
    c.close();
    await closing;
  });
});

describe('readiness, liveness and /metrics', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('/healthz says the process is up whatever the store; /readyz stays ready through a store outage (every node shares it); actions meanwhile are server/busy', async () => {
    const store = new SwitchableStore();
    server = await startServer({ store });
    const get = async (path: string): Promise<{ status: number; body: unknown }> => {
      const res = await fetch(`${server.url}${path}`);
      return { status: res.status, body: await res.json() };
    };
    expect(await get('/readyz')).toEqual({ status: 200, body: { ready: true, store: { kind: 'memory', durable: false, up: true }, draining: false } });
    const ada = await guest(server.url, 'Ada');
    const { tableId } = await createTable(server.url, ada.token, { players: 2 });
    const c = await TestClient.connect(server.url, ada.token);

    store.down = true;
    const refused = await c.request('table:join', { tableId });
    expect(refused.ok).toBe(false);
    expect((refused as { error: Problem }).error).toMatchObject({ code: 'server/busy', retryAfterMs: expect.any(Number) });
    const http = await fetch(`${server.url}/api/tables/${tableId}`);
    expect(http.status).toBe(503);
    expect(((await http.json()) as { error: Problem }).error.code).toBe('server/busy');
    // The outage shows in liveness (and /metrics), not in readiness: a balancer that took every
    // node out on it would answer the whole site with its own bare 503 instead of server/busy.
    const live = await get('/healthz');
    expect(live.status).toBe(200);
    expect(HealthSchema.parse(live.body)).toMatchObject({ ok: true, store: { up: false } });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ReadinessSchema.parse(ready.body)).toEqual({ ready: true, store: { kind: 'memory', durable: false, up: false }, draining: false });

    store.down = false;
    expect(await server.app.monitor.probe()).toBe(true);
    expect(await get('/readyz')).toEqual({ status: 200, body: { ready: true, store: { kind: 'memory', durable: false, up: true }, draining: false } });
    await c.join(tableId);
    c.close();
  });

  it('/metrics: connections, tables by state, moves, move latency, errors by code, the store’s latency', async () => {
    server = await startServer({ storeProbeMs: 50 });
    const table = await startedTable(server.url, { players: 2 }, 1);
    const [a] = table.clients;
    await a!.request('table:join', { tableId: 'nosuchtable' });
    a!.play();
    await a!.waitForState((s) => s.table.phase === 'over');
    await fetch(`${server.url}/api/tables/nosuchtable`);
    await server.app.monitor.probe();
    const res = await fetch(`${server.url}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const m = parseMetrics(text);
    expect(m.get('fives_connections')).toBe(1);
    expect(m.get('fives_tables{state="over"}')).toBe(1);
    expect(m.get('fives_tables{state="playing"}')).toBe(0);
    expect(m.get('fives_moves_total')).toBeGreaterThan(10);
    expect(m.get('fives_move_seconds_count')).toBeGreaterThan(3);
    expect(m.get('fives_move_seconds_bucket{le="+Inf"}')).toBe(m.get('fives_move_seconds_count'));
    expect(m.get('fives_errors_total{code="table/not_found"}')).toBe(2);
    expect(m.get('fives_redis_seconds_count')).toBeGreaterThan(0);
    expect(m.get('fives_store_up')).toBe(1);
    expect(text).toContain('# TYPE fives_move_seconds histogram');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    for (const c of table.clients) c.close();
  });

  it('/metrics: the process’s own, from prom-client — event-loop lag, GC, heap, handles, CPU, memory', async () => {
    server = await startServer();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const m = parseMetrics(text);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p50_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_lag_max_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_heap_size_total_bytes',
      'nodejs_active_handles_total',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(m.get(name), name).toBeGreaterThanOrEqual(0);
    }
    // GC pauses by kind: a histogram whose series appear with the first collection.
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('/metrics: each app built in one process counts its own, and shows the process’s once', async () => {
    server = await startServer();
    const other = await startServer();
    try {
      const ada = await guest(other.url, 'Ada');
      await fetch(`${other.url}/api/tables/nosuchtable`);
      await createTable(other.url, ada.token, { players: 2 });
      const mine = await (await fetch(`${server.url}/metrics`)).text();
      const theirs = await (await fetch(`${other.url}/metrics`)).text();
      expect(parseMetrics(theirs).get('fives_errors_total{code="table/not_found"}')).toBe(1);
      expect(parseMetrics(mine).get('fives_errors_total{code="table/not_found"}')).toBeUndefined();
      for (const text of [mine, theirs]) {
        expect(text.split('\n').filter((l) => l === '# TYPE nodejs_eventloop_lag_seconds gauge')).toHaveLength(1);
        expect(text.split('\n').filter((l) => l === '# TYPE fives_moves_total counter')).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});
