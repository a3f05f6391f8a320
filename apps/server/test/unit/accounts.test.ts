import type { AccountSession, PlayerId } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { MemoryArchive } from '../../src/archive/memory.ts';
import { skeleton } from '../../src/accounts/skeleton.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { archivedGame, playedRecords } from '../support/archive-games.ts';
import { type CreationOptions, type RequestOptions, type SoftPasskey, authenticate, register } from '../support/passkey.ts';
import { TEST_SECRET } from '../support/server.ts';

const ORIGIN = 'http://localhost:7400';

/** A server whose clock the test moves, with the passkeys' relying party at ORIGIN. */
async function server(o: { limit?: number } = {}): Promise<{ app: GameApp; archive: MemoryArchive; advance: (ms: number) => void }> {
  let t = Date.parse('2026-12-01T12:00:00Z');
  const archive = new MemoryArchive();
  const app = await build({
    store: new MemoryTableStore(),
    archive,
    secret: TEST_SECRET,
    logger: false,
    webRoot: null,
    publicUrl: ORIGIN,
    now: () => new Date(t),
    ...(o.limit === undefined ? {} : { limits: { accounts: { limit: o.limit, windowMs: 60_000 } } }),
  });
  return { app, archive, advance: (ms) => (t += ms) };
}

const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

