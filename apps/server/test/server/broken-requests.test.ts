import { connect } from 'node:net';
import { greedyPolicy } from '@fives/bots';
import { type TableView, legalActions, seededRandom } from '@fives/engine';
import { ErrorCode, toWireAction } from '@fives/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { StoreUnavailableError } from '../../src/store/availability.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { tagStoreErrors } from '../../src/store/tagged.ts';
import { createTable, guest } from '../support/client.ts';
import { TEST_SECRET, type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';
import { until } from '../support/until.ts';

/**
 * Sends a request's head and the start of its body, waits until the server reads that body
 * (`reading` resolves), then sends `rest` and closes this side; resolves once the server closed too.
 */
function brokenRequest(url: string, head: string, reading: Promise<void>, rest: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(head);
      void reading.then(() => socket.end(rest));
    });
    socket.resume();
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

type Line = { msg?: string; reqId?: string };

describe('a broken HTTP request (a body cut short, a malformed chunk)', () => {
  let server: TestServer;
  const lines: Line[] = [];
  const reading = new Map<string, () => void>();
  const readingBody = (id: string): Promise<void> => new Promise((resolve) => reading.set(id, resolve));
  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
    server = await startServer({
      seed: 'broken',
      // No ping of the store during the test: only what the requests do can change whether it is up.
      storeProbeMs: 3_600_000,
      logger,
      // Tells the test when the server has started reading a body, so it breaks the body then.
      beforeListen: (app) =>
        app.addHook('preParsing', async (request, _reply, payload) => {
          reading.get(request.id)?.();
          return payload;
        }),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const head = (id: string, length: string): string =>
    `POST /api/guests HTTP/1.1\r\nHost: fives.test\r\nX-Request-Id: ${id}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`;
  const handled = (id: string) => () => lines.some((l) => l.reqId === id && l.msg === 'a request that could not be read') || !server.app.monitor.up;

  it('leaves the store up, and a player still moves and a table is still made', async () => {
    const url = server.url;
    const { tableId, clients } = await startedTable(url, { players: 2 }, 2);
    expect(server.app.monitor.up).toBe(true);

    await brokenRequest(url, `${head('cut', 'Content-Length: 200')}{"name":"Ad`, readingBody('cut'), '');
    await until('the cut-short request is handled', handled('cut'), 500, 10);
    expect(server.app.monitor.up).toBe(true);

    await brokenRequest(url, `${head('chunk', 'Transfer-Encoding: chunked')}4\r\n{"na\r\n`, readingBody('chunk'), 'ZZ\r\n');
    await until('the malformed chunk is handled', handled('chunk'), 500, 10);
    expect(server.app.monitor.up).toBe(true);
    expect(lines.filter((l) => l.msg?.startsWith('the store does not answer'))).toEqual([]);

    // Whoever is to move moves, and is not told server/busy.
    const mover = clients.find((c) => c.state?.view !== null && legalActions(c.state!.view).length > 0);
    expect(mover).toBeDefined();
    const s = mover!.state!;
    const action = greedyPolicy(s.view as TableView, seededRandom('broken'));
    const moved = await mover!.request('game:action', { tableId, version: s.version, action: toWireAction(action!) });
    expect(moved).toMatchObject({ ok: true });
    const ada = await guest(url, 'Ada');
    expect((await createTable(url, ada.token, { players: 2 })).tableId).toBeTruthy();
    for (const c of clients) c.close();
  });
});

describe('the store’s own failures', () => {
  it('a connection failure of the store still answers server/busy and marks it down; any other error is internal', async () => {
    const store = new MemoryTableStore();
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    let failure: Error = reset;
    store.create = () => Promise.reject(failure);
    const app = await build({ store, secret: TEST_SECRET, logger: false, webRoot: null, storeProbeMs: 3_600_000 });
    try {
      const token = (await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada' } })).json<{ token: string }>().token;
      const create = () => app.inject({ method: 'POST', url: '/api/tables', headers: { authorization: `Bearer ${token}` }, payload: { rules: { players: 2 } } });
      failure = new Error('a bug in a script');
      const bug = await create();
      expect(bug.statusCode).toBe(500);
      expect(bug.json()).toMatchObject({ error: { code: ErrorCode.internal } });
      expect(app.monitor.up).toBe(true);
      failure = reset;
      const busy = await create();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toMatchObject({ error: { code: ErrorCode.busy, retryAfterMs: 2000 } });
      expect(app.monitor.up).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('are tagged at the store’s boundary, on the parts it holds too, with the original as the cause', async () => {
    const store = new MemoryTableStore();
    const closed = Object.assign(new Error('The client is closed'), { name: 'ClientClosedError' });
    store.jobs.claim = () => Promise.reject(closed);
    store.ping = () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    const tagged = tagStoreErrors(store);
    const due = await tagged.jobs.claim(0, 1, 1).catch((error: unknown) => error);
    expect(due).toBeInstanceOf(StoreUnavailableError);
    expect((due as Error).cause).toBe(closed);
    expect(() => tagged.ping()).toThrow(StoreUnavailableError);
    expect(tagged.kind).toBe('memory');
    expect(await tagged.load('nope' as never)).toBeNull();
  });
});
