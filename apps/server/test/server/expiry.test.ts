import type { RecordHand } from '@fives/engine';
import type { PlayerId, Problem, TableId } from '@fives/protocol';
import { createClient } from 'redis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { tableKeys } from '../../src/redis/layout.ts';
import type { TableStore } from '../../src/store/store.ts';
import { doc } from '../contract/store.contract.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { FakeClock } from '../support/clock.ts';
import { REDIS_URL, uniquePrefix } from '../support/redis.ts';
import { type TestServer, startServer } from '../support/server.ts';

const hand: RecordHand = { deal: { hands: [['0-0'], ['0-1']], boneyard: [] }, leader: 0, actions: [{ seat: 0, type: 'play', tile: '0-0' }] };
const DAY = 24 * 3600 * 1000;
const at = (ms: number): string => new Date(ms).toISOString();

type Store = TableStore & { deleteAll?: () => Promise<number> };

/** What every store must do about counting and expiring tables. */
function expiryContract(name: string, open: (retentionMs: number) => Promise<Store>): void {
  describe(`abandoned tables and kept records: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open(30 * DAY);
    });
    afterEach(async () => {
      await store.deleteAll?.();
      await store.close();
    });

    it('counts tables by phase as they change', async () => {
      const a = doc();
      const b = doc();
      await store.create(a);
      await store.create(b);
      expect(await store.countTables()).toEqual({ waiting: 2, playing: 0, over: 0 });
      await store.commit({ next: { ...a, version: 1, phase: 'playing', game: 1 } });
      await store.commit({ next: { ...b, version: 1, phase: 'playing', game: 1 } });
      await store.commit({ next: { ...b, version: 2, phase: 'over', game: 1 } });
      expect(await store.countTables()).toEqual({ waiting: 0, playing: 1, over: 1 });
    });

    it('removes a table idle since the cutoff with everything that points at it; keeps its records; leaves a busier one', async () => {
      const t0 = Date.UTC(2026, 10, 29);
      const player = 'p_host00000' as PlayerId;
      const idle = doc({ updatedAt: at(t0), settings: { turnSeconds: null, listed: true, rated: false } });
      const busy = doc({ updatedAt: at(t0), seats: [{ kind: 'human', playerId: 'p_other0000' as PlayerId, name: 'Other' }, { kind: 'open' }] });
      await store.create(idle);
      await store.create(busy);
      expect((await store.openTables(50)).map((t) => t.tableId)).toContain(idle.id);
      const playing = {
        ...idle,
        version: 1,
        phase: 'playing' as const,
        game: 1,
        updatedAt: at(t0 + 1000),
        seats: [idle.seats[0]!, { kind: 'bot' as const, level: 'easy' as const, name: 'Ada' }],
      };
      expect((await store.commit({ next: playing, append: { game: 1, hand }, stepAt: t0 + 5000 })).written).toBe(true);
      await store.jobs.put(`a:${idle.id}:0`, 0, t0 + 9000);
      expect((await store.commit({ next: { ...busy, version: 1, updatedAt: at(t0 + 10 * DAY) } })).written).toBe(true);
      const queue = { id: 'q000000000000' as never, rules: { players: 2 as const }, players: 2 };
      const ticket = { playerId: player, name: 'Host', level: 'easy' as const, joinedAt: 0, botsAt: 1, rating: null };
      const slot = { tableId: 'unusedslot1' as TableId, leaseUntil: 1 };
      expect(await store.matchmaking.join(queue, ticket, slot)).toEqual({ kind: 'playing', tableId: idle.id });

      expect(await store.expireIdle(t0 + 999, 10, t0 + DAY)).toEqual([]);
      expect(await store.expireIdle(t0 + 1000, 10, t0 + DAY)).toEqual([idle.id]);

      expect(await store.load(idle.id)).toBeNull();
      expect(await store.idForCode(idle.code)).toBeNull();
      expect((await store.openTables(50)).map((t) => t.tableId)).not.toContain(idle.id);
      expect(await store.activeTables()).not.toContain(idle.id);
      expect(await store.jobs.dueAt(`t:${idle.id}`)).toBeNull();
      expect(await store.jobs.dueAt(`a:${idle.id}:0`)).toBeNull();
      expect((await store.matchmaking.join(queue, ticket, slot)).kind).toBe('waiting');
      expect(await store.countTables()).toEqual({ waiting: 1, playing: 0, over: 0 });
      expect(await store.keptRecord(idle.id)).toEqual({ rulesInput: idle.rulesInput, games: 1 });
      expect(await store.recordHands(idle.id, 1)).toEqual([hand]);
      // The busier table is untouched, and a second sweep finds nothing more.
      expect(await store.load(busy.id)).not.toBeNull();
      expect(await store.expireIdle(t0 + 1000, 10, t0 + DAY)).toEqual([]);
      expect(await store.keptRecord(busy.id)).toBeNull();
    });
  });
}

expiryContract('memory', async (recordRetentionMs) => new MemoryTableStore({ recordRetentionMs }));
expiryContract('redis', (recordRetentionMs) => RedisTableStore.connect({ url: REDIS_URL, prefix: uniquePrefix(), recordRetentionMs }));

describe('record retention', () => {
  it('Redis keeps each game record for the retention time after its last hand (a TTL), and an expired table’s too', async () => {
    const prefix = uniquePrefix();
    const store = await RedisTableStore.connect({ url: REDIS_URL, prefix, recordRetentionMs: 7 * DAY });
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    try {
      const d = doc({ updatedAt: at(0) });
      await store.create(d);
      await store.commit({ next: { ...d, version: 1, phase: 'over', game: 1 }, append: { game: 1, hand } });
      const ttl = await redis.pTTL(tableKeys(prefix, d.id).record(1));
      expect(ttl).toBeGreaterThan(6 * DAY);
      expect(ttl).toBeLessThanOrEqual(7 * DAY);
      expect(await store.expireIdle(Date.now(), 10, Date.now())).toEqual([d.id]);
      const kept = await redis.pTTL(tableKeys(prefix, d.id).kept);
      expect(kept).toBeGreaterThan(6 * DAY);
    } finally {
      await store.deleteAll();
      await store.close();
      await redis.close();
    }
  });

  it('memory forgets a record once the retention time after its last hand is over', async () => {
    const store = new MemoryTableStore({ recordRetentionMs: 7 * DAY });
    const d = doc({ updatedAt: at(0) });
    await store.create(d);
    await store.commit({ next: { ...d, version: 1, phase: 'over', game: 1, updatedAt: at(DAY) }, append: { game: 1, hand } });
    await store.expireIdle(-1, 10, 8 * DAY - 1);
    expect(await store.recordHands(d.id, 1)).toEqual([hand]);
    await store.expireIdle(-1, 10, 8 * DAY);
    expect(await store.recordHands(d.id, 1)).toEqual([]);
  });
});

describe('an abandoned table, end to end', () => {
  let server: TestServer;
  const clock = new FakeClock();
  beforeEach(async () => {
    server = await startServer({ seed: 'expiry', now: clock.now });
  });
  afterEach(async () => {
    await server.close();
  });

  it('expires a day after its last change: gone from its link and code, its finished game still downloadable', async () => {
    const ada = await guest(server.url, 'Ada');
    const { tableId, code } = await createTable(server.url, ada.token, { players: 2 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }]);
    const a = await TestClient.connect(server.url, ada.token);
    await a.join(tableId);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    a.play();
    await a.waitForState((s) => s.table.phase === 'over');
    a.close();
    const waiting = (await createTable(server.url, (await guest(server.url, 'Cy')).token, { players: 2 }, undefined, { listed: true })).tableId;

    clock.advance(23 * 3600 * 1000);
    expect(await server.app.expiry.sweep()).toBe(0);
    clock.advance(3600 * 1000);
    expect(await server.app.expiry.sweep()).toBe(2);

    expect((await fetch(`${server.url}/api/tables/${tableId}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/tables/${waiting}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/codes/${code}`)).status).toBe(404);
    expect(((await (await fetch(`${server.url}/api/open-tables`)).json()) as { tables: unknown[] }).tables).toEqual([]);
    const record = await fetch(`${server.url}/api/tables/${tableId}/games/1/record`);
    expect(record.status).toBe(200);
    expect(((await record.json()) as { hands: unknown[] }).hands.length).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/api/tables/${tableId}/games/2/record`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/tables/${waiting}/games/1/record`)).status).toBe(404);
  }, 30_000);

  it("closes a gone table's spectators' sockets and takes its players out of its rooms (then the idle close takes them)", async () => {
    const [ada, bob] = [await guest(server.url, 'Ada'), await guest(server.url, 'Bob')];
    const { tableId } = await createTable(server.url, ada.token, { players: 3 });
    const [a, watcher, elsewhere] = [await TestClient.connect(server.url, ada.token), await TestClient.connect(server.url, null), await TestClient.connect(server.url, bob.token)];
    try {
      await a.join(tableId);
      await watcher.join(tableId, 'spectator');
      const other = (await createTable(server.url, bob.token, { players: 2 })).tableId;
      await elsewhere.join(other);
      const closed = new Promise<string>((resolve) => watcher.socket.once('disconnect', resolve));
      const told = a.waitFor<Problem>('refused', (p) => p.code === 'table/not_found');
      clock.advance(12 * 3600 * 1000);
      expect((await elsewhere.request('table:settings', { tableId: other, listed: true })).ok).toBe(true);
      clock.advance(13 * 3600 * 1000);
      expect(await server.app.expiry.sweep()).toBe(1);
      expect(await closed).toBe('io server disconnect');
      expect(watcher.received.find((r) => r.event === 'refused')?.payload).toMatchObject({ code: 'table/not_found' });
      expect((await told).message).toContain(tableId);
      expect(a.socket.connected).toBe(true);
      // Out of the table's rooms: nothing holds the player's connection open any more; the other table's still is.
      clock.advance(120_000);
      expect(server.app.guard.sweepIdle()).toBe(1);
      expect(elsewhere.socket.connected).toBe(true);
    } finally {
      for (const c of [a, watcher, elsewhere]) c.close();
    }
  }, 30_000);
});
