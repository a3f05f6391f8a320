import { resolveRules } from '@fives/engine';
import type { ClientEvent, ClientMessage, ClientResults, Reply, TableId as WireTableId, TableState, TableSummary as WireSummary } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { Api, type KeyValueStore } from '../src/connection/guest.ts';
import { Following } from '../src/connection/online/following.ts';
import { Identity } from '../src/connection/online/identity.ts';
import type { Link } from '../src/connection/online/link.ts';
import { OpenTables } from '../src/connection/online/open-tables.ts';
import type { StatePort } from '../src/connection/online/port.ts';
import { Queue } from '../src/connection/online/queue.ts';
import { YourGame } from '../src/connection/online/your-game.ts';
import { type ClientState, EMPTY_STATE, tableId } from '../src/connection/types.ts';

/**
 * The online connection's collaborators, each alone over a state port and a link that records
 * what would be sent and lets the test answer: what `online.test.ts` shows against a real
 * server, here one concern at a time.
 */

interface Sent {
  readonly event: ClientEvent;
  readonly message: unknown;
  readonly ordered: boolean;
  readonly then: ((reply: Reply<unknown>) => void) | undefined;
}

class RecordingLink implements Link {
  connected = true;
  reconnects = 0;
  connects = 0;
  readonly sent: Sent[] = [];

  reconnect(): void {
    this.reconnects++;
  }
  connect(): void {
    this.connects++;
  }
  ordered<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    this.sent.push({ event, message, ordered: true, then: then as ((reply: Reply<unknown>) => void) | undefined });
  }
  request<E extends ClientEvent>(event: E, message: ClientMessage<E>, then?: (reply: Reply<ClientResults[E]>) => void): void {
    this.sent.push({ event, message, ordered: false, then: then as ((reply: Reply<unknown>) => void) | undefined });
  }
  /** Answers the `index`th message sent. */
  answer(index: number, reply: Reply<unknown>): void {
    this.sent[index]?.then?.(reply);
  }
  events(): string[] {
    return this.sent.map((s) => s.event);
  }
}

function statePort(): StatePort {
  let state: ClientState = EMPTY_STATE;
  return {
    get state() {
      return state;
    },
    set(patch) {
      state = { ...state, ...patch };
    },
  };
}

function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** An API whose server answers `GET /api/tables/:id` with `table` (null: 404) and `POST /api/guests` with a token for the name. */
function fakeApi(table: () => Partial<WireSummary> | null, unreachable = false): Api & { calls: string[] } {
  const calls: string[] = [];
  const fetcher: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    if (unreachable) return Promise.reject(new TypeError('offline'));
    if (url.endsWith('/api/guests')) {
      const { name } = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { name: string };
      return Promise.resolve(Response.json({ token: `token-${calls.length}`, player: { id: 'p1', name } }));
    }
    const body = table();
    return Promise.resolve(body === null ? Response.json({ error: { code: 'table/not_found', message: 'no such table' } }, { status: 404 }) : Response.json(body));
  };
  return Object.assign(new Api('http://host', fetcher), { calls });
}

const REFUSED: Reply<unknown> = { ok: false, error: { code: 'table/not_found', message: 'No such table.' } };

