import { resolveRules, type Rules } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { type GameSocket, OnlineConnection } from '../src/connection/online.ts';
import type { ClientState } from '../src/connection/types.ts';

/**
 * The lobby's messages (issue 5, docs/protocol.md § Lobby) as the connection speaks them. The
 * server of this branch does not have them yet, so a scripted stand-in answers here the way
 * the protocol document says a lobby server does; the browser tests take over once it merges.
 */

type Handler = (message: Record<string, unknown>, ack: (reply: unknown) => void, push: (event: string, payload: unknown) => void) => void;

class FakeSocket {
  connected = false;
  active = true;
  readonly sent: [string, Record<string, unknown>][] = [];
  readonly #on = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly io = { engine: { close: () => undefined } };
  constructor(readonly handlers: Record<string, Handler>) {
    queueMicrotask(() => this.connect());
  }
  on(event: string, f: (...args: unknown[]) => void): this {
    this.#on.set(event, [...(this.#on.get(event) ?? []), f]);
    return this;
  }
  connect(): this {
    this.connected = true;
    this.push('connect');
    return this;
  }
  disconnect(): this {
    this.connected = false;
    this.push('disconnect', 'io client disconnect');
    return this;
  }
  close(): void {
    this.connected = false;
    this.active = false;
  }
  emit(event: string, message: Record<string, unknown>, ack?: (reply: unknown) => void): this {
    this.sent.push([event, message]);
    this.handlers[event]?.(message, (r) => ack?.(r), (e, p) => this.push(e, p));
    return this;
  }
  push(event: string, ...args: unknown[]): void {
    for (const f of this.#on.get(event) ?? []) f(...args);
  }
}

const rules = (players: 2 | 3 | 4): Rules => {
  const r = resolveRules({ preset: 'allFives', players });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const OPEN_TABLE = { tableId: 'opentable1', code: 'K7QM3X', host: 'Ada', rules: rules(4), seats: 4, taken: 2, turnSeconds: 30, createdAt: '2026-11-29T11:00:00.000Z' };

/** A state as a lobby server sends it: the summary with code, turn time and clocks. */
function state(tableId: string, version: number, seat = 0) {
  return {
    tableId,
    version,
    seat,
    table: {
      id: tableId,
      code: 'K7QM3X',
      rules: rules(2),
      phase: 'playing',
      game: 1,
      hostSeat: 0,
      seats: [
        { seat: 0, kind: 'human', name: 'Rosa', away: false },
        { seat: 1, kind: 'bot', level: 'medium', name: 'Computer (medium)' },
      ],
      scores: [0, 0],
      createdAt: '2026-11-29T11:00:00.000Z',
      turnSeconds: 30,
      listed: false,
      timers: { turn: { seat: 0, at: '2026-11-29T11:00:30.000Z', remainingMs: 30000 }, muggins: null },
    },
    view: null,
  };
}

function connect(handlers: Record<string, Handler>, lobby = true): { conn: OnlineConnection; socket: FakeSocket; asked: () => boolean } {
  let socket: FakeSocket | null = null;
  let asked = false;
  const fetcher = (async (url: string) => {
    if (url.endsWith('/api/open-tables')) asked = true;
    if (url.endsWith('/api/open-tables')) return lobby ? Response.json({ tables: [OPEN_TABLE] }) : Response.json({ error: { code: 'http/not_found', message: 'no route' } }, { status: 404 });
    if (url.endsWith('/api/guests')) return Response.json({ player: { id: 'p_rosa12345', name: 'Rosa' }, token: 'token-rosa' });
    return Response.json({ error: { code: 'http/not_found', message: 'no route' } }, { status: 404 });
  }) as typeof fetch;
  const store = new Map([['fives.guest', JSON.stringify({ name: 'Rosa', token: 'token-rosa' })]]);
  const conn = new OnlineConnection({
    origin: 'http://fives.test',
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    fetch: fetcher,
    now: () => 1_000_000,
    socket: () => (socket = new FakeSocket(handlers)) as unknown as GameSocket,
  });
  if (socket === null) throw new Error('no socket');
  return { conn, socket, asked: () => asked };
}

function until(conn: OnlineConnection, test: (s: ClientState) => boolean): Promise<ClientState> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not reached: ${JSON.stringify({ ...conn.state, offers: [...conn.state.offers] })}`)), 2000);
    const stop = conn.subscribe((s) => {
      if (!test(s)) return;
      clearTimeout(timer);
      queueMicrotask(() => stop());
      resolve(s);
    });
  });
}

const ok = (data: unknown) => ({ ok: true, data });

describe('the lobby over the online connection', () => {
  it('learns that its server has the lobby, and follows the open tables', async () => {
    const { conn, socket } = connect({ 'lobby:watch': (m, ack) => ack(ok({ tables: m.on ? [OPEN_TABLE] : [] })) });
    const s = await until(conn, (x) => x.offers.has('joinQueue'));
    expect(s.turnTimers).toBe(true);
    expect([...s.offers]).toEqual(expect.arrayContaining(['joinCode', 'joinQueue', 'leaveQueue', 'watchOpenTables', 'playNow', 'createTable']));
    conn.send({ type: 'watchOpenTables', on: true });
    const listed = await until(conn, (x) => x.openTables.length === 1);
    expect(listed.openTables[0]).toMatchObject({ id: 'opentable1', host: 'Ada', seatsTaken: 2, turnSeconds: 30 });
    socket.push('lobby:tables', { tables: [] });
    await until(conn, (x) => x.openTables.length === 0);
    conn.send({ type: 'watchOpenTables', on: false });
    expect(socket.sent.filter(([e]) => e === 'lobby:watch').map(([, m]) => m.on)).toEqual([true, false]);
  });

  it('plays now in one step: the first state (before the ack) is the table', async () => {
    const { conn, socket } = connect({
      'lobby:playNow': (_m, ack, push) => {
        push('table:state', state('playtable1', 3));
        ack(ok({ tableId: 'playtable1', seat: 0, host: true, version: 3 }));
      },
    });
    await until(conn, (x) => x.offers.has('joinQueue'));
    conn.send({ type: 'playNow', setup: { rules: { preset: 'allFives', players: 2 }, bots: 1, level: 'hard', turnSeconds: 30 } });
    const s = await until(conn, (x) => x.table !== null);
    expect(socket.sent.find(([e]) => e === 'lobby:playNow')?.[1]).toEqual({ rules: { preset: 'allFives', players: 2 }, level: 'hard', turnSeconds: 30 });
    expect(s.table?.summary).toMatchObject({ id: 'playtable1', code: 'K7QM3X', turnSeconds: 30, turnDeadline: 1_030_000, mugginsDeadline: 0 });
    expect(s.table?.seat).toBe(0);
    // The table is followed: its next state applies, another table's does not, nor an older one.
    socket.push('table:state', state('othertable', 9));
    socket.push('table:state', state('playtable1', 2));
    expect(conn.state.table?.summary.id).toBe('playtable1');
    socket.push('table:state', { ...state('playtable1', 4), table: { ...state('playtable1', 4).table, timers: { turn: null, muggins: null } } });
    expect(conn.state.table?.summary.turnDeadline).toBeNull();
    // The turn clock ran out for this seat: the table is told, and so is the player.
    socket.push('table:timeout', { tableId: 'playtable1', seat: 0, version: 5 });
    expect(conn.state.notice?.code).toBe('turn/timeout');
  });

  it('waits in the random-opponent queue, counts who waits, cancels, and sits down when matched', async () => {
    const { conn, socket } = connect({
      'queue:join': (m, ack) => ack(ok({ queue: 'q3f0a9c2b7d41', rules: rules((m.rules as { players: 3 }).players), waiting: 1, botsAt: { at: '', remainingMs: 30000 } })),
      'queue:leave': (_m, ack) => ack(ok({ left: true })),
      'table:join': (m, ack, push) => {
        push('table:state', state(String(m.tableId), 1, 2));
        ack(ok({ tableId: m.tableId, seat: 2, host: false, version: 1 }));
      },
    });
    await until(conn, (x) => x.offers.has('joinQueue'));
    conn.send({ type: 'joinQueue', players: 3, preset: 'allFives' });
    const waiting = await until(conn, (x) => x.queue !== null);
    expect(waiting.queue).toEqual({ players: 3, preset: 'allFives', waiting: 1, botsAt: 1_030_000 });
    expect(socket.sent.find(([e]) => e === 'queue:join')?.[1]).toEqual({ rules: { preset: 'allFives', players: 3 } });
    socket.push('queue:status', { queue: 'q3f0a9c2b7d41', rules: rules(3), waiting: 2, botsAt: { at: '', remainingMs: 12000 } });
    expect(conn.state.queue?.waiting).toBe(2);

    conn.send({ type: 'leaveQueue' });
    expect(conn.state.queue).toBeNull();
    expect(socket.sent.at(-1)?.[0]).toBe('queue:leave');
    // A status arriving after leaving does not bring the queue back.
    socket.push('queue:status', { queue: 'q3f0a9c2b7d41', rules: rules(3), waiting: 1, botsAt: null });
    expect(conn.state.queue).toBeNull();

    conn.send({ type: 'joinQueue', players: 3, preset: 'allFives' });
    await until(conn, (x) => x.queue !== null);
    socket.push('queue:matched', { queue: 'q3f0a9c2b7d41', tableId: 'matchtable', seat: 2 });
    const seated = await until(conn, (x) => x.table !== null);
    expect(seated.queue).toBeNull();
    expect(seated.table?.seat).toBe(2);
    expect(socket.sent.at(-1)).toEqual(['table:join', { tableId: 'matchtable' }]);
  });

  it('joins by code, and says so when no table has it', async () => {
    const { conn, socket } = connect({
      'table:join': (m, ack, push) => {
        if (m.code !== 'K7QM3X') return ack({ ok: false, error: { code: 'table/not_found', message: 'there is no table with code ' + String(m.code) } });
        push('table:state', state('codetable1', 5, 1));
        ack(ok({ tableId: 'codetable1', seat: 1, host: false, version: 5 }));
      },
    });
    await until(conn, (x) => x.offers.has('joinCode'));
    conn.send({ type: 'joinCode', code: 'not a code' });
    expect(conn.state.notice?.code).toBe('table/bad_code');
    conn.send({ type: 'joinCode', code: 'abc-def' });
    await until(conn, (x) => x.notice?.code === 'table/not_found');
    expect(conn.state.table).toBeNull();
    conn.send({ type: 'joinCode', code: ' k7q-m3x ' });
    const s = await until(conn, (x) => x.table !== null);
    expect(s.table?.summary.id).toBe('codetable1');
    expect(socket.sent.at(-1)).toEqual(['table:join', { code: 'K7QM3X' }]);
  });

  it('leaves the lobby’s controls alone on a server without it', async () => {
    const { conn, socket, asked } = connect({}, false);
    // The first state after the server was asked is its answer's.
    await until(conn, (x) => x.link === 'online' && asked());
    expect(conn.state.offers.has('joinQueue')).toBe(false);
    expect(conn.state.turnTimers).toBe(false);
    conn.send({ type: 'joinCode', code: 'K7QM3X' });
    expect(conn.state.notice?.code).toBe('server/unsupported');
    conn.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    conn.send({ type: 'watchOpenTables', on: true });
    conn.send({ type: 'createTable', setup: { rules: { preset: 'allFives', players: 2 }, bots: 1, level: 'easy', turnSeconds: 30 } });
    expect(conn.state.notice?.code).toBe('server/no_turn_timer');
    expect(socket.sent).toEqual([]);
  });
});
