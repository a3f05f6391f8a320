import type { Problem } from '@fives/protocol';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOpenSockets, OPEN_SOCKETS_TTL_MS, type OpenSocketCounter } from '../../src/guard/open-sockets.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { redisShared } from '../../src/store/shared.ts';
import { TestClient } from '../support/client.ts';
import { redisStore } from '../support/redis.ts';
import { type TestServer, startNodes } from '../support/server.ts';

describe.each(['redis', 'memory'] as const)('open sockets per address (%s)', (kind) => {
  let store: RedisTableStore | null = null;
  let counter: OpenSocketCounter;
  beforeAll(async () => {
    if (kind === 'redis') {
      store = await redisStore();
      counter = redisShared(store.client, store.prefix).sockets;
    } else {
      counter = new MemoryOpenSockets();
    }
  });
  afterAll(async () => {
    await store?.deleteAll();
    await store?.close();
  });

  it('counts across nodes up to the cap, exactly: a socket closed frees its place', async () => {
    const now = 1_000_000;
    expect(await counter.open('198.51.100.1', 'A', 3, now)).toBe(true);
    expect(await counter.open('198.51.100.1', 'A', 3, now)).toBe(true);
    expect(await counter.open('198.51.100.1', 'B', 3, now)).toBe(true);
    expect(await counter.open('198.51.100.1', 'B', 3, now)).toBe(false);
    expect(await counter.open('198.51.100.1', 'A', 3, now)).toBe(false);
    // Another address has its own count.
    expect(await counter.open('198.51.100.2', 'B', 3, now)).toBe(true);
    await counter.close('198.51.100.1', 'A');
    expect(await counter.open('198.51.100.1', 'B', 3, now)).toBe(true);
    expect(await counter.open('198.51.100.1', 'B', 3, now)).toBe(false);
  });

  it('forgets the counts of a node that stopped its heartbeat once they expire; a heartbeat keeps them and rewrites them exactly', async () => {
    const address = '203.0.113.7';
    let now = 2_000_000;
    for (let i = 0; i < 2; i++) expect(await counter.open(address, 'dies', 4, now)).toBe(true);
    for (let i = 0; i < 2; i++) expect(await counter.open(address, 'lives', 4, now)).toBe(true);
    expect(await counter.open(address, 'lives', 4, now)).toBe(false);
    // 'lives' beats; 'dies' has died (no heartbeat, no closes).
    now += OPEN_SOCKETS_TTL_MS / 2;
    await counter.refresh('lives', new Map([[address, 2]]), now);
    expect(await counter.open(address, 'lives', 4, now)).toBe(false);
    now += OPEN_SOCKETS_TTL_MS / 2 + 1;
    await counter.refresh('lives', new Map([[address, 2]]), now);
    expect(await counter.open(address, 'lives', 4, now)).toBe(true);
    expect(await counter.open(address, 'lives', 4, now)).toBe(true);
    expect(await counter.open(address, 'lives', 4, now)).toBe(false);
    // The heartbeat's count is the node's own, whatever the store made of it meanwhile.
    await counter.refresh('lives', new Map([[address, 1]]), now);
    for (let i = 0; i < 3; i++) expect(await counter.open(address, 'lives', 4, now)).toBe(true);
    expect(await counter.open(address, 'lives', 4, now)).toBe(false);
  });

  it('takes a node out of an address with a heartbeat count of 0 (its sockets closed while the store was away)', async () => {
    const address = '192.0.2.44';
    const now = 3_000_000;
    for (let i = 0; i < 2; i++) expect(await counter.open(address, 'missed', 2, now)).toBe(true);
    expect(await counter.open(address, 'other', 2, now)).toBe(false);
    await counter.refresh('missed', new Map([[address, 0]]), now);
    expect(await counter.open(address, 'other', 2, now)).toBe(true);
    expect(await counter.open(address, 'other', 2, now)).toBe(true);
    expect(await counter.open(address, 'other', 2, now)).toBe(false);
  });
});

describe('the open sockets cap', () => {
  let cluster: Awaited<ReturnType<typeof startNodes>>;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    cluster = await startNodes(2, { limits: { addressSockets: 3, addressConnections: { limit: 0, windowMs: 60_000 } } });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await cluster.close();
  });

  const refusedHandshake = async (url: string): Promise<Problem | null> => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const outcome = await new Promise<Problem | null>((resolve) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', (e: Error & { data?: Problem }) => resolve(e.data ?? { code: 'none' as never, message: e.message }));
    });
    socket.close();
    return outcome;
  };

  it('refuses a handshake with connection/too_many once an address holds the cap across nodes, and lets one in again when one closes', async () => {
    const [one, two] = cluster.nodes as [TestServer, TestServer];
    clients.push(await TestClient.connect(one.url, null), await TestClient.connect(one.url, null), await TestClient.connect(two.url, null));
    expect(await refusedHandshake(two.url)).toMatchObject({ code: 'connection/too_many' });
    expect(await refusedHandshake(one.url)).toMatchObject({ code: 'connection/too_many' });
    clients.shift()!.close();
    // The server counts it out as it sees the disconnection: ask until it has (bounded).
    let let_in = false;
    for (let i = 0; i < 50 && !let_in; i++) {
      const c = new TestClient(two.url, null);
      let_in = await new Promise<boolean>((resolve) => {
        c.socket.once('connect', () => resolve(true));
        c.socket.once('connect_error', () => resolve(false));
      });
      if (let_in) clients.push(c);
      else c.close();
    }
    expect(let_in).toBe(true);
    expect(await refusedHandshake(one.url)).toMatchObject({ code: 'connection/too_many' });
  });

  it('counts a socket out however it goes: ten connections opened and closed leave the count where it was', async () => {
    const [one] = cluster.nodes as [TestServer];
    for (let round = 0; round < 10; round++) {
      const c = await TestClient.connect(one.url, null);
      const gone = new Promise<void>((resolve) => c.socket.once('disconnect', () => resolve()));
      c.close();
      await gone;
    }
    // All three places are free again (once the server has seen each disconnection).
    const held: TestClient[] = [];
    for (let i = 0; i < 200 && held.length < 3; i++) {
      const c = new TestClient(one.url, null);
      const ok = await new Promise<boolean>((resolve) => {
        c.socket.once('connect', () => resolve(true));
        c.socket.once('connect_error', () => resolve(false));
      });
      if (ok) held.push(c);
      else c.close();
    }
    clients.push(...held);
    expect(held).toHaveLength(3);
    expect(await refusedHandshake(one.url)).toMatchObject({ code: 'connection/too_many' });
  });
});
