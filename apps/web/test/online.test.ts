import { type TableView, legalActions } from '@fives/engine';
import { toWireAction } from '@fives/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../src/connection/guest.ts';
import { describeEvent, turnSentence } from '../src/lib/announce.ts';
import { type GameSocket, OnlineConnection } from '../src/connection/online.ts';
import type { ClientState, GameSetup, Move } from '../src/connection/types.ts';
import { type GameServer, startGameServer } from './support/server.ts';

/**
 * The online connection against the real server and Redis, over real sockets: what the
 * browser tests do through the screens, here at the level of the `Connection` contract.
 */

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** Resolves with the first state that passes `test` (the current one included). */
function until(conn: OnlineConnection, test: (s: ClientState) => boolean, what: string): Promise<ClientState> {
  return new Promise((resolve, reject) => {
    let stop: (() => void) | null = null;
    const timer = setTimeout(() => {
      stop?.();
      reject(new Error(`timed out waiting for ${what}: ${JSON.stringify({ ...conn.state, table: conn.state.table?.summary ?? null })}`));
    }, 15_000);
    stop = conn.subscribe((s) => {
      if (!test(s)) return;
      clearTimeout(timer);
      queueMicrotask(() => stop?.());
      resolve(s);
    });
  });
}

const SETUP: GameSetup = { rules: { preset: 'allFives', players: 3, target: 30 }, bots: 2, level: 'medium', turnSeconds: null };

