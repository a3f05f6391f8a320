import type { AccountSession, GuestResponse, Problem } from '@fives/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import type { RedisTableStore } from '../../src/store/redis.ts';
import { TestClient } from '../support/client.ts';
import { type CreationOptions, type RequestOptions, type SoftPasskey, authenticate, register } from '../support/passkey.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { deleteKeys, redisStore } from '../support/redis.ts';
import { TEST_SECRET } from '../support/server.ts';

// Accounts as a deployment keeps them: tables and challenges in Redis, accounts beside the
// archive in PostgreSQL (main.ts wires them so), through build() and a real listening server.
const ORIGIN = 'http://localhost:7500';

let db: TestDatabase;
let archive: PostgresArchive;
let store: RedisTableStore;
let app: GameApp;
let url: string;
beforeAll(async () => {
  db = await testDatabase();
  archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
  store = await redisStore();
  app = await build({ store, archive, accounts: archive.accountStore(), secret: TEST_SECRET, logger: false, webRoot: null, publicUrl: ORIGIN, botWorkers: 0 });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // The app closes what it was given: the store and the archive with it. Its keys after (deleteKeys says why).
  await app.close();
  await deleteKeys(store.prefix);
  await db.drop();
});

const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

async function guest(name: string, token?: string): Promise<GuestResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/guests', payload: token === undefined ? { name } : { name, token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestResponse>();
}

async function keep(token: string): Promise<{ session: AccountSession; passkey: SoftPasskey }> {
  const opened = await app.inject({ method: 'POST', url: '/api/account/register/options', headers: bearer(token), payload: {} });
  expect(opened.statusCode, opened.body).toBe(200);
  const { passkey, response } = register(opened.json<{ options: CreationOptions }>().options, ORIGIN);
  const res = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(token), payload: { response } });
  expect(res.statusCode, res.body).toBe(200);
  return { session: res.json<AccountSession>(), passkey };
}

async function signIn(passkey: SoftPasskey) {
  const options = (await app.inject({ method: 'POST', url: '/api/account/login/options' })).json<{ options: RequestOptions }>().options;
  return app.inject({ method: 'POST', url: '/api/account/login/verify', payload: { response: authenticate(passkey, options, ORIGIN) } });
}

/** The code a real socket.io-client connection is refused with at the handshake, or null when it connects. */
async function handshake(token: string): Promise<string | null> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  try {
    return await new Promise<string | null>((resolve) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', (e: Error & { data?: Problem }) => resolve(e.data?.code ?? `no code: ${e.message}`));
    });
  } finally {
    socket.close();
  }
}

describe('accounts in Redis and PostgreSQL, through build()', () => {
  it('registers, signs in on another device, deletes; the deleted account’s tokens are refused over HTTP and at the socket handshake', async () => {
    const ada = await guest('Ada');
    const { session, passkey } = await keep(ada.token);
    expect(session.player).toEqual({ id: ada.player.id, name: 'Ada' });

    // Another device: the passkey alone gives back the same player.
    const back = await signIn(passkey);
    expect(back.statusCode, back.body).toBe(200);
    const other = back.json<AccountSession>();
    expect(other.player.id).toBe(ada.player.id);
    expect((await app.inject({ method: 'GET', url: '/api/account', headers: bearer(other.token) })).json()).toMatchObject({ id: ada.player.id, name: 'Ada' });
    expect(await handshake(other.token)).toBeNull();

    // At the table a kept name shows as kept, a guest's as a guest's (the seat's flag, from the account store).
    const hosted = await app.inject({ method: 'POST', url: '/api/tables', headers: bearer(other.token), payload: { rules: { preset: 'allFives', players: 2 } } });
    expect(hosted.statusCode, hosted.body).toBe(201);
    const tableId = hosted.json<{ tableId: string; table: { seats: unknown[] } }>().tableId;
    expect(hosted.json<{ table: { seats: unknown[] } }>().table.seats[0]).toMatchObject({ kind: 'human', name: 'Ada', kept: true });
    const bea = await guest('Bea');
    const joiner = await TestClient.connect(url, bea.token);
    await joiner.join(tableId, 'player');
    const seats = (await app.inject({ method: 'GET', url: `/api/tables/${tableId}` })).json<{ seats: Record<string, unknown>[] }>().seats;
    expect(seats[1]).toMatchObject({ kind: 'human', name: 'Bea' });
    expect(seats[1]).not.toHaveProperty('kept');
    joiner.socket.close();

    const deleted = await app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(session.token) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: ada.player.id });

    // Every token of the account, the first device's, the second's and the guest's it began as.
    for (const token of [ada.token, session.token, other.token]) {
      expect(await handshake(token)).toBe('auth/revoked');
      for (const r of [
        { method: 'GET', url: '/api/account' },
        { method: 'POST', url: '/api/tokens/refresh' },
        { method: 'POST', url: '/api/tables', payload: { rules: { preset: 'allFives', players: 2 } } },
      ] as const) {
        const res = await app.inject({ ...r, headers: bearer(token) });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(res.json<{ error: Problem }>().error.code).toBe('auth/revoked');
      }
      const renamed = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada', token } });
      expect(renamed.json<{ error: Problem }>().error.code).toBe('auth/revoked');
    }
    expect((await signIn(passkey)).json()).toMatchObject({ error: { code: 'account/passkey_refused' } });

    // What the web client does then: a new guest under the same name, who connects and plays.
    const again = await guest('Ada');
    expect(again.player.id).not.toBe(ada.player.id);
    const client = await TestClient.connect(url, again.token);
    client.socket.close();
    // And the name is free to be kept again.
    expect((await keep(again.token)).session.player).toEqual({ id: again.player.id, name: 'Ada' });
  });

  it('renames the account when its player renames, and keeps a kept name from every other player with account/name_taken', async () => {
    const ada = await guest('Ada Byron');
    const { passkey } = await keep(ada.token);
    const bea = await guest('Bea');
    await keep(bea.token);

    // Renaming while signed in renames the account: the token, the account and a sign-in elsewhere agree.
    const renamed = await guest('Ada King', ada.token);
    expect(renamed.player).toEqual({ id: ada.player.id, name: 'Ada King' });
    expect((await app.inject({ method: 'GET', url: '/api/account', headers: bearer(renamed.token) })).json()).toMatchObject({ name: 'Ada King' });
    expect((await signIn(passkey)).json<AccountSession>().player).toEqual({ id: ada.player.id, name: 'Ada King' });

    // Another account's name is refused, and the account keeps its own.
    const refused = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'BEA', token: renamed.token } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: Problem }>().error.code).toBe('account/name_taken');
    expect((await app.inject({ method: 'GET', url: '/api/account', headers: bearer(renamed.token) })).json()).toMatchObject({ name: 'Ada King' });

    // A guest may not take the kept name, nor a look-alike of it; the name left behind is free.
    for (const name of ['Ada King', 'Аda kinG']) {
      const taken = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
      expect(taken.statusCode, name).toBe(409);
      expect(taken.json<{ error: Problem }>().error.code).toBe('account/name_taken');
    }
    expect((await guest('Ada Byron')).player.id).not.toBe(ada.player.id);
  });

  it('lets a guest who never kept a name connect and rename as before', async () => {
    const grace = await guest('Grace');
    expect(await handshake(grace.token)).toBeNull();
    expect((await guest('Grace Hopper', grace.token)).player.id).toBe(grace.player.id);
  });
});
