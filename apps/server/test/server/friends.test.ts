import { type ChallengeAnswered, type FriendChallenge, type Friends, FriendsSchema, type GuestResponse, type Problem, type TableId } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { type TestServer, startNodes } from '../support/server.ts';
import { until } from '../support/until.ts';

// Friends and presence (docs/protocol.md), on two real nodes sharing Redis: a follow made on one
// node, the person followed seen online, in a queue, at a table and away from the other; and a
// node that dies (no clean close) stops showing its people online once its entry expires.
// Short enough to wait for, long enough (a refresh every 1.3 s) that a busy machine's late timer never lets a live node's entry lapse.
const PRESENCE_TTL_MS = 4000;
let db: TestDatabase;
let archive: PostgresArchive;
let cluster: Awaited<ReturnType<typeof startNodes>>;
let one: TestServer;
let two: TestServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  db = await testDatabase();
  // The follows in PostgreSQL, as the nodes of a deployment share them.
  archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
  cluster = await startNodes(2, { seed: 'friends', presenceTtlMs: PRESENCE_TTL_MS, follows: archive.followStore(), safety: archive.safetyStore() });
  [one, two] = cluster.nodes as [TestServer, TestServer];
});
afterAll(async () => {
  for (const c of clients) c.close();
  await cluster.close();
  await archive.close();
  await db.drop();
});

const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
const codeOf = (res: { json: () => unknown }): string => (res.json() as { error: Problem }).error.code;

async function friendsOf(node: TestServer, who: GuestResponse): Promise<Friends> {
  const res = await node.app.inject({ method: 'GET', url: '/api/friends', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return FriendsSchema.parse(res.json());
}

async function connect(node: TestServer, g: GuestResponse): Promise<TestClient> {
  const c = await TestClient.connect(node.url, g.token);
  clients.push(c);
  return c;
}

/** Ada follows Bob on node one, knowing him from the table he made. */
async function follows(ada: GuestResponse, bob: GuestResponse): Promise<void> {
  const { tableId } = await createTable(one.url, bob.token, { players: 2 });
  const res = await one.app.inject({ method: 'PUT', url: `/api/follows/${bob.player.id}`, headers: bearer(ada.token), payload: { tableId } });
  expect(res.statusCode).toBe(200);
}

const presenceOf = async (node: TestServer, ada: GuestResponse, bob: GuestResponse): Promise<string> => {
  const friend = (await friendsOf(node, ada)).friends.find((f) => f.playerId === bob.player.id);
  return friend === undefined ? 'not followed' : friend.presence.kind;
};

describe('friends and presence', () => {
  it('follows and unfollows, and refuses bad input with a typed error, storing nothing', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    const put = (id: string, token = ada.token, payload: object = {}) => one.app.inject({ method: 'PUT', url: `/api/follows/${id}`, headers: bearer(token), payload });
    const refused: [() => ReturnType<typeof put>, number, string][] = [
      [() => put(ada.player.id), 400, 'follow/self'],
      [() => put('p_nobody0000000000'), 404, 'player/not_found'],
      [() => put('not-an-id'), 400, 'message/invalid'],
      [() => put(bob.player.id, ada.token, { extra: true }), 400, 'message/invalid'],
      [() => one.app.inject({ method: 'PUT', url: `/api/follows/${bob.player.id}`, payload: {} }), 401, 'auth/required'],
      // Bob made no table and played no game: nobody knows him yet.
      [() => put(bob.player.id), 404, 'player/not_found'],
    ];
    for (const [request, status, code] of refused) {
      const res = await request();
      expect(res.statusCode, code).toBe(status);
      expect(codeOf(res), code).toBe(code);
    }
    expect((await friendsOf(two, ada)).friends).toEqual([]);

    await follows(ada, bob);
    const listed = await friendsOf(two, ada);
    expect(listed.friends).toEqual([{ playerId: bob.player.id, name: 'Bob', since: expect.any(String), presence: { kind: 'offline' } }]);
    // One way: Bob follows nobody for it.
    expect((await friendsOf(two, bob)).friends).toEqual([]);
    // From a seat's panel: whoever sits there (nobody at an open seat).
    const { tableId } = await createTable(one.url, ada.token, { players: 2 });
    const cy = await guest(one.url, 'Cy');
    await connect(two, cy).then((c) => c.join(tableId));
    const bySeat = (seat: number) => two.app.inject({ method: 'POST', url: '/api/follows', headers: bearer(bob.token), payload: { tableId, seat } });
    expect((await bySeat(1)).json<Friends>().friends.map((f) => [f.playerId, f.name])).toEqual([[cy.player.id, 'Cy']]);
    // Two follows may share a millisecond: the names, in any order.
    expect(
      (await bySeat(0))
        .json<Friends>()
        .friends.map((f) => f.name)
        .toSorted(),
    ).toEqual(['Ada', 'Cy']);
    const nobody = await bySeat(3);
    expect([nobody.statusCode, codeOf(nobody)]).toEqual([404, 'player/not_found']);
    const bad = await bySeat(4);
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'message/invalid']);
    const gone = await two.app.inject({ method: 'DELETE', url: `/api/follows/${bob.player.id}`, headers: bearer(ada.token) });
    expect(gone.json()).toEqual({ friends: [] });
  });

  it('shows a friend on another node online, in a queue and away', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    expect(await presenceOf(one, ada, bob)).toBe('offline');
    const b = await connect(two, bob);
    await until('Bob online', async () => (await presenceOf(one, ada, bob)) === 'online');
    const joined = await b.request('queue:join', { rules: { preset: 'allFives', players: 3 }, waitSeconds: 600 });
    expect(joined.ok).toBe(true);
    expect(await presenceOf(one, ada, bob)).toBe('queue');
    expect((await b.request('queue:leave', {})).ok).toBe(true);
    expect(await presenceOf(one, ada, bob)).toBe('online');
    b.close();
    await until('Bob away', async () => (await presenceOf(one, ada, bob)) === 'offline');
  });

  it('shows a friend at a game under way at its table', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    const b = await connect(two, bob);
    const { tableId } = await createTable(two.url, bob.token, { players: 2 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }]);
    await b.join(tableId);
    expect((await b.request('table:start', { tableId })).ok).toBe(true);
    await until('Bob playing', async () => {
      const p = (await friendsOf(one, ada)).friends[0]?.presence;
      return p?.kind === 'playing' && p.tableId === tableId;
    });
  });

  it("stops showing a dead node's people online within its entry's life", async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    await connect(two, bob);
    await until('Bob online', async () => (await presenceOf(one, ada, bob)) === 'online');
    // Node two stops refreshing and takes nothing out, as a process that died would; Bob's socket stays open.
    two.app.presence.stop();
    await until('Bob offline after node two died', async () => (await presenceOf(one, ada, bob)) === 'offline', 100, 100);
    // And back when the node refreshes again (a node that was only cut off from Redis).
    two.app.presence.start();
    await until('Bob online again', async () => (await presenceOf(one, ada, bob)) === 'online');
  });
});

