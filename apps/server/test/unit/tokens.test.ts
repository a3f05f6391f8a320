import { createHmac } from 'node:crypto';
import type { PlayerId } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { configFromEnv } from '../../src/config.ts';
import { TokenSigner, newPlayerId } from '../../src/identity/token.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';

const OLD = 'the-old-secret-0123456789';
const NEW = 'the-new-secret-0123456789';
const DAY = 86_400_000;
const TIMES = { ttlMs: 30 * DAY, rotateAfterMs: 7 * DAY };

/** A clock the test moves on by hand. */
function clock(start = Date.parse('2026-12-01T12:00:00Z')): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('tokens: expiry and rotation', () => {
  const ada = { id: newPlayerId(), name: 'Ada' };

  it('verifies a token signed with a previous secret after the secret changed, and says it is due for re-issue', () => {
    const c = clock();
    const before = new TokenSigner(OLD, TIMES, c.now).sign(ada);
    const after = new TokenSigner(`${NEW},${OLD}`, TIMES, c.now);
    expect(after.check(before)).toEqual({ ok: true, player: ada, rotate: true });
    const reissued = after.sign(ada);
    expect(after.check(reissued)).toEqual({ ok: true, player: ada, rotate: false });
    // Signed with the first secret: the new one alone verifies it, the old one alone does not.
    expect(new TokenSigner(NEW, TIMES, c.now).verify(reissued)).toEqual(ada);
    expect(new TokenSigner(OLD, TIMES, c.now).check(reissued)).toEqual({ ok: false, code: 'auth/invalid_token' });
    // Once the old secret is dropped, what it signed is refused.
    expect(new TokenSigner(NEW, TIMES, c.now).check(before)).toEqual({ ok: false, code: 'auth/invalid_token' });
  });

  it('refuses a token past its expiry with auth/token_expired, and asks for rotation once it is old', () => {
    const c = clock();
    const signer = new TokenSigner(NEW, TIMES, c.now);
    const token = signer.sign(ada);
    c.advance(7 * DAY - 1000);
    expect(signer.check(token)).toMatchObject({ ok: true, rotate: false });
    c.advance(1000);
    expect(signer.check(token)).toMatchObject({ ok: true, rotate: true });
    c.advance(23 * DAY);
    expect(signer.check(token)).toEqual({ ok: false, code: 'auth/token_expired' });
    expect(signer.verify(token)).toBeNull();
  });

  it('still takes the tokens made before expiry existed (v1), always due for re-issue', () => {
    const payload = Buffer.from(JSON.stringify({ v: 1, id: ada.id, name: ada.name })).toString('base64url');
    const v1 = `${payload}.${createHmac('sha256', NEW).update(payload).digest('base64url')}`;
    expect(new TokenSigner(NEW).check(v1)).toEqual({ ok: true, player: ada, rotate: true });
  });

  it('refuses tampered or malformed tokens as auth/invalid_token', () => {
    const signer = new TokenSigner(NEW);
    const token = signer.sign(ada);
    const [payload, mac] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), id: 'p_AAAAAAAAAAAAAAAA' as PlayerId })).toString('base64url');
    for (const bad of [`${other}.${mac}`, `${payload}.${mac}.x`, 'nothing', `${payload}.`]) expect(signer.check(bad), bad).toEqual({ ok: false, code: 'auth/invalid_token' });
  });

  it('reads FIVES_SECRET as a list, each one 16 characters or more', () => {
    expect(configFromEnv({ FIVES_SECRET: `${NEW},${OLD}` }).options.secret).toBe(`${NEW},${OLD}`);
    expect(() => configFromEnv({ FIVES_SECRET: `${NEW},short` })).toThrow(/16 characters/);
    expect(configFromEnv({ TOKEN_TTL_DAYS: '10' }).options.tokenTtlMs).toBe(10 * DAY);
  });

  it('over HTTP: POST /api/tokens/refresh re-issues an old token under the first secret; an expired one is refused everywhere with auth/token_expired', async () => {
    const c = clock();
    const make = (secret: string) =>
      build({ store: new MemoryTableStore(), secret, logger: false, webRoot: null, tokenTtlMs: 30 * DAY, tokenRotateMs: 7 * DAY, now: () => new Date(c.now()) });
    const before = await make(OLD);
    const guest = (await before.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada' } })).json<{ token: string; player: { id: string } }>();
    await before.close();

    const app = await make(`${NEW},${OLD}`);
    try {
      const refresh = (token: string) => app.inject({ method: 'POST', url: '/api/tokens/refresh', headers: { authorization: `Bearer ${token}` } });
      const rotated = await refresh(guest.token);
      expect(rotated.statusCode).toBe(200);
      const body = rotated.json<{ token: string; rotated: boolean; player: { id: string } }>();
      expect(body.rotated).toBe(true);
      expect(body).toMatchObject({ kept: false });
      expect(body.player.id).toBe(guest.player.id);
      expect(new TokenSigner(NEW, TIMES, c.now).verify(body.token)?.id).toBe(guest.player.id);
      // Fresh and under the first secret: given back as it is.
      expect((await refresh(body.token)).json()).toEqual({ ...body, rotated: false });

      c.advance(31 * DAY);
      const expired = await refresh(body.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: { code: 'auth/token_expired' } });
      const renamed = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada', token: body.token } });
      expect(renamed.statusCode).toBe(401);
      expect(renamed.json()).toMatchObject({ error: { code: 'auth/token_expired' } });
      const table = await app.inject({ method: 'POST', url: '/api/tables', payload: { rules: { players: 2 } }, headers: { authorization: `Bearer ${body.token}` } });
      expect(table.json()).toMatchObject({ error: { code: 'auth/token_expired' } });
      const none = await app.inject({ method: 'POST', url: '/api/tokens/refresh' });
      expect(none.json()).toMatchObject({ error: { code: 'auth/required' } });
    } finally {
      await app.close();
    }
  });
});
