import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { httpStatus } from '../../src/tables/problems.ts';
import { TEST_SECRET } from '../support/server.ts';

/**
 * What docs/protocol.md says of the server's HTTP side, held to the server: the status next to
 * each error code, and what an invite link answers to a program and to a browser.
 */

const page = readFileSync(fileURLToPath(new URL('../../../../docs/protocol.md', import.meta.url)), 'utf8');

describe('docs/protocol.md, against the server', () => {
  let app: GameApp;
  beforeAll(async () => {
    app = await build({ store: new MemoryTableStore(), secret: TEST_SECRET, logger: false, webRoot: null });
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives each error code the HTTP status the server sends with it', () => {
    const rows = [...page.matchAll(/^\| `([a-z_]+\/[a-z_]+)` \| (\d{3}|—) \|/gm)].map((m) => ({ code: m[1] as ErrorCode, status: m[2] as string }));
    expect(rows.map((r) => r.code).toSorted()).toEqual(Object.values(ErrorCode).toSorted());
    for (const { code, status } of rows) {
      // "—": only ever sent on a socket.
      if (status === '—') expect([ErrorCode.idle, ErrorCode.tooManySockets], code).toContain(code);
      else expect(Number(status), code).toBe(httpStatus(code));
    }
  });

  it('answers /t/<id> to a program with 404 http/not_found, table or no table, and to a browser with the page', async () => {
    const guest = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada' } });
    const created = await app.inject({
      method: 'POST',
      url: '/api/tables',
      payload: { rules: { players: 2 } },
      headers: { authorization: `Bearer ${guest.json<{ token: string }>().token}` },
    });
    const tableId = created.json<{ tableId: string }>().tableId;
    for (const id of [tableId, 'nosuchtable']) {
      for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }]) {
        const res = await app.inject({ method: 'GET', url: `/t/${id}`, headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'http/not_found', message: `no route GET /t/${id}` } });
      }
      expect((await app.inject({ method: 'HEAD', url: `/t/${id}`, headers: { accept: 'text/html' } })).statusCode).toBe(404);
      const browser = await app.inject({ method: 'GET', url: `/t/${id}`, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['content-type']).toMatch(/^text\/html/);
    }
    expect(page).toContain('`{"error":{"code":"http/not_found","message":"no route GET /t/<id>"}}`');
  });
});