describe('accounts: keeping a name with a passkey', () => {
  let app: GameApp;
  let archive: MemoryArchive;
  let advance: (ms: number) => void;
  beforeEach(async () => {
    ({ app, archive, advance } = await server());
  });
  afterEach(async () => {
    await app.close();
  });

  async function guest(name: string): Promise<{ id: PlayerId; token: string }> {
    const res = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
    const body = res.json<{ player: { id: PlayerId }; token: string }>();
    return { id: body.player.id, token: body.token };
  }

  async function registerOptions(token: string, name?: string) {
    return app.inject({ method: 'POST', url: '/api/account/register/options', headers: bearer(token), payload: name === undefined ? {} : { name } });
  }

  /** Keeps the guest's name with a new soft passkey: the session and the passkey. */
  async function keep(token: string, name?: string): Promise<{ session: AccountSession; passkey: SoftPasskey }> {
    const options = (await registerOptions(token, name)).json<{ options: CreationOptions }>().options;
    const { passkey, response } = register(options, ORIGIN);
    const res = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(token), payload: { response } });
    expect(res.statusCode, res.body).toBe(200);
    return { session: res.json<AccountSession>(), passkey };
  }

  async function signIn(passkey: SoftPasskey, origin = ORIGIN) {
    const options = (await app.inject({ method: 'POST', url: '/api/account/login/options' })).json<{ options: RequestOptions }>().options;
    return app.inject({ method: 'POST', url: '/api/account/login/verify', payload: { response: authenticate(passkey, options, origin) } });
  }

  it('turns the guest into an account under the same player id, and signs in with the passkey elsewhere to the same id', async () => {
    const ada = await guest('Ada');
    const options = (await registerOptions(ada.token)).json<{ options: CreationOptions & Record<string, unknown> }>().options;
    expect(options).toMatchObject({ rp: { id: 'localhost', name: 'Fives' }, user: { name: 'Ada', displayName: 'Ada' }, attestation: 'none' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const { session, passkey } = await keep(ada.token);
    expect(session.player).toEqual({ id: ada.id, name: 'Ada' });
    expect(session.account).toMatchObject({ id: ada.id, name: 'Ada', passkeys: [{ id: passkey.id, lastUsedAt: null }] });

    // Another device: nothing but the passkey.
    const res = await signIn(passkey);
    expect(res.statusCode, res.body).toBe(200);
    const back = res.json<AccountSession>();
    expect(back.player).toEqual({ id: ada.id, name: 'Ada' });
    expect(back.account.passkeys[0]?.lastUsedAt).not.toBeNull();
    const mine = await app.inject({ method: 'GET', url: '/api/account', headers: bearer(back.token) });
    expect(mine.json()).toMatchObject({ id: ada.id, name: 'Ada' });
    // The client's one call a visit says there is an account to show (and for a guest that there is none).
    const refreshed = (token: string) => app.inject({ method: 'POST', url: '/api/tokens/refresh', headers: bearer(token) });
    expect((await refreshed(back.token)).json()).toMatchObject({ kept: true });
    expect((await refreshed((await guest('Grace')).token)).json()).toMatchObject({ kept: false });

    // A rename through POST /api/guests renames the account: what the lobby shows is what the account keeps.
    const renamed = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Someone else', token: back.token } });
    expect(renamed.json()).toMatchObject({ player: { id: ada.id, name: 'Someone else' } });
    expect((await app.inject({ method: 'GET', url: '/api/account', headers: bearer(back.token) })).json()).toMatchObject({ name: 'Someone else' });
  });

  it('keeps names unique whatever their case and look-alike letters, with account/name_taken; a guest may not play under them either', async () => {
    const ada = await guest('Ada');
    await keep(ada.token);
    const other = await guest('Grace');
    for (const name of ['ADA', 'аda', 'Αda', 'Ａｄａ', 'Adа']) {
      const res = await registerOptions(other.token, name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json(), name).toMatchObject({ error: { code: 'account/name_taken' } });
    }
    expect((await registerOptions(other.token, 'Grace')).statusCode).toBe(200);
    // The kept name is Ada's alone: a new guest, or a guest renaming, is refused it (and any look-alike).
    for (const payload of [{ name: 'Ada' }, { name: 'аDA' }, { name: 'Ada', token: other.token }]) {
      const res = await app.inject({ method: 'POST', url: '/api/guests', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: { code: 'account/name_taken' } });
    }
    // Ada herself, on another device's sign-in or this one, plays under it.
    expect((await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada', token: ada.token } })).json()).toMatchObject({ player: { id: ada.id, name: 'Ada' } });
  });

  it('takes each challenge once, and not after it expires: account/challenge_expired', async () => {
    const ada = await guest('Ada');
    const options = (await registerOptions(ada.token)).json<{ options: CreationOptions }>().options;
    const { response } = register(options, ORIGIN);
    const first = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(ada.token), payload: { response } });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(ada.token), payload: { response } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'account/challenge_expired' } });

    const grace = await guest('Grace');
    const late = register((await registerOptions(grace.token)).json<{ options: CreationOptions }>().options, ORIGIN);
    advance(5 * 60_000 + 1);
    const res = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(grace.token), payload: { response: late.response } });
    expect(res.json()).toMatchObject({ error: { code: 'account/challenge_expired' } });

    // Another player's challenge is not this one's to answer.
    const mallory = await guest('Mallory');
    const stolen = register((await registerOptions(grace.token)).json<{ options: CreationOptions }>().options, ORIGIN);
    const theft = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(mallory.token), payload: { response: stolen.response } });
    expect(theft.json()).toMatchObject({ error: { code: 'account/challenge_expired' } });
  });

  it('refuses answers that do not verify with account/passkey_refused: another origin, no user verification, a passkey no account has', async () => {
    const ada = await guest('Ada');
    const wrongOrigin = register((await registerOptions(ada.token)).json<{ options: CreationOptions }>().options, 'http://evil.example');
    const res = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(ada.token), payload: { response: wrongOrigin.response } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'account/passkey_refused' } });
    const unverified = register((await registerOptions(ada.token)).json<{ options: CreationOptions }>().options, ORIGIN, { userVerified: false });
    const res2 = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(ada.token), payload: { response: unverified.response } });
    expect(res2.json()).toMatchObject({ error: { code: 'account/passkey_refused' } });

    const { passkey } = await keep(ada.token);
    expect((await signIn(passkey, 'http://evil.example')).json()).toMatchObject({ error: { code: 'account/passkey_refused' } });
    const stranger = register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } }, ORIGIN).passkey;
    expect((await signIn(stranger)).json()).toMatchObject({ error: { code: 'account/passkey_refused' } });
    // A sign-in answer given to the registration route, and the other way round: not its challenge.
    const loginOptions = (await app.inject({ method: 'POST', url: '/api/account/login/options' })).json<{ options: RequestOptions }>().options;
    const crossed = register({ challenge: loginOptions.challenge, rp: { id: 'localhost' }, user: { id: 'eA' } }, ORIGIN);
    const res3 = await app.inject({ method: 'POST', url: '/api/account/register/verify', headers: bearer(ada.token), payload: { response: crossed.response } });
    expect(res3.json()).toMatchObject({ error: { code: 'account/challenge_expired' } });
  });

  it('adds and removes passkeys, never the last one (account/last_passkey); an unknown one is account/passkey_not_found', async () => {
    const ada = await guest('Ada');
    const { session, passkey: first } = await keep(ada.token);
    const { session: two, passkey: second } = await keep(session.token);
    expect(two.account.passkeys.map((p) => p.id)).toEqual([first.id, second.id]);
    const removed = await app.inject({ method: 'DELETE', url: `/api/account/passkeys/${first.id}`, headers: bearer(session.token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ passkeys: [{ id: second.id }] });
    expect((await signIn(first)).json()).toMatchObject({ error: { code: 'account/passkey_refused' } });
    const last = await app.inject({ method: 'DELETE', url: `/api/account/passkeys/${second.id}`, headers: bearer(session.token) });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ error: { code: 'account/last_passkey' } });
    const unknown = await app.inject({ method: 'DELETE', url: '/api/account/passkeys/nothing', headers: bearer(session.token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'account/passkey_not_found' } });
  });

  it('deletes the account: its games stay under a deleted player, its passkeys sign in no more, its name is free again', async () => {
    const ada = await guest('Ada');
    const grace = await guest('Grace');
    const [record] = playedRecords({ players: 2 }, 1, 'accounts');
    if (record === undefined) throw new Error('no game played');
    const game = archivedGame(record, {
      tableId: 'abcdefgh23',
      game: 1,
      seats: [
        { playerId: ada.id, name: 'Ada' },
        { playerId: grace.id, name: 'Grace' },
      ],
      startedAt: '2026-12-01T11:00:00.000Z',
      finishedAt: '2026-12-01T11:30:00.000Z',
    });
    await archive.write(game);
    const { session, passkey } = await keep(ada.token);
    expect((await app.inject({ method: 'GET', url: `/api/players/${ada.id}` })).json()).toMatchObject({ name: 'Ada', kept: true });
    expect((await app.inject({ method: 'GET', url: `/api/players/${grace.id}` })).json()).toMatchObject({ name: 'Grace', kept: false });

    const deleted = await app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(session.token) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: ada.id });
    const profile = (await app.inject({ method: 'GET', url: `/api/players/${ada.id}` })).json<Record<string, unknown>>();
    expect(profile).toMatchObject({ name: '', deleted: true, kept: false, stats: { games: 1 } });
    const kept = (await app.inject({ method: 'GET', url: `/api/games/${game.id}` })).json<{ seats: unknown[] }>();
    expect(kept.seats[0]).toMatchObject({ kind: 'human', playerId: ada.id, name: '', deleted: true });
    expect(kept.seats[1]).toMatchObject({ name: 'Grace' });
    expect(kept.seats[1]).not.toHaveProperty('deleted');
    const listed = (await app.inject({ method: 'GET', url: `/api/players/${grace.id}/games` })).json<{ games: { seats: unknown[] }[] }>();
    expect(listed.games[0]?.seats[0]).toMatchObject({ name: '', deleted: true });

    // The deleted account's tokens are refused everywhere: its devices start new guests.
    expect((await app.inject({ method: 'GET', url: '/api/account', headers: bearer(session.token) })).json()).toMatchObject({ error: { code: 'auth/revoked' } });
    expect((await app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(ada.token) })).json()).toMatchObject({ error: { code: 'auth/revoked' } });
    expect((await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada', token: ada.token } })).statusCode).toBe(401);
    expect((await signIn(passkey)).json()).toMatchObject({ error: { code: 'account/passkey_refused' } });
    const newcomer = await guest('Ada');
    expect((await registerOptions(newcomer.token)).statusCode).toBe(200);
  });

  it('asks for a token where it needs one (auth/required, auth/invalid_token, auth/token_expired) and an account where it needs one', async () => {
    const routes = [
      { method: 'POST', url: '/api/account/register/options', payload: {} },
      { method: 'POST', url: '/api/account/register/verify', payload: { response: register({ challenge: 'x', rp: {}, user: { id: 'eA' } }, ORIGIN).response } },
      { method: 'GET', url: '/api/account' },
      { method: 'DELETE', url: '/api/account' },
      { method: 'DELETE', url: '/api/account/passkeys/abc' },
    ] as const;
    const ada = await guest('Ada');
    for (const route of routes) {
      const none = await app.inject(route);
      expect(none.statusCode, route.url).toBe(401);
      expect(none.json(), route.url).toMatchObject({ error: { code: 'auth/required' } });
      const bad = await app.inject({ ...route, headers: bearer('not.a-token') });
      expect(bad.json(), route.url).toMatchObject({ error: { code: 'auth/invalid_token' } });
    }
    for (const route of routes.slice(2)) {
      const res = await app.inject({ ...route, headers: bearer(ada.token) });
      expect(res.statusCode, route.url).toBe(404);
      expect(res.json(), route.url).toMatchObject({ error: { code: 'account/not_found' } });
    }
    advance(366 * 86_400_000);
    expect((await app.inject({ method: 'GET', url: '/api/account', headers: bearer(ada.token) })).json()).toMatchObject({ error: { code: 'auth/token_expired' } });
  });

  it('refuses bodies that do not fit their schemas with message/invalid', async () => {
    const ada = await guest('Ada');
    const cases = [
      { method: 'POST', url: '/api/account/register/options', headers: bearer(ada.token), payload: { name: '' } },
      { method: 'POST', url: '/api/account/register/options', headers: bearer(ada.token), payload: { other: 1 } },
      { method: 'POST', url: '/api/account/register/verify', headers: bearer(ada.token), payload: { response: { id: 'x' } } },
      { method: 'POST', url: '/api/account/login/verify', payload: { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } } },
      { method: 'POST', url: '/api/account/login/verify', payload: {} },
    ] as const;
    for (const c of cases) {
      const res = await app.inject(c);
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
      expect(res.json(), JSON.stringify(c.payload)).toMatchObject({ error: { code: 'message/invalid' } });
    }
  });
});