describe('the online connection against the real server', () => {
  let server: GameServer;
  const open: OnlineConnection[] = [];
  const sockets: GameSocket[] = [];
  const connect = (store = memoryStore()): OnlineConnection => {
    const conn = new OnlineConnection({ origin: server.url, storage: store, socket: (url, o) => sockets[sockets.push(io(url, o)) - 1] as GameSocket });
    open.push(conn);
    return conn;
  };
  const named = async (name: string, store = memoryStore()): Promise<OnlineConnection> => {
    const conn = connect(store);
    await until(conn, (s) => s.link === 'online', 'the link');
    conn.send({ type: 'setName', name });
    await until(conn, (s) => s.name === name && s.link === 'online', `${name}'s token`);
    return conn;
  };

  beforeAll(async () => {
    server = await startGameServer({ seed: 'online-connection' });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server?.close();
  });

  it('keeps the same guest under a new name, and the token in storage', async () => {
    const store = memoryStore();
    const ada = await named('Ada', store);
    const first = JSON.parse(store.map.get('fives.guest') ?? '{}') as { token: string };
    ada.send({ type: 'setName', name: 'Ada L' });
    await until(ada, (s) => s.name === 'Ada L', 'the new name');
    const second = JSON.parse(store.map.get('fives.guest') ?? '{}') as { token: string; name: string };
    expect(second.name).toBe('Ada L');
    expect(second.token).not.toBe(first.token);
    // The token names the same player: its payload's id is unchanged.
    const id = (t: string) => (JSON.parse(Buffer.from(t.split('.')[0] ?? '', 'base64url').toString()) as { id: string }).id;
    expect(id(second.token)).toBe(id(first.token));
  });

  it('creates a table, seats a friend by its id, lets the host seat a bot, and plays with versions', async () => {
    const host = await named('Host');
    const friend = await named('Friend');
    host.send({ type: 'createTable', setup: { ...SETUP, bots: 0 } });
    const waiting = await until(host, (s) => s.table !== null, 'the new table');
    const table = waiting.table?.summary;
    expect(table?.phase).toBe('waiting');
    expect(waiting.table?.seat).toBe(0);
    expect(table?.hostSeat).toBe(0);
    expect(table?.inviteUrl).toBe(`${server.url}/t/${table?.id}`);
    expect(table?.seats.map((s) => s.kind)).toEqual(['human', 'open', 'open']);

    friend.send({ type: 'joinTable', table: table!.id });
    const seated = await until(friend, (s) => s.table !== null, 'a seat');
    expect(seated.table?.seat).toBe(1);
    expect(seated.table?.summary.hostSeat).toBe(0);
    await until(host, (s) => s.table?.summary.seats[1]?.kind === 'human' && s.table.summary.seats[1].connected, 'the friend, connected');

    // Only the host seats bots and starts.
    friend.send({ type: 'startGame' });
    await until(friend, (s) => s.notice?.code === 'table/not_host', 'a refusal');
    host.send({ type: 'startGame' });
    await until(host, (s) => s.notice?.code === 'table/seats_open', 'seats still open');
    host.send({ type: 'setSeat', seat: 2, occupant: { type: 'bot', level: 'easy' } });
    await until(friend, (s) => s.table?.summary.seats[2]?.kind === 'bot', 'the bot');
    host.send({ type: 'startGame' });

    // Both play their turns until the game ends; every move carries the version it was made on.
    const play = async (conn: OnlineConnection): Promise<ClientState> => {
      for (let i = 0; i < 400; i++) {
        const s = await until(
          conn,
          (x) => x.table?.summary.phase === 'over' || (!x.sending && x.table?.view != null && legalActions(x.table.view).length > 0),
          'a move or the end',
        );
        if (s.table?.summary.phase === 'over') return s;
        const view = s.table!.view!;
        const move: Move = toWireAction(legalActions(view)[0]!);
        conn.send({ type: 'move', move });
        expect(conn.state.sending).toBe(true);
        // The answer comes after the state the move made.
        const after = await until(conn, (x) => !x.sending, 'the answer');
        expect(after.table?.view).not.toBe(view);
        expect(after.notice).toBeNull();
      }
      throw new Error('the game did not end');
    };
    const [a, b] = await Promise.all([play(host), play(friend)]);
    expect(a.table?.view?.winner).not.toBeNull();
    expect(b.table?.view?.scores).toEqual(a.table?.view?.scores);

    // Only the host may start the rematch.
    friend.send({ type: 'rematch' });
    await until(friend, (s) => s.notice?.code === 'table/not_host', 'a refusal');
    // The host offers; the friend is asked (issue 31), and their yes deals the next game.
    host.send({ type: 'rematch' });
    await until(friend, (s) => s.table?.summary.rematch?.accepted.length === 1, 'the offer');
    friend.send({ type: 'answerRematch', accept: true });
    await until(friend, (s) => s.table?.summary.game === 2 && s.table.summary.phase === 'playing', 'the rematch');
  }, 30_000);

  it('plays now against the computer in one step, with a turn timer', async () => {
    const solo = await named('Solo');
    solo.send({ type: 'playNow', setup: { ...SETUP, bots: 1, rules: { preset: 'allFives', players: 2 }, turnSeconds: 30 } });
    // A second click while the first is on its way makes no second table.
    solo.send({ type: 'playNow', setup: { ...SETUP, bots: 1, rules: { preset: 'allFives', players: 2 }, turnSeconds: 30 } });
    const s = await until(solo, (x) => x.table?.summary.phase === 'playing', 'the dealt table');
    expect(s.table?.seat).toBe(0);
    expect(s.table?.summary.hostSeat).toBe(0);
    expect(s.table?.summary.seats.map((x) => x.kind)).toEqual(['human', 'bot']);
    expect(s.table?.summary.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
    expect(s.table?.summary.turnSeconds).toBe(30);
    expect(s.table?.view?.hand?.tiles?.length ?? 0).toBeGreaterThan(0);
    // The person's turn is timed, on this client's clock; a computer's is not.
    const mine = await until(solo, (x) => x.table?.view?.hand?.turn === 0, 'the player’s turn');
    expect(mine.table?.summary.turnDeadline).toBeGreaterThan(Date.now());
    expect(mine.table?.summary.turnDeadline).toBeLessThanOrEqual(Date.now() + 30_000);
    solo.send({ type: 'leaveTable' });
    await until(solo, (x) => x.table === null && x.joining === null, 'the lobby');
  });

  it('sends a move again by itself when the server was too busy for it, and says so meanwhile', async () => {
    // The first move this socket sends is answered as a store outage would answer it (the
    // server's side of that is in the server's outage tests); the client must not drop the move.
    let refusedOnce = false;
    const conn = new OnlineConnection({
      origin: server.url,
      storage: memoryStore(),
      socket: (url, o) => {
        const socket = io(url, o) as GameSocket;
        const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => GameSocket;
        (socket as unknown as { emit: typeof emit }).emit = (event, ...args) => {
          if (event !== 'game:action' || refusedOnce) return emit(event, ...args);
          refusedOnce = true;
          const ack = args[1] as (reply: unknown) => void;
          queueMicrotask(() => ack({ ok: false, error: { code: 'server/busy', message: 'the store cannot be reached', retryAfterMs: 20, event } }));
          return socket;
        };
        return sockets[sockets.push(socket) - 1] as GameSocket;
      },
    });
    open.push(conn);
    await until(conn, (s) => s.link === 'online', 'the link');
    conn.send({ type: 'setName', name: 'Patient' });
    await until(conn, (s) => s.name === 'Patient' && s.link === 'online', 'the token');
    conn.send({ type: 'playNow', setup: { ...SETUP, bots: 1, rules: { preset: 'allFives', players: 2 } } });
    const mine = await until(conn, (x) => x.table?.view?.hand?.turn === 0 && !x.sending, 'the player’s turn');
    const mineBefore = mine.table!.view!.hand!.log.filter((e) => 'seat' in e && e.seat === 0).length;
    const said = until(conn, (x) => x.notice?.code === 'server/busy', 'the busy notice');
    conn.send({ type: 'move', move: toWireAction(legalActions(mine.table!.view!)[0]!) });
    expect((await said).notice?.message).toBe('The server is busy; your move goes again in a moment.');
    expect(conn.state.sending).toBe(true);
    const after = await until(conn, (x) => !x.sending, 'the answer');
    expect(refusedOnce).toBe(true);
    expect(after.notice).toBeNull();
    expect(after.table!.view!.hand!.log.filter((e) => 'seat' in e && e.seat === 0).length).toBeGreaterThan(mineBefore);
  });

  it('names the computer players for nobody at the table, in the seats, the status line and the move log', async () => {
    const ada = await named('Ada');
    ada.send({ type: 'playNow', setup: { ...SETUP, level: 'hard' } });
    const dealt = await until(ada, (x) => x.table?.summary.phase === 'playing', 'the dealt table');
    const seats = dealt.table!.summary.seats;
    expect(seats.map((x) => [x.name, x.level])).toEqual([
      ['Ada', null],
      ['Basil', 'hard'],
      ['Cleo', 'hard'],
    ]);
    const names = seats.map((x) => x.name);
    // Every view this client is shown, while Ada plays until a computer player has moved too.
    const views: TableView[] = [];
    const stop = ada.subscribe((x) => {
      if (x.table?.view) views.push(x.table.view);
    });
    const botsMoved = (x: ClientState): boolean => (x.table?.view?.hand?.log ?? []).some((e) => 'seat' in e && e.seat === 1);
    for (let i = 0; i < 200 && !botsMoved(ada.state); i++) {
      const s = await until(ada, (x) => botsMoved(x) || (!x.sending && x.table?.view != null && legalActions(x.table.view).length > 0), 'a move or a bot’s');
      if (botsMoved(s)) break;
      ada.send({ type: 'move', move: toWireAction(legalActions(s.table!.view!)[0]!) });
      await until(ada, (x) => !x.sending, 'the answer');
    }
    stop();
    const view = ada.state.table!.view!;
    const bySeat1 = (view.hand?.log ?? []).filter((e) => 'seat' in e && e.seat === 1);
    expect(bySeat1.length).toBeGreaterThan(0);
    for (const e of bySeat1) expect(describeEvent(e, view.rules, names, 0)).toMatch(/^Basil /);
    const botsTurn = views.find((v) => v.status === 'playing' && v.hand !== null && v.hand.turn !== 0);
    expect(botsTurn && turnSentence(botsTurn, names)).toMatch(/^(Basil|Cleo) (to play|is counting)\.$/);
    ada.send({ type: 'leaveTable' });
    await until(ada, (x) => x.table === null && x.joining === null, 'the lobby');
  });

  it('lets the host change the turn time and the listing after making the table, and nobody else', async () => {
    const watcher = await named('Browser');
    watcher.send({ type: 'watchOpenTables', on: true });
    const host = await named('Setter');
    host.send({ type: 'createTable', setup: { ...SETUP, bots: 0 } });
    const made = await until(host, (s) => s.table !== null, 'the table');
    const { id } = made.table!.summary;
    expect(made.table?.summary).toMatchObject({ listed: false, turnSeconds: null });

    host.send({ type: 'tableSettings', turnSeconds: 60, listed: true });
    await until(host, (s) => s.table?.summary.turnSeconds === 60 && s.table.summary.listed, 'the new settings');
    await until(watcher, (s) => s.openTables.some((t) => t.id === id && t.turnSeconds === 60), 'the table listed');

    const guest = await named('Guest');
    guest.send({ type: 'joinTable', table: id });
    await until(guest, (s) => s.table?.summary.id === id, 'the guest seated');
    guest.send({ type: 'tableSettings', turnSeconds: null });
    await until(guest, (s) => s.notice?.code === 'table/not_host', 'a refusal');
    expect(guest.state.table?.summary.turnSeconds).toBe(60);

    host.send({ type: 'tableSettings', turnSeconds: null, listed: false });
    await until(host, (s) => s.table?.summary.turnSeconds === null && !s.table.summary.listed, 'the timer off, unlisted');
    await until(watcher, (s) => !s.openTables.some((t) => t.id === id), 'the table unlisted');
  });

  it('lists a table among the open tables and seats a friend by its code', async () => {
    const watcher = await named('Watcher');
    watcher.send({ type: 'watchOpenTables', on: true });
    const host = await named('Lister');
    host.send({ type: 'createTable', setup: { ...SETUP, bots: 0 }, listed: true });
    const made = await until(host, (s) => s.table !== null, 'the table');
    const { id, code } = made.table!.summary;
    const listed = await until(watcher, (s) => s.openTables.some((t) => t.id === id), 'the table listed');
    expect(listed.openTables.find((t) => t.id === id)).toMatchObject({ code, host: 'Lister', seatsTaken: 1 });

    const friend = await named('Coder');
    friend.send({ type: 'joinCode', code: 'not a code' });
    expect(friend.state.notice?.code).toBe('table/bad_code');
    // A code in the right form that no table has.
    friend.send({ type: 'joinCode', code: code === '222222' ? '333333' : '222222' });
    await until(friend, (s) => s.notice?.code === 'table/not_found', 'no such code');
    // Typed as a person types it: lower case, with a dash.
    friend.send({ type: 'joinCode', code: `${code!.slice(0, 3).toLowerCase()}-${code!.slice(3)}` });
    const seated = await until(friend, (s) => s.table?.summary.id === id, 'a seat by code');
    expect(seated.table?.seat).toBe(1);
    await until(watcher, (s) => s.openTables.find((t) => t.id === id)?.seatsTaken === 2, 'the list updated');
    host.send({ type: 'setSeat', seat: 2, occupant: { type: 'bot', level: 'easy' } });
    // Full: off the list.
    await until(watcher, (s) => !s.openTables.some((t) => t.id === id), 'the table off the list');
    watcher.send({ type: 'watchOpenTables', on: false });
    expect(watcher.state.openTables).toEqual([]);
  });

  it('waits in the random-opponent queue with a live count, cancels, and is matched into one table', async () => {
    const [ann, ben] = await Promise.all([named('Ann'), named('Ben')]);
    ann.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    expect((await until(ann, (s) => s.queue !== null, 'waiting')).queue).toMatchObject({ players: 2, preset: 'allFives', waiting: 1 });
    expect(ann.state.queue?.botsAt).toBeGreaterThan(Date.now());
    // Her own rating, from the join's ack: a newcomer's, not yet sure.
    expect((await until(ann, (s) => s.queue?.rating != null, 'her rating')).queue?.rating).toBe('?');
    ann.send({ type: 'leaveQueue' });
    expect(ann.state.queue).toBeNull();
    ann.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    await until(ann, (s) => s.queue?.waiting === 1, 'waiting again');
    ben.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    const [a, b] = await Promise.all([ann, ben].map((c) => until(c, (s) => s.table?.summary.phase === 'playing', 'the matched table')));
    expect(a?.queue).toBeNull();
    expect(b?.queue).toBeNull();
    expect(a?.table?.summary.id).toBe(b?.table?.summary.id);
    expect([a?.table?.seat, b?.table?.seat].sort()).toEqual([0, 1]);
    expect(a?.table?.summary.seats.map((x) => x.name).sort()).toEqual(['Ann', 'Ben']);
  });

  it('keeps a queue ban the server refuses a join with, says it, and forgets it once a join is accepted', async () => {
    // The first queue:join is answered as a banned person's is (the server's side of it, and
    // its `refused` event that sets the notice, are apps/server/test/server/leavers.test.ts);
    // the next goes to the server.
    let refusedOnce = false;
    const conn = new OnlineConnection({
      origin: server.url,
      storage: memoryStore(),
      socket: (url, o) => {
        const socket = io(url, o) as GameSocket;
        const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => GameSocket;
        (socket as unknown as { emit: typeof emit }).emit = (event, ...args) => {
          if (event !== 'queue:join' || refusedOnce) return emit(event, ...args);
          refusedOnce = true;
          const ack = args[1] as (reply: unknown) => void;
          const error = { code: 'queue/banned', message: 'banned', event, until: new Date(Date.now() + 600_000).toISOString(), retryAfterMs: 600_000, leaves: 2, windowHours: 24 };
          queueMicrotask(() => ack({ ok: false, error }));
          return socket;
        };
        return sockets[sockets.push(socket) - 1] as GameSocket;
      },
    });
    open.push(conn);
    await until(conn, (s) => s.link === 'online', 'the link');
    conn.send({ type: 'setName', name: 'Leaver' });
    await until(conn, (s) => s.name === 'Leaver' && s.link === 'online', 'the token');
    const before = Date.now();
    conn.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    const banned = await until(conn, (s) => s.queueBan !== null, 'the ban');
    expect(banned.queue).toBeNull();
    expect(banned.queueBan).toMatchObject({ leaves: 2, windowHours: 24 });
    expect(banned.queueBan!.until).toBeGreaterThanOrEqual(before + 600_000);
    expect(banned.queueBan!.until).toBeLessThanOrEqual(Date.now() + 600_000);
    conn.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    const waiting = await until(conn, (s) => s.queue !== null, 'waiting');
    expect(waiting.queueBan).toBeNull();
    conn.send({ type: 'leaveQueue' });
  });

  it('refuses an unknown table and moves by a spectator, in words', async () => {
    const p = await named('Picky');
    p.send({ type: 'joinTable', table: 'nosuchtable' as never });
    const missing = await until(p, (s) => s.notice?.code === 'table/not_found', 'not found');
    expect(missing.joining).toBeNull();
    expect(missing.table).toBeNull();

    const host = await named('Shown');
    host.send({ type: 'playNow', setup: SETUP });
    const t = await until(host, (s) => s.table?.summary.phase === 'playing', 'a game');
    const watcher = connect();
    watcher.send({ type: 'joinTable', table: t.table!.summary.id });
    const watching = await until(watcher, (s) => s.table?.view != null, 'the spectator view');
    expect(watching.table?.seat).toBeNull();
    expect(watching.table?.view?.hand?.tiles).toBeNull();
    watcher.send({ type: 'move', move: { type: 'draw' } });
    await until(watcher, (s) => s.notice?.code === 'table/not_seated', 'no moves for spectators');
  });

  it('sends quick reactions that everyone at the table hears, refuses a spectator’s and too many in words, and forgets them on leaving', async () => {
    const p = await named('Cheery');
    p.send({ type: 'playNow', setup: SETUP });
    const t = await until(p, (s) => s.table?.summary.phase === 'playing', 'a game');
    const watcher = connect();
    watcher.send({ type: 'joinTable', table: t.table!.summary.id });
    await until(watcher, (s) => s.table?.view != null, 'the spectator view');

    const keys = ['nice', 'oops', 'thumbsUp', 'goodGame', 'clap'] as const;
    for (const reaction of keys) p.send({ type: 'react', reaction });
    const heard = await until(watcher, (s) => s.reactions.length === keys.length, 'five reactions');
    expect(heard.reactions.map((r) => [r.seat, r.reaction])).toEqual(keys.map((k) => [0, k]));
    expect(new Set(heard.reactions.map((r) => r.player)).size).toBe(1);
    expect(heard.reactions.map((r) => r.id)).toEqual([...heard.reactions.map((r) => r.id)].sort((a, b) => a - b));
    // The sixth within the window (the server's default limit is five per 30 s).
    p.send({ type: 'react', reaction: 'wow' });
    const limited = await until(p, (s) => s.notice?.code === 'reaction/rate_limited', 'too many reactions');
    expect(limited.notice?.message).toBe('That is a lot of reactions: wait a few seconds before the next.');
    watcher.send({ type: 'react', reaction: 'nice' });
    await until(watcher, (s) => s.notice?.code === 'table/not_seated', 'no reactions from spectators');
    p.send({ type: 'leaveTable' });
    expect((await until(p, (s) => s.table === null, 'leaving')).reactions).toEqual([]);
  });

  it('comes back to the same seat after the network drops, and hands the seat to a second tab', async () => {
    const store = memoryStore();
    const first = await named('Tabby', store);
    first.send({ type: 'playNow', setup: SETUP });
    const before = await until(first, (s) => s.table?.summary.phase === 'playing', 'a game');
    const socket = sockets.at(-1)!;
    // Cut the transport under the socket, as a lost network does.
    socket.io.engine.close();
    await until(first, (s) => s.link === 'reconnecting', 'reconnecting');
    const back = await until(first, (s) => s.link === 'online' && s.table !== null, 'back online');
    expect(back.table?.seat).toBe(before.table?.seat);
    expect(back.table?.view?.hand?.tiles).toEqual(before.table?.view?.hand?.tiles);

    // The same guest in another tab (same storage: same token) takes the seat over.
    const second = connect(store);
    second.send({ type: 'joinTable', table: before.table!.summary.id });
    await until(second, (s) => s.table?.seat === before.table?.seat, 'the seat in the second tab');
    await until(first, (s) => s.detached === before.table?.summary.id, 'the first tab told');
    // …and the first takes it back.
    first.send({ type: 'joinTable', table: before.table!.summary.id });
    await until(first, (s) => s.detached === null && s.table?.seat === before.table?.seat, 'the seat back');
    await until(second, (s) => s.detached !== null, 'the second tab told');
  });

  it('connects again at once when its server node says it is shutting down, back at the same seat', async () => {
    const conn = await named('Drained');
    conn.send({ type: 'playNow', setup: SETUP });
    const before = await until(conn, (s) => s.table?.summary.phase === 'playing', 'a game');
    const socket = sockets.at(-1)!;
    const ids: string[] = [];
    socket.on('connect', () => ids.push(socket.id ?? ''));
    server.drainingNotice();
    // A new connection (behind a balancer: on another node), the table joined again.
    await until(conn, () => ids.length > 0, 'a new connection');
    const back = await until(conn, (s) => s.link === 'online' && s.table !== null && s.table.summary.id === before.table!.summary.id, 'back at the table');
    expect(back.table?.seat).toBe(before.table?.seat);
  });
});

describe('the online connection at an address that holds its cap of open sockets', () => {
  let server: GameServer;
  const open: OnlineConnection[] = [];
  beforeAll(async () => {
    server = await startGameServer({ seed: 'online-too-many', socketsPerAddress: 1 });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server?.close();
  });

  it('says why it is turned away, in words, keeps trying, and gets in once a place is free', async () => {
    const connect = (): OnlineConnection => {
      const conn = new OnlineConnection({ origin: server.url, storage: memoryStore(), socket: (url, o) => io(url, o) });
      open.push(conn);
      return conn;
    };
    const first = connect();
    await until(first, (s) => s.link === 'online', 'the first tab online');
    const second = connect();
    const refused = await until(second, (s) => s.notice?.code === 'connection/too_many', 'the refusal');
    expect(refused.link).toBe('offline');
    expect(refused.notice?.message).toBe(
      'Too many connections are open from your network at once (your other tabs, or other people on the same internet connection). This page keeps trying by itself; closing a tab of this game frees a place.',
    );
    first.close();
    const back = await until(second, (s) => s.link === 'online', 'the second tab let in');
    expect(back.notice).toBeNull();
  });
});
