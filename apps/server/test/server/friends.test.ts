import { type Friends, FriendsSchema, type GuestResponse, type Problem } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { type TestServer, startNodes } from '../support/server.ts';
import { until } from '../support/until.ts';

// Friends and presence (docs/protocol.md), on two real nodes sharing Redis: a follow made on one
// node, the person followed seen online, in a queue, at a table and away from the other; and a
// node that dies (no clean close) stops showing its people online once its entry expires.
const PRESENCE_TTL_MS = 1500;
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
  cluster = await startNodes(2, { seed: 'friends', presenceTtlMs: PRESENCE_TTL_MS, follows: archive.followStore() });
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
    const queued = (await friendsOf(one, ada)).friends[0]?.presence;
    expect(queued?.kind).toBe('queue');
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