const rules = (() => {
  const r = resolveRules({ preset: 'allFives', players: 2 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

function tableState(id: string, version: number, phase: 'waiting' | 'playing' = 'waiting', seat: number | null = 0): TableState {
  const table = {
    id,
    code: 'K7QM3X',
    rules,
    phase,
    game: 1,
    hostSeat: 0,
    seats: [
      { seat: 0, kind: 'human', name: 'Ada', away: false },
      { seat: 1, kind: 'open' },
    ],
    scores: [0, 0],
    createdAt: '2026-11-29T11:00:00.000Z',
    turnSeconds: null,
    listed: false,
    timers: { turn: null, muggins: null },
  } as WireSummary;
  return { tableId: id, version, seat, table, view: null, fairness: null } as TableState;
}

const T1 = 't1' as WireTableId;
const OTHER = 'other' as WireTableId;

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the table followed', () => {
  function following(store = memoryStore()) {
    const link = new RecordingLink();
    const port = statePort();
    const api = fakeApi(() => null);
    const f = new Following({ link, port, yourGame: new YourGame(store, api, port), storage: store, origin: 'http://host', now: () => 1000 });
    return { link, port, f, api };
  }

  it('is joined at once when connected, and shows its states, older versions changing nothing', () => {
    const { link, port, f } = following();
    f.follow(tableId('t1'), false);
    expect(port.state.joining).toBe('t1');
    expect(link.sent[0]).toMatchObject({ event: 'table:join', message: { tableId: 't1' }, ordered: true });
    f.state(tableState('t1', 5));
    expect(port.state.table?.summary).toMatchObject({ id: 't1', inviteUrl: 'http://host/t/t1' });
    expect(port.state.joining).toBeNull();
    expect(f.version(tableId('t1'))).toBe(5);
    // Another table's state, and then an older one of this table: not applied; the older asks afresh.
    f.state(tableState('t2', 9));
    expect(f.version(tableId('t1'))).toBe(5);
    f.state(tableState('t1', 3));
    expect(f.version(tableId('t1'))).toBe(-1);
    expect(link.events()).toEqual(['table:join', 'table:join']);
  });

  it('waits for the link before joining, and joins again on every connection', () => {
    const { link, f } = following();
    link.connected = false;
    f.follow(tableId('t1'), true);
    expect(link.sent).toEqual([]);
    expect(link.connects).toBe(1);
    link.connected = true;
    f.rejoin();
    expect(link.sent[0]).toMatchObject({ event: 'table:join', message: { tableId: 't1', as: 'spectator' } });
  });

  it('adopts the first state after "play now" as its table, and goes back to the lobby on a refusal', () => {
    const { port, f } = following();
    f.followUnknown();
    expect(f.arriving).toBe(true);
    expect(f.id).toBeNull();
    f.state(tableState('t7', 1));
    expect([f.id, f.arriving]).toEqual(['t7', false]);
    f.followUnknown();
    f.joined(REFUSED);
    expect(port.state.notice?.code).toBe('table/not_found');
    expect([f.id, f.arriving, port.state.table]).toEqual([null, false, null]);
  });

  it('merges presence into the summary last sent, and hears reactions, timeouts and a takeover of its own table only', () => {
    const { port, f } = following();
    f.follow(tableId('t1'), false);
    f.state(tableState('t1', 1));
    f.presence({ tableId: T1, connected: [false, false] });
    expect(port.state.table?.summary.seats[0]?.connected).toBe(false);
    f.presence({ tableId: OTHER, connected: [true, true] });
    expect(port.state.table?.summary.seats[0]?.connected).toBe(false);
    for (let i = 0; i < 10; i++) f.reaction({ tableId: 't1', seat: 0, player: 'p1', reaction: 'nice' } as never);
    f.reaction({ tableId: 'other', seat: 0, player: 'p1', reaction: 'nice' } as never);
    expect(port.state.reactions.map((r) => r.id)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    f.timeout({ tableId: T1, seat: 1, version: 2 });
    expect(port.state.notice).toBeNull();
    f.timeout({ tableId: T1, seat: 0, version: 2 });
    expect(port.state.notice?.code).toBe('turn/timeout');
    f.detached({ tableId: T1, reason: 'takeover' });
    expect(port.state.detached).toBe('t1');
    expect(f.id).toBeNull();
  });

  it('leaves the table it follows, and looks up the game to go back to', async () => {
    const store = memoryStore();
    const { link, port, f, api } = following(store);
    f.follow(tableId('t1'), false);
    f.state(tableState('t1', 1, 'playing'));
    expect(JSON.parse(store.map.get('fives.game') ?? 'null')).toEqual({ id: 't1', code: 'K7QM3X', game: 1 });
    f.leave();
    expect(link.events()).toEqual(['table:join', 'table:leave']);
    expect([port.state.table, port.state.reactions]).toEqual([null, []]);
    await flush();
    // The server no longer knows it: forgotten.
    expect(api.calls).toEqual(['GET /api/tables/t1']);
    expect(store.map.has('fives.game')).toBe(false);
    expect(port.state.yourGame).toBeNull();
  });
});

describe('the game to go back to', () => {
  it('is offered while it is under way, forgotten once over, and kept when the server is unreachable', async () => {
    const kept = { 'fives.game': JSON.stringify({ id: 't1', code: null, game: 2 }) };
    const port = statePort();
    const on = new YourGame(
      memoryStore(kept),
      fakeApi(() => ({ phase: 'playing', game: 2 })),
      port,
    );
    await on.lookUp(() => true);
    expect(port.state.yourGame).toEqual({ id: 't1', code: null });
    // Another game at the same table since: not the one left.
    const next = memoryStore(kept);
    await new YourGame(
      next,
      fakeApi(() => ({ phase: 'playing', game: 3 })),
      port,
    ).lookUp(() => true);
    expect([port.state.yourGame, next.map.size]).toEqual([null, 0]);
    const away = memoryStore(kept);
    await new YourGame(
      away,
      fakeApi(() => null, true),
      port,
    ).lookUp(() => true);
    expect(away.map.size).toBe(1);
    // At a table by the time the answer comes: the lobby's offer is not made.
    const late = statePort();
    await new YourGame(
      memoryStore(kept),
      fakeApi(() => ({ phase: 'playing', game: 2 })),
      late,
    ).lookUp(() => false);
    expect(late.state.yourGame).toBeNull();
  });

  it('is a spectator’s never, and a garbled one is none', async () => {
    const store = memoryStore();
    const port = statePort();
    const yours = new YourGame(
      store,
      fakeApi(() => null),
      port,
    );
    yours.keep(tableState('t1', 1, 'playing', null));
    expect(store.map.size).toBe(0);
    const garbled = memoryStore({ 'fives.game': '{"id":3}' });
    const api = fakeApi(() => null);
    await new YourGame(garbled, api, port).lookUp(() => true);
    expect(api.calls).toEqual([]);
  });
});

describe('the queue', () => {
  it('wants a name, shows the ack’s rating, and is joined again after a reconnection', () => {
    const link = new RecordingLink();
    const port = statePort();
    const nameless = new Queue(
      link,
      port,
      new Identity(
        memoryStore(),
        fakeApi(() => null),
        link,
        port,
      ),
      () => 0,
    );
    nameless.join(2, 'allFives');
    expect(port.state.notice?.code).toBe('auth/required');
    expect(link.sent).toEqual([]);

    const store = memoryStore({ 'fives.guest': JSON.stringify({ name: 'Ada', token: 'a.b' }) });
    const queue = new Queue(
      link,
      port,
      new Identity(
        store,
        fakeApi(() => null),
        link,
        port,
      ),
      () => 0,
    );
    queue.join(2, 'allFives');
    expect(link.sent[0]).toMatchObject({ event: 'queue:join', message: { rules: { preset: 'allFives', players: 2 } } });
    link.answer(0, { ok: true, data: { queue: 'q', rules, waiting: 1, botsAt: null, rating: { rating: 1500, rd: 350, volatility: 0.06 } } });
    expect(port.state.queue).not.toBeNull();
    const rating = port.state.queue?.rating;
    queue.status({ queue: 'q', rules, waiting: 2, botsAt: null });
    expect(port.state.queue?.rating).toBe(rating);
    queue.rejoin();
    expect(link.events()).toEqual(['queue:join', 'queue:join']);
    queue.matched();
    expect(port.state.queue).toBeNull();
    queue.rejoin();
    queue.status({ queue: 'q', rules, waiting: 2, botsAt: null });
    expect([link.sent.length, port.state.queue]).toEqual([2, null]);
  });

  it('forgets a join refused, and one left before its ack', () => {
    const link = new RecordingLink();
    const port = statePort();
    const store = memoryStore({ 'fives.guest': JSON.stringify({ name: 'Ada', token: 'a.b' }) });
    const queue = new Queue(
      link,
      port,
      new Identity(
        store,
        fakeApi(() => null),
        link,
        port,
      ),
      () => 0,
    );
    queue.join(3, 'allFives');
    link.answer(0, REFUSED);
    queue.rejoin();
    expect(link.sent.length).toBe(1);
    queue.join(3, 'allFives');
    queue.leave();
    link.answer(1, { ok: true, data: { queue: 'q', rules, waiting: 1, botsAt: null, rating: null } });
    expect(port.state.queue).toBeNull();
    // Two joins in a row: the first one's ack does not speak for the second.
    queue.join(3, 'allFives');
    queue.join(4, 'allFives');
    link.answer(3, { ok: true, data: { queue: 'q', rules, waiting: 1, botsAt: null, rating: null } });
    expect(port.state.queue).toBeNull();
    expect(link.events()).toEqual(['queue:join', 'queue:join', 'queue:leave', 'queue:join', 'queue:join']);
  });
});

describe('the open tables', () => {
  it('are listed while followed, asked for again on reconnecting, and emptied when no longer wanted', () => {
    const link = new RecordingLink();
    const port = statePort();
    const open = new OpenTables(link, port);
    const listing = { tables: [{ tableId: 't1', code: 'K7QM3X', host: 'Ada', rules, seats: 2, taken: 1, turnSeconds: null, createdAt: '2026-11-29T11:00:00.000Z' }] } as never;
    open.listed(listing);
    expect(port.state.openTables).toEqual([]);
    open.watch(true);
    link.answer(0, { ok: true, data: listing });
    expect(port.state.openTables).toHaveLength(1);
    open.rejoin();
    expect(link.sent.map((s) => s.message)).toEqual([{ on: true }, { on: true }]);
    open.watch(false);
    expect(port.state.openTables).toEqual([]);
    // A late answer to the earlier watch lists nothing now.
    link.answer(1, { ok: true, data: listing });
    open.listed(listing);
    expect(port.state.openTables).toEqual([]);
  });
});

describe("the player's identity", () => {
  it('keeps a name asked for before the server was reached, and registers it once it is', async () => {
    const link = new RecordingLink();
    const port = statePort();
    const store = memoryStore();
    const api = fakeApi(() => null);
    const me = new Identity(store, api, link, port);
    await me.named('  Ada ');
    expect([api.calls, me.guest]).toEqual([[], null]);
    me.reached();
    await me.named('Ada');
    expect(api.calls).toEqual(['POST /api/guests']);
    expect(me.guest?.name).toBe('Ada');
    expect(JSON.parse(store.map.get('fives.guest') ?? '{}')).toMatchObject({ name: 'Ada' });
    expect(link.reconnects).toBe(1);
    // The same name again: nothing asked.
    await me.named('Ada');
    expect(api.calls.length).toBe(1);
    expect(port.state.name).toBe('Ada');
  });

  it('refuses an empty name in words, and renews a void token under the same name', async () => {
    const link = new RecordingLink();
    const port = statePort();
    const store = memoryStore({ 'fives.guest': JSON.stringify({ name: 'Ada', token: 'void' }) });
    const api = fakeApi(() => null);
    const me = new Identity(store, api, link, port);
    me.reached();
    await me.named('   ');
    expect(port.state.notice?.code).toBe('auth/invalid_name');
    const renewing = me.renew();
    expect(store.map.has('fives.guest')).toBe(false);
    await renewing;
    expect(me.guest).toMatchObject({ name: 'Ada' });
    expect(me.guest?.token).not.toBe('void');
    expect(new Identity(memoryStore(), api, link, port).renew()).toBeNull();
  });
});
