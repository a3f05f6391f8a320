import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthSchema, TableSummarySchema } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { ConfigError, configFromEnv } from '../../src/config.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { deleteKeys, redisStore } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';

async function guestToken(app: GameApp, name = 'Ada'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
  return res.json<{ token: string }>().token;
}

describe('the HTTP API', () => {
  let app: GameApp;
  let store: RedisTableStore;
  beforeAll(async () => {
    store = await redisStore();
    app = await build({ store, secret: TEST_SECRET, logger: false, publicUrl: 'https://fives.example', webRoot: null });
  });
  afterAll(async () => {
    // The app first, its keys after (deleteKeys says why).
    await app.close();
    await deleteKeys(store.prefix);
  });

  it('gives a guest a signed token, and keeps the player id when the token is renewed', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: '  Ada  ' } });
    expect(first.statusCode).toBe(200);
    const body = first.json<{ player: { id: string; name: string }; token: string }>();
    expect(body.player.name).toBe('Ada');
    const renamed = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada L', token: body.token } });
    expect(renamed.json<{ player: { id: string } }>().player.id).toBe(body.player.id);
    const forged = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Eve', token: `${body.token.split('.')[0]}.x` } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: { code: 'auth/invalid_token' } });
    for (const name of ['', ' ', 'x'.repeat(25), 'a\u0007b']) {
      const bad = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'message/invalid' } });
    }
  });

  it('creates a table for a guest, with its invite link and public summary', async () => {
    const token = await guestToken(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/tables',
      headers: { authorization: `Bearer ${token}` },
      payload: { rules: { preset: 'muggins', players: 3 }, seats: [{ type: 'human' }, { type: 'bot', level: 'hard' }, { type: 'human' }] },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ tableId: string; inviteUrl: string }>();
    expect(body.inviteUrl).toBe(`https://fives.example/t/${body.tableId}`);
    const summary = await app.inject({ method: 'GET', url: `/api/tables/${body.tableId}` });
    const parsed = TableSummarySchema.parse(summary.json());
    expect(parsed).toMatchObject({
      phase: 'waiting',
      game: 0,
      hostSeat: 0,
      scores: null,
      seats: [
        { seat: 0, kind: 'human', name: 'Ada' },
        { seat: 1, kind: 'bot', level: 'hard', name: 'Basil' },
        { seat: 2, kind: 'open' },
      ],
    });
    expect(parsed.rules).toMatchObject({ preset: 'muggins', players: 3, muggins: true, target: 150 });
    expect(JSON.stringify(summary.json())).not.toContain('p_');
  });

  it('refuses a table without a token, with bad rules or the wrong number of seats', async () => {
    const token = await guestToken(app);
    const auth = { authorization: `Bearer ${token}` };
    const cases: [Record<string, string>, unknown, number, string][] = [
      [{}, { rules: { players: 2 } }, 401, 'auth/required'],
      [{ authorization: 'Bearer nonsense' }, { rules: { players: 2 } }, 401, 'auth/invalid_token'],
      [auth, { rules: { players: 5 } }, 400, 'rules/invalid'],
      [auth, { rules: { players: 2, spinnerOpen: 'now' } }, 400, 'rules/invalid'],
      [auth, { rules: { preset: 'partners', players: 3 } }, 400, 'rules/invalid'],
      [auth, { rules: { players: 2 }, seats: [{ type: 'human' }] }, 400, 'message/invalid'],
      [auth, { rules: { players: 2 }, seats: [{ type: 'human' }, { type: 'bot', level: 'godlike' }] }, 400, 'message/invalid'],
      [auth, { rules: { players: 2 }, extra: 1 }, 400, 'message/invalid'],
    ];
    for (const [headers, payload, status, code] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/tables', headers, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: { code } });
    }
    const notJson = await app.inject({ method: 'POST', url: '/api/tables', headers: { ...auth, 'content-type': 'application/json' }, payload: '{nope' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: { code: 'message/invalid' } });
  });

  it('answers unknown tables, games and routes with coded errors', async () => {
    const token = await guestToken(app);
    const created = await app.inject({ method: 'POST', url: '/api/tables', headers: { authorization: `Bearer ${token}` }, payload: { rules: { players: 2 } } });
    const { tableId } = created.json<{ tableId: string }>();
    const expectations: [string, number, string][] = [
      ['/api/tables/nosuchtable', 404, 'table/not_found'],
      ['/api/tables/BAD!', 400, 'message/invalid'],
      [`/api/tables/${tableId}/games/1/record`, 404, 'game/not_found'],
      [`/api/tables/${tableId}/games/zero/record`, 400, 'message/invalid'],
      ['/api/nothing', 404, 'http/not_found'],
    ];
    for (const [url, status, code] of expectations) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toMatchObject({ error: { code } });
    }
  });

  it('says it is healthy, and which store it uses', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(HealthSchema.parse(res.json())).toEqual({ ok: true, store: { kind: 'redis', durable: true, up: true, mode: 'single' }, archive: { kind: 'memory', durable: false } });
  });

  it('says the web client is not built when it is not, on any page address', async () => {
    const res = await app.inject({ method: 'GET', url: '/t/abcdefgh', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('has not been built');
  });
});

describe('the web client', () => {
  it('is served with a fallback to index.html for client routes such as invite links', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fives-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Fives client</title>');
    writeFileSync(join(root, 'app.js'), 'console.log(1)');
    const app = await build({ store: new MemoryTableStore(), secret: TEST_SECRET, logger: false, webRoot: root });
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('Fives client');
      expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      const invite = await app.inject({ method: 'GET', url: '/t/abcdefgh', headers: { accept: 'text/html' } });
      expect(invite.statusCode).toBe(200);
      expect(invite.body).toContain('Fives client');
      const api = await app.inject({ method: 'GET', url: '/api/missing', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  it('refuses to start in production without a secret', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => configFromEnv({ NODE_ENV: 'production', FIVES_SECRET: 'short' })).toThrow(ConfigError);
    expect(configFromEnv({ NODE_ENV: 'production', FIVES_SECRET: 'a-long-enough-secret' }).options.secret).toBe('a-long-enough-secret');
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(configFromEnv({})).toMatchObject({ port: 3000, redisUrl: undefined, options: { botDelayMs: 900, botBudget: { ms: 50 } } });
    expect(configFromEnv({ BOT_BUDGET_MS: '120' }).options.botBudget).toEqual({ ms: 120 });
    expect(() => configFromEnv({ BOT_BUDGET_MS: '0' })).toThrow(ConfigError);
  });
});
