import type { Problem, Reply } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, createTable, guest } from '../support/client.ts';
import { type TestServer, startNodes, startServer } from '../support/server.ts';

/** What a refusal says against what it carries: "try again in N s" is `retryAfterMs`, in seconds. */
function expectAgreeing(p: Problem): void {
  const said = /try again in (\d+) s/.exec(p.message);
  expect(said, p.message).not.toBeNull();
  expect(Number(said![1]) * 1000).toBe(p.retryAfterMs);
}

function refusal(reply: Reply<unknown>): Problem {
  if (reply.ok) throw new Error(`expected a refusal, got ${JSON.stringify(reply.data)}`);
  return reply.error;
}

describe('table codes', () => {
  const clients: TestClient[] = [];
  let server: TestServer | null = null;
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
    server = null;
  });

  it('are looked up at most RATE_CODE_LOOKUPS times per address, over HTTP and sockets together, across nodes', async () => {
    const cluster = await startNodes(2, { limits: { codeLookups: { limit: 4, windowMs: 600_000 } } });
    try {
      const [one, two] = cluster.nodes as [TestServer, TestServer];
      const ada = await guest(one.url, 'Ada');
      const { code } = await createTable(one.url, ada.token, { players: 3 });
      const a = await TestClient.connect(one.url, null);
      const b = await TestClient.connect(two.url, null);
      clients.push(a, b);
      expect((await fetch(`${one.url}/api/codes/${code}`)).status).toBe(200);
      expect(refusal(await b.request('table:join', { code: 'ZZZZZZ' })).code).toBe('table/not_found');
      expect((await fetch(`${two.url}/api/codes/ZZZZZZ`, { method: 'HEAD' })).status).toBe(404);
      expect((await a.request('table:join', { code })).ok).toBe(true);
      // The fifth, wherever it is asked and whether the code exists or not.
      const http = await fetch(`${two.url}/api/codes/${code}`);
      expect(http.status).toBe(429);
      const body = (await http.json()) as { error: Problem };
      expect(body.error.code).toBe('rate/limited');
      expectAgreeing(body.error);
      expect(Number(http.headers.get('retry-after')) * 1000).toBe(body.error.retryAfterMs);
      const socket = refusal(await b.request('table:join', { code }));
      expect(socket.code).toBe('rate/limited');
      expectAgreeing(socket);
      // Joining by the table's id is not a lookup: the link keeps working.
      const ids = await createTable(one.url, ada.token, { players: 2 });
      expect((await b.request('table:join', { tableId: ids.tableId })).ok).toBe(true);
    } finally {
      for (const c of clients.splice(0)) c.close();
      await cluster.close();
    }
  });

  it('are retired once the game has started: the code is unknown from then on, the link still seats and shows the table', async () => {
    server = await startServer();
    const [ada, bob] = [await guest(server.url, 'Ada'), await guest(server.url, 'Bob')];
    const { tableId, code } = await createTable(server.url, ada.token, { players: 2 });
    const [a, b, stranger] = [await TestClient.connect(server.url, ada.token), await TestClient.connect(server.url, bob.token), await TestClient.connect(server.url, null)];
    clients.push(a, b, stranger);
    await a.join(tableId);
    expect((await b.request('table:join', { code })).ok).toBe(true);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);

    const unknown = await fetch(`${server.url}/api/codes/ZZZZZZ`);
    const retired = await fetch(`${server.url}/api/codes/${code}`);
    expect(retired.status).toBe(unknown.status);
    expect(((await retired.json()) as { error: Problem }).error.code).toBe(((await unknown.json()) as { error: Problem }).error.code);
    expect(refusal(await stranger.request('table:join', { code })).code).toBe('table/not_found');
    // Its own people still get in by the link (their seat), anyone may watch by it.
    expect((await stranger.request('table:join', { tableId })).ok).toBe(true);
    const back = await TestClient.connect(server.url, bob.token);
    clients.push(back);
    expect(await back.join(tableId)).toMatchObject({ seat: 1 });
    expect((await fetch(`${server.url}/api/tables/${tableId}`)).status).toBe(200);
  });
});
