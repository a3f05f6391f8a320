import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_SCHEMA, type TableDoc } from '@fives/table';
import { MemoryTableStore } from '../../src/store/memory.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { tableKeys } from '../../src/redis/layout.ts';
import { REDIS_URL, redisStore, uniquePrefix } from '../support/redis.ts';

/**
 * A table stored by the server as it was before the document had a schema version (captured
 * from it: test/fixtures/table-doc-v0.json) still loads, and is written back with the version;
 * a stored document that is not a table is refused with a clear error instead of half-read.
 * Its computer player had no name then (schema 2 gave them one): it loads with the name a new
 * one would get at that table.
 */
interface Fixture {
  readonly memory: TableDoc;
  readonly redisHash: Record<string, string>;
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/table-doc-v0.json', import.meta.url), 'utf8')) as Fixture;
const id = fixture.memory.id;
// Schema 3 added settings.rated: every table stored before it is unrated. Schema 4, the game's
// resolved rules' bonuses: none before the Latin game.
const state = fixture.memory.state;
const migrated: TableDoc = {
  ...fixture.memory,
  seats: [fixture.memory.seats[0]!, { kind: 'bot', level: 'easy', name: 'Ada' }],
  settings: { ...fixture.memory.settings, rated: false },
  state: state === null ? null : { ...state, rules: { ...state.rules, bonuses: false } },
};

describe('a stored table document', () => {
  const prefix = uniquePrefix();
  const redis = createClient({ url: REDIS_URL });
  let store: RedisTableStore;
  const key = tableKeys(prefix, id).table;

  beforeAll(async () => {
    await redis.connect();
    store = await redisStore(prefix);
  });

  afterAll(async () => {
    await store.deleteAll();
    await store.close();
    await redis.close();
  });

  it('written by the server before documents had a schema version loads from Redis as it was, and is written back with the version', async () => {
    expect(JSON.parse(fixture.redisHash.control ?? '{}')).not.toHaveProperty('schema');
    await redis.hSet(key, fixture.redisHash);
    const loaded = await store.load(id);
    expect(loaded).toEqual(migrated);
    if (loaded === null) return;
    expect((await store.commit({ next: { ...loaded, version: loaded.version + 1 } })).written).toBe(true);
    expect(JSON.parse((await redis.hGet(key, 'control')) ?? '{}')).toMatchObject({ schema: TABLE_SCHEMA });
    expect(await store.load(id)).toEqual({ ...migrated, version: migrated.version + 1 });
  });

  it('that is not a table is refused with an error naming what is wrong, in Redis', async () => {
    await redis.hSet(key, { ...fixture.redisHash, seats: JSON.stringify([{ kind: 'chair' }, { kind: 'open' }]) });
    await expect(store.load(id)).rejects.toThrow(/cannot be read: .*seats\.0/);
    await redis.hSet(key, { ...fixture.redisHash, control: JSON.stringify({ ...JSON.parse(fixture.redisHash.control ?? '{}'), schema: 99 }) });
    await expect(store.load(id)).rejects.toThrow(/schema 99/);
  });

  it('written before documents had a schema version loads from the memory store, which refuses one that is not a table', async () => {
    const memory = new MemoryTableStore();
    // The memory store keeps JSON text as Redis does; put today's text there as an older server wrote it.
    const tables = (memory as unknown as { tables: Map<string, string> }).tables;
    tables.set(id, JSON.stringify(fixture.memory));
    expect(await memory.load(id)).toEqual(migrated);
    tables.set(id, JSON.stringify({ ...fixture.memory, phase: 'lunch' }));
    await expect(memory.load(id)).rejects.toThrow(/cannot be read: .*phase/);
  });
});