describe('accounts: limits', () => {
  it('rate-limits the account routes per address with rate/limited', async () => {
    const { app } = await server({ limit: 2 });
    try {
      expect((await app.inject({ method: 'POST', url: '/api/account/login/options' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
      const third = await app.inject({ method: 'POST', url: '/api/account/login/options' });
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.json()).toMatchObject({ error: { code: 'rate/limited' } });
    } finally {
      await app.close();
    }
  });
});

describe('name skeletons', () => {
  it('fold case, compatibility forms, Cyrillic and Greek look-alikes, digits drawn as letters and marks', () => {
    const same = [
      ['Ada', 'ADA', 'аdа', 'ΑDΑ', 'Ａｄａ', ' Ada '],
      ['Illy', 'lIly', '1lly', 'Ӏlly'],
      ['Bob 0', 'BOB O', 'Воb о'],
      ['modern', 'rnodern'],
      ['Zoë', 'Zoe', 'ZOË'],
      ['Straße', 'STRASSE'],
      ['Kira', 'Кіга'.replace('г', 'r')],
    ];
    for (const group of same) for (const name of group) expect(skeleton(name), `${name} ~ ${group[0]}`).toBe(skeleton(group[0] as string));
    for (const [a, b] of [
      ['Ada', 'Adam'],
      ['Ada', 'Ida'],
      ['Кира', 'Kira'],
      ['Ann', 'Anne'],
    ] as const)
      expect(skeleton(a), `${a} ≁ ${b}`).not.toBe(skeleton(b));
  });
});
