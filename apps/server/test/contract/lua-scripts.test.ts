import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madeScripts } from '../../src/redis/lua.ts';
// Imported for the scripts they make from redis/lua/ when loaded.
import '../../src/store/redis.ts';
import '../../src/jobs/redis.ts';
import '../../src/lobby/matchmaking-redis.ts';
import '../../src/lobby/claims-redis.ts';
import { REDIS_URL } from '../support/redis.ts';

const LUA_DIR = fileURLToPath(new URL('../../src/redis/lua/', import.meta.url));

describe('the Redis scripts in redis/lua/', () => {
  const client = createClient({ url: REDIS_URL });
  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
  });

  it('each one Redis compiles, under the SHA-1 the server runs it by', async () => {
    const scripts = madeScripts();
    expect(scripts.length).toBeGreaterThanOrEqual(20);
    for (const { files, script } of scripts) expect(await client.scriptLoad(script.text), files.join(' + ')).toBe(script.sha);
  });

  it('every .lua file is part of a script (none left behind unread)', () => {
    const used = new Set(madeScripts().flatMap((s) => s.files));
    const files = readdirSync(LUA_DIR).filter((f) => f.endsWith('.lua'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !used.has(f))).toEqual([]);
  });
});
