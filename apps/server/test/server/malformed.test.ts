import { type TableView, legalActions } from '@fives/engine';
import { CLIENT_EVENTS, type Problem, type Reply, type TableId, toWireAction } from '@fives/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTable, guest } from '../support/client.ts';
import { type TestServer, startServer } from '../support/server.ts';

/**
 * Every kind of bad message gets a typed refusal — on the ack and as a `refused` event — and
 * leaves the table exactly as it was.
 */
describe('malformed and refused messages', () => {
  let server: TestServer;
  let tableId: TableId;
  let a: TestClient;
  let b: TestClient;
  let watcher: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    server = await startServer({ seed: 'malformed' });
    const ada = await guest(server.url, 'Ada');
    const bob = await guest(server.url, 'Bob');
    const eve = await guest(server.url, 'Eve');
    tableId = (await createTable(server.url, ada.token, { players: 2 })).tableId;
    a = await TestClient.connect(server.url, ada.token);
    b = await TestClient.connect(server.url, bob.token);
    watcher = await TestClient.connect(server.url, null);
    stranger = await TestClient.connect(server.url, eve.token);
    await a.join(tableId);
    await b.join(tableId);
    await watcher.join(tableId);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    await a.waitForState((s) => s.view?.hand !== null && s.view?.hand !== undefined);
  });
  afterAll(async () => {
    for (const c of [a, b, watcher, stranger]) c.close();
    await server.close();
  });

  async function expectRefused(client: TestClient, event: string, payload: unknown, code: string): Promise<Problem> {
    const before = await server.app.store.load(tableId);
    const refusedEvent = client.waitFor<Problem>('refused', (p) => p.event === event);
    const reply = await client.request(event as 'table:join', payload);
    expect(reply.ok, `${event} ${JSON.stringify(payload)}`).toBe(false);
    if (reply.ok) throw new Error('unreachable');
    expect(reply.error.code, `${event} ${JSON.stringify(payload)}: ${reply.error.message}`).toBe(code);
    expect(await refusedEvent).toEqual(reply.error);
    expect(await server.app.store.load(tableId)).toEqual(before);
    return reply.error;
  }

  const badShapes = (extra: Record<string, unknown>): unknown[] => [
    undefined,
    null,
    'text',
    42,
    [],
    {},
    { tableId: 'NOT A TABLE!' },
    { tableId: 12345678 },
    { ...extra, tableId: 'abcdefgh', surplus: true },
  ];

  it('refuses a payload that does not fit, for every client event, with the issues', async () => {
    const shapes: Record<string, Record<string, unknown>> = {
      'table:join': {},
      'table:leave': {},
      'table:seat': { seat: 1, occupant: { type: 'human' } },
      'table:start': {},
      'table:rematch': {},
      'table:rematchAnswer': { accept: true },
      'game:action': { version: 1, action: { type: 'draw' } },
    };
    for (const [event, extra] of Object.entries(shapes)) {
      for (const payload of badShapes(extra)) {
        const p = await expectRefused(a, event, payload, 'message/invalid');
        expect(p.issues?.length).toBeGreaterThan(0);
      }
    }
  });

  it('refuses malformed fields inside a valid envelope', async () => {
    const v = a.state!.version;
    const cases: [string, unknown][] = [
      ['table:join', { tableId, as: 'referee' }],
      ['table:seat', { tableId, seat: 7, occupant: { type: 'human' } }],
      ['table:seat', { tableId, seat: 1, occupant: { type: 'bot', level: 'godlike' } }],
      ['table:seat', { tableId, seat: 1.5, occupant: { type: 'human' } }],
      ['game:action', { tableId, version: -1, action: { type: 'draw' } }],
      ['game:action', { tableId, version: '3', action: { type: 'draw' } }],
      ['game:action', { tableId, version: v }],
      ['game:action', { tableId, version: v, action: { type: 'play' } }],
      // (7-7 is a tile on the wire since the double-nine set: a double-six game refuses it as action/invalid)
      ['game:action', { tableId, version: v, action: { type: 'play', tile: '10-10' } }],
      ['game:action', { tableId, version: v, action: { type: 'play', tile: '1-2', end: 'up' } }],
      ['game:action', { tableId, version: v, action: { type: 'play', tile: '1-2', seat: 1 } }],
      ['game:action', { tableId, version: v, action: { type: 'claim', points: 1e9 } }],
      ['game:action', { tableId, version: v, action: { type: 'claim', points: 'ten' } }],
      ['game:action', { tableId, version: v, action: { type: 'resign' } }],
      ['game:action', { tableId, version: v, action: 'draw' }],
      ['table:join', { code: 'IOL000' }],
      ['table:join', { tableId, code: 'K7QM3X' }],
      ['table:settings', { tableId, turnSeconds: 3 }],
      ['table:settings', { tableId, turnSeconds: 601 }],
      ['table:settings', { tableId }],
      ['lobby:playNow', { rules: { players: 7 } }],
      ['lobby:playNow', { rules: { players: 2 }, level: 'godlike' }],
      ['lobby:playNow', { rules: { players: 2 }, seats: 3 }],
      ['lobby:watch', { on: 'yes' }],
      ['queue:join', {}],
      ['queue:join', { rules: { players: 2 }, waitSeconds: -1 }],
      ['queue:join', { rules: { players: 2, partnerships: true } }],
      ['queue:leave', { queue: 'q000000000000' }],
      ['queue:leave', null],
    ];
    for (const [event, payload] of cases) await expectRefused(a, event, payload, 'message/invalid');
  });

  it('refuses an event that does not exist', async () => {
    const refused = a.waitFor<Problem>('refused', (p) => p.code === 'message/unknown_event');
    a.socket.emit('table:destroy', { tableId });
    expect((await refused).message).toContain('table:destroy');
  });

  it('refuses well-formed messages the table does not allow', async () => {
    const s = a.state!;
    const view = s.view as TableView;
    const turn = view.hand!.turn;
    const mover = turn === 0 ? a : b;
    const waiter = turn === 0 ? b : a;
    const move = toWireAction(legalActions(mover.state!.view as TableView)[0]!);
    await expectRefused(waiter, 'game:action', { tableId, version: s.version, action: { type: 'pass' } }, 'move/not_your_turn');
    await expectRefused(mover, 'game:action', { tableId, version: s.version - 1, action: move }, 'action/stale');
    await expectRefused(mover, 'game:action', { tableId, version: s.version, action: { type: 'play', tile: heldBy(waiter) } }, 'move/tile_not_held');
    await expectRefused(watcher, 'game:action', { tableId, version: s.version, action: move }, 'table/not_seated');
    await expectRefused(stranger, 'game:action', { tableId, version: s.version, action: move }, 'table/not_joined');
    await expectRefused(b, 'table:start', { tableId }, 'table/not_host');
    await expectRefused(a, 'table:start', { tableId }, 'table/already_started');
    await expectRefused(a, 'table:rematch', { tableId }, 'table/game_not_over');
    await expectRefused(b, 'table:rematchAnswer', { tableId, accept: true }, 'table/no_rematch_offer');
    await expectRefused(a, 'table:seat', { tableId, seat: 1, occupant: { type: 'bot', level: 'easy' } }, 'table/already_started');
    await expectRefused(stranger, 'table:join', { tableId, as: 'player' }, 'table/already_started');
    await expectRefused(watcher, 'table:start', { tableId }, 'auth/required');
    await expectRefused(a, 'table:join', { tableId: 'nosuchtable' }, 'table/not_found');
    await expectRefused(a, 'table:leave', { tableId: 'othertable' }, 'table/not_joined');
  });

  it('answers every event sent with no payload, or with a payload too many, on its ack', async () => {
    const before = await server.app.store.load(tableId);
    const ask = (args: unknown[]): Promise<Reply<unknown>> =>
      new Promise((resolve, reject) => {
        // The timeout only bounds a failing run: a correct server answers at once.
        stranger.socket.timeout(5_000).emit(args[0] as string, ...args.slice(1), (err: Error | null, reply: Reply<unknown>) => (err ? reject(err) : resolve(reply)));
      });
    for (const event of CLIENT_EVENTS) {
      for (const args of [[event], [event, { tableId }, 'surplus'], [event, undefined, undefined]]) {
        const reply = await ask(args);
        expect(reply, JSON.stringify(args)).toMatchObject({ ok: false, error: { code: 'message/invalid', event } });
      }
    }
    expect(await server.app.store.load(tableId)).toEqual(before);
  });

  it('refuses a connection with a forged token', async () => {
    const forged = `${Buffer.from(JSON.stringify({ v: 1, id: 'p_forged000000', name: 'Mallory' })).toString('base64url')}.AAAA`;
    const socket = io(server.url, { auth: { token: forged }, transports: ['websocket'], reconnection: false, forceNew: true });
    const error = await new Promise<Error & { data?: Problem }>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.data?.code).toBe('auth/invalid_token');
  });
});

function heldBy(client: TestClient): string {
  return (client.state!.view as TableView).hand!.tiles![0]!;
}
