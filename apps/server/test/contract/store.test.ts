import { connectRedis } from '../../src/redis/connect.ts';
import { unshardedKeys } from '../../src/redis/layout.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { storeContract } from './store.contract.ts';
import { REDIS_URL, redisStore, uniquePrefix } from '../support/redis.ts';
import { describe, expect, it } from 'vitest';

storeContract('memory', async () => new MemoryTableStore());
storeContract('redis', () => redisStore());

function docOf(id: string, code: string) {
  return {
    id: id as never,
    code: code as never,
    version: 0,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    hostId: 'p_host00000' as never,
    rulesInput: { players: 2 as const },
    seats: [],
    phase: 'waiting' as const,
    game: 0,
    state: null,
    settings: { turnSeconds: null, listed: false, rated: false },
    clock: { turn: null, muggins: null },
    fair: null,
  };
}

describe('the Redis store', () => {
  it('keeps tables across connections (a restarted server finds them)', async () => {
    const prefix = uniquePrefix();
    const a = await RedisTableStore.connect({ url: REDIS_URL, prefix });
    const doc = {
      id: 'persisted1' as never,
      code: 'K7QM3X' as never,
      version: 0,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
      hostId: 'p_host00000' as never,
      rulesInput: { players: 2 as const },
      seats: [],
      phase: 'waiting' as const,
      game: 0,
      state: null,
      settings: { turnSeconds: null, listed: false, rated: false },
      clock: { turn: null, muggins: null },
      fair: null,
    };
    await a.create(doc);
    await a.close();
    const b = await RedisTableStore.connect({ url: REDIS_URL, prefix });
    expect(await b.load(doc.id)).toEqual(doc);
    expect(await b.deleteAll()).toBeGreaterThan(0);
    await b.close();
  });

  it('says a commit may reach another node once that node holds a connection at the table, and always for a table brought back whole', async () => {
    const prefix = uniquePrefix();
    const here = await RedisTableStore.connect({ url: REDIS_URL, prefix });
    const there = await RedisTableStore.connect({ url: REDIS_URL, prefix });
    try {
      const d = { ...docOf('reach1', 'K7QMAX'), version: 0 };
      await here.create(d);
      // Nobody anywhere yet, then only this node.
      expect((await here.commit({ next: { ...d, version: 1 } })).elsewhere).toBe(false);
      await here.reachHere(d.id);
      expect((await here.commit({ next: { ...d, version: 2 } })).elsewhere).toBe(false);
      // The other node committing: this one holds connections.
      expect((await there.commit({ next: { ...d, version: 3 } })).elsewhere).toBe(true);
      await there.reachHere(d.id);
      expect((await here.commit({ next: { ...d, version: 4 } })).elsewhere).toBe(true);
      expect((await there.commit({ next: { ...d, version: 5 } })).elsewhere).toBe(true);
      // A restored table: whoever stayed in its rooms while it was away is not known.
      const r = docOf('reach2', 'K7QMBX');
      expect(await here.restore(r, [], null, 0)).toBe('created');
      await here.reachHere(r.id);
      expect((await here.commit({ next: { ...r, version: 1 } })).elsewhere).toBe(true);
      // What the store reads back has nothing of it.
      expect(await here.load(d.id)).toEqual({ ...d, version: 5 });
    } finally {
      await here.deleteAll();
      await here.close();
      await there.close();
    }
  });

  it('refuses to start on data of an older layout (before shards, or matchmaking in one `{mm}` shard), saying so', async () => {
    const raw = await connectRedis({ mode: 'single', url: REDIS_URL }, { connectTimeoutMs: 5_000, commandTimeoutMs: 5_000 });
    for (const key of unshardedKeys('x:')) {
      const prefix = uniquePrefix();
      const old = `${prefix}${key.slice('x:'.length)}`;
      await raw.client.set(old, '1');
      await expect(RedisTableStore.connect({ url: REDIS_URL, prefix })).rejects.toThrow(/older layout/);
      await raw.client.del(old);
    }
    await raw.close();
  });
});