describe('challenges', () => {
  const RULES = { preset: 'allFives', players: 2 } as const;
  const challenge = (node: TestServer, by: GuestResponse, payload: object) => node.app.inject({ method: 'POST', url: '/api/challenges', headers: bearer(by.token), payload });
  const answer = (node: TestServer, by: GuestResponse, id: string, how: 'accept' | 'decline') =>
    node.app.inject({ method: 'POST', url: `/api/challenges/${id}/${how}`, headers: bearer(by.token) });

  it('reaches the one challenged live on another node and as a note; accepted, both are seated at one table', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    const [a, b] = await Promise.all([connect(one, ada), connect(two, bob)]);
    const noted = vi.spyOn(one.app.notifier, 'notify');
    const received = b.waitFor<FriendChallenge>('challenge:received');
    const made = await challenge(one, ada, { playerId: bob.player.id, rules: RULES });
    expect(made.statusCode).toBe(201);
    const sent = made.json<{ challenge: FriendChallenge }>().challenge;
    expect(sent).toMatchObject({ from: { playerId: ada.player.id, name: 'Ada' }, to: { playerId: bob.player.id, name: 'Bob' }, rules: RULES });
    expect(await received).toEqual(sent);
    expect(noted).toHaveBeenCalledWith(bob.player.id, { kind: 'challenge', params: { from: 'Ada' }, url: '/', tag: `challenge-${sent.id}` });
    noted.mockRestore();

    // Only Bob may accept it.
    const stolen = await answer(one, ada, sent.id, 'accept');
    expect([stolen.statusCode, codeOf(stolen)]).toEqual([404, 'challenge/not_found']);
    const toAda = a.waitFor<ChallengeAnswered>('challenge:answered');
    const toBob = b.waitFor<ChallengeAnswered>('challenge:answered');
    const accepted = await answer(two, bob, sent.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const { tableId } = accepted.json<{ challenge: ChallengeAnswered }>().challenge;
    expect(tableId).not.toBeNull();
    expect(await toAda).toEqual({ id: sent.id, accepted: true, tableId });
    expect(await toBob).toEqual({ id: sent.id, accepted: true, tableId });
    // Answered once: a second accept finds nothing.
    const again = await answer(two, bob, sent.id, 'accept');
    expect([again.statusCode, codeOf(again)]).toEqual([404, 'challenge/not_found']);
    expect((await a.join(tableId as string)).seat).toBe(0);
    expect((await b.join(tableId as string)).seat).toBe(1);
    expect(b.state?.table.phase).toBe('playing');
  });

  it('deals a correspondence game when the challenge gives days a move, and refuses a turn time that is not one', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    const odd = await challenge(one, ada, { playerId: bob.player.id, rules: RULES, turnSeconds: 5 * 86_400 });
    expect([odd.statusCode, codeOf(odd)]).toEqual([400, 'message/invalid']);
    const made = await challenge(one, ada, { playerId: bob.player.id, rules: RULES, turnSeconds: 2 * 86_400 });
    expect(made.statusCode).toBe(201);
    const sent = made.json<{ challenge: FriendChallenge }>().challenge;
    expect(sent.turnSeconds).toBe(2 * 86_400);
    const accepted = await answer(two, bob, sent.id, 'accept');
    const { tableId } = accepted.json<{ challenge: ChallengeAnswered }>().challenge;
    const doc = await one.app.store.load(tableId as TableId);
    expect(doc?.settings.turnSeconds).toBe(2 * 86_400);
    expect(doc?.phase).toBe('playing');
  });

  it('tells the challenger when it is declined', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    const a = await connect(one, ada);
    const made = await challenge(one, ada, { playerId: bob.player.id, rules: RULES });
    const { id } = made.json<{ challenge: FriendChallenge }>().challenge;
    const told = a.waitFor<ChallengeAnswered>('challenge:answered');
    const declined = await answer(two, bob, id, 'decline');
    expect(declined.json()).toEqual({ challenge: { id, accepted: false, tableId: null } });
    expect(await told).toEqual({ id, accepted: false, tableId: null });
    const late = await answer(two, bob, id, 'accept');
    expect(codeOf(late)).toBe('challenge/not_found');
  });

  it('refuses a challenge to oneself, to an unknown player, with bad rules, or between a blocker and the blocked, with a typed error', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    const refused: [object, number, string][] = [
      [{ playerId: ada.player.id, rules: RULES }, 400, 'challenge/self'],
      [{ playerId: 'p_nobody0000000000', rules: RULES }, 404, 'player/not_found'],
      [{ playerId: bob.player.id, rules: { preset: 'allFives', players: 7 } }, 400, 'rules/invalid'],
      [{ playerId: bob.player.id }, 400, 'rules/invalid'],
      [{ playerId: bob.player.id, rules: RULES, extra: 1 }, 400, 'message/invalid'],
    ];
    for (const [payload, status, code] of refused) {
      const res = await challenge(one, ada, payload);
      expect([res.statusCode, codeOf(res)], JSON.stringify(payload)).toEqual([status, code]);
    }
    // Bob blocks Ada (he knows her from the table she made): no challenge either way.
    const { tableId } = await createTable(one.url, ada.token, { players: 2 });
    expect((await two.app.inject({ method: 'PUT', url: `/api/blocks/${ada.player.id}`, headers: bearer(bob.token), payload: { tableId } })).statusCode).toBe(200);
    const fromAda = await challenge(one, ada, { playerId: bob.player.id, rules: RULES });
    expect([fromAda.statusCode, codeOf(fromAda)]).toEqual([403, 'challenge/blocked']);
    const fromBob = await challenge(two, bob, { playerId: ada.player.id, rules: RULES });
    expect([fromBob.statusCode, codeOf(fromBob)]).toEqual([403, 'challenge/blocked']);
    const bad = await answer(two, bob, 'not-a-challenge', 'accept');
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'message/invalid']);
  });

  it('refuses to accept once a block was made while the challenge waited, and tells both it is off', async () => {
    const [ada, bob] = await Promise.all([guest(one.url, 'Ada'), guest(one.url, 'Bob')]);
    await follows(ada, bob);
    const a = await connect(one, ada);
    const { id } = (await challenge(one, ada, { playerId: bob.player.id, rules: RULES })).json<{ challenge: FriendChallenge }>().challenge;
    const { tableId } = await createTable(one.url, ada.token, { players: 2 });
    expect((await two.app.inject({ method: 'PUT', url: `/api/blocks/${ada.player.id}`, headers: bearer(bob.token), payload: { tableId } })).statusCode).toBe(200);
    const told = a.waitFor<ChallengeAnswered>('challenge:answered');
    const refused = await answer(two, bob, id, 'accept');
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'challenge/blocked']);
    expect(await told).toEqual({ id, accepted: false, tableId: null });
  });

  it('offers challenge notes to the browsers, beside the turn and tournament notes', async () => {
    const info = await one.app.inject({ method: 'GET', url: '/api/push' });
    expect(info.json<{ kinds: string[] }>().kinds).toEqual(['turn', 'challenge', 'tournament']);
  });
});
