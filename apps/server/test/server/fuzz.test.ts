import { greedyPolicy } from '@fives/bots';
import { type GameState, type RandomSource, apply, formatTile, legalActions, newGame, seededRandom, tilesOf, view } from '@fives/engine';
import { CLIENT_EVENTS, ErrorCode, type GuestResponse, ProblemSchema, type TableId, type TableState, type WireAction, toEngineAction, toWireAction } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitRequest, TableStore } from '../../src/store/store.ts';
import { dealNextHand } from '../../src/tables/dealer.ts';
import { fairnessOf, type TableDoc } from '@fives/table';
import { TestClient, createTable, guest } from '../support/client.ts';
import { redisStore } from '../support/redis.ts';
import { type TestServer, startServer } from '../support/server.ts';

/**
 * Hostile clients: thousands of random and malformed messages — wrong types, huge payloads,
 * unknown events, raw packets that are not Socket.IO at all, actions for other tables and other
 * seats, replays of old actions, floods — from players, a spectator, a stranger and anonymous
 * sockets, mixed into two games being played. Then the checks: every message that asked for an
 * answer got a reply or a typed refusal; every change the server committed is an accepted
 * action replayed by the engine, a deal from the hand's seed, a computer stand-in's legal move,
 * or leaves the game as it was; every state any socket was sent is exactly the engine's view
 * for that socket's own seat; no refusal names a tile hidden from its reader; and the server
 * still serves.
 */

const MESSAGES = 6000;
const TILES = Array.from({ length: 7 }, (_, a) => Array.from({ length: 7 - a }, (_, i) => `${a}-${a + i}`)).flat();
const ENDS = ['west', 'east', 'north', 'south', 'up', '', null];

/** Every committed table, by id and version: the truth each message is checked against. */
function recording(store: TableStore): { store: TableStore; docs: Map<string, TableDoc>; from: Map<string, number> } {
  const docs = new Map<string, TableDoc>();
  /** The version each committed one was written on: the one before it, or past a gap for a table resumed (`previous`). */
  const from = new Map<string, number>();
  const wrapped: TableStore = Object.create(store) as TableStore;
  Object.assign(wrapped, {
    async create(doc: TableDoc, stepAt?: number | null) {
      const made = await store.create(doc, stepAt);
      if (made === 'created') docs.set(`${doc.id}@0`, structuredClone(doc));
      return made;
    },
    async commit(request: CommitRequest) {
      const { next } = request;
      const committed = await store.commit(request);
      if (committed.written) docs.set(`${next.id}@${next.version}`, structuredClone(next));
      if (committed.written) from.set(`${next.id}@${next.version}`, request.previous ?? next.version - 1);
      return committed;
    },
  });
  return { store: wrapped, docs, from };
}

function tilesMentioned(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(/([0-6])-([0-6])/g)) out.add(`${Math.min(Number(m[1]), Number(m[2]))}-${Math.max(Number(m[1]), Number(m[2]))}`);
  } else if (Array.isArray(value)) for (const v of value) tilesMentioned(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) tilesMentioned(v, out);
  return out;
}

function hiddenFrom(state: GameState | null, seat: number | null): Set<string> {
  const hand = state?.hand;
  if (hand == null) return new Set();
  const hidden = new Set<string>(hand.deal.boneyard.slice(hand.drawn).map((t) => formatTile(t)));
  for (const [s, mask] of hand.hands.entries()) if (s !== seat) for (const t of tilesOf(mask)) hidden.add(formatTile(t));
  return hidden;
}

/** Any JSON value, sometimes deep, sometimes long, sometimes with keys a careless server might trust. */
function junk(r: RandomSource, depth = 0): unknown {
  const kinds = depth > 3 ? 7 : 10;
  switch (r.int(kinds)) {
    case 0:
      return null;
    case 1:
      return r.int(2) === 0;
    case 2:
      return [0, -1, 1, 7, 2 ** 31, -(2 ** 53), 1e308, 0.5, 99999][r.int(9)];
    case 3:
      return ['', 'x', 'table:join', TILES[r.int(TILES.length)], '7-7', 'é\u0000💥', '__proto__', 'constructor', 'a'.repeat(300)][r.int(9)];
    case 4:
      return r.int(1_000_000);
    case 5:
      return `s${r.int(1e9).toString(36)}`;
    case 6:
      return -r.int(1000);
    case 7:
      return Array.from({ length: r.int(5) }, () => junk(r, depth + 1));
    default: {
      const keys = [
        'tableId',
        'version',
        'action',
        'seat',
        'type',
        'tile',
        'end',
        'points',
        'rules',
        'players',
        'on',
        'code',
        'as',
        '__proto__',
        'constructor',
        'occupant',
        'turnSeconds',
        'x',
      ];
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--) Object.defineProperty(o, keys[r.int(keys.length)]!, { value: junk(r, depth + 1), enumerable: true, configurable: true, writable: true });
      return o;
    }
  }
}

function wireAction(r: RandomSource): unknown {
  switch (r.int(7)) {
    case 0:
    case 1:
    case 2:
      return { type: 'play', tile: TILES[r.int(TILES.length)], ...(r.int(3) === 0 ? {} : { end: ENDS[r.int(ENDS.length)] }) };
    case 3:
      return { type: r.int(2) === 0 ? 'draw' : 'pass' };
    case 4:
      return { type: 'claim', points: [0, 5, 10, 15, 20, -5, 3, 1e6][r.int(8)] };
    case 5:
      return { type: r.int(2) === 0 ? 'noScore' : 'muggins' };
    default:
      return { type: 'play', tile: TILES[r.int(TILES.length)], seat: r.int(4) };
  }
}

interface Sent {
  readonly socket: Actor;
  /** The connection it went out on (an actor's is replaced when the server closes it). */
  readonly client: TestClient;
  readonly ack: boolean;
  readonly event: string;
  readonly payload: unknown;
  reply?: unknown;
}

interface Actor {
  readonly name: string;
  client: TestClient;
  readonly token: string | null;
  readonly player: GuestResponse['player'] | null;
  /** Where it sits (from its join acks). */
  seat: { tableId: string; seat: number | null } | null;
}

describe('hostile clients', () => {
  let server: TestServer;
  let docs: Map<string, TableDoc>;
  let from: Map<string, number>;
  const actors: Actor[] = [];
  const sent: Sent[] = [];
  const accepted = new Map<string, { seat: number; wire: WireAction }>();
  let tableA: TableId;
  let tableB: TableId;
  const counts = new Map<string, number>();

  beforeAll(async () => {
    const r = recording(await redisStore());
    docs = r.docs;
    from = r.from;
    server = await startServer({
      store: r.store,
      seed: 'fuzz',
      graceMs: 3_600_000,
      // Tables made by play-now and the queues keep their computer players waiting: two games are enough to check.
      botDelayMs: 3_600_000,
      limits: {
        connectionMessages: { limit: 400, windowMs: 1000 },
        floodDisconnect: 1_000_000,
        addressMessages: { limit: 0, windowMs: 60_000 },
        addressConnections: { limit: 0, windowMs: 60_000 },
        addressSockets: 0,
      },
    });
  });
  afterAll(async () => {
    for (const a of actors) a.client.close();
    await server.close();
  });

  it(`answers ${MESSAGES} random and malformed messages with replies or typed refusals, changes games only as the rules allow, and leaks nothing`, async () => {
    const r = seededRandom('hostile');
    const people = await Promise.all(['Alice', 'Bob', 'Carol', 'Dave', 'Mallory'].map((n) => guest(server.url, n)));
    const [alice, bob, carol, dave, mallory] = people as [GuestResponse, GuestResponse, GuestResponse, GuestResponse, GuestResponse];
    tableA = (await createTable(server.url, alice.token, { preset: 'muggins', players: 2, target: 300 })).tableId;
    tableB = (await createTable(server.url, carol.token, { players: 2, target: 60 })).tableId;
    const actor = async (name: string, who: GuestResponse | null): Promise<Actor> => {
      const a: Actor = { name, client: await TestClient.connect(server.url, who?.token ?? null), token: who?.token ?? null, player: who?.player ?? null, seat: null };
      actors.push(a);
      return a;
    };
    const [A, B, C, D, M, anon] = [
      await actor('alice', alice),
      await actor('bob', bob),
      await actor('carol', carol),
      await actor('dave', dave),
      await actor('mallory', mallory),
      await actor('anon', null),
    ] as [Actor, Actor, Actor, Actor, Actor, Actor];
    for (const [a, t] of [
      [A, tableA],
      [B, tableA],
      [C, tableB],
      [D, tableB],
    ] as const) {
      a.seat = { tableId: t, seat: (await a.client.join(t)).seat };
    }
    M.seat = { tableId: tableA, seat: (await M.client.join(tableA)).seat };
    expect(M.seat.seat).toBeNull();
    expect((await A.client.request('table:start', { tableId: tableA })).ok).toBe(true);
    expect((await C.client.request('table:start', { tableId: tableB })).ok).toBe(true);

    /** Sends and records; with an ack, resolves when it is answered. */
    const send = (a: Actor, event: string, payload: unknown, ack = true): Promise<void> => {
      const s: Sent = { socket: a, client: a.client, ack, event, payload };
      sent.push(s);
      const emit = a.client.socket.emit.bind(a.client.socket) as (e: string, ...args: unknown[]) => unknown;
      if (!ack) {
        emit.call(a.client.socket, event, payload);
        return Promise.resolve();
      }
      const socket = a.client.socket;
      if (!socket.connected) return Promise.resolve();
      const answered = new Promise<void>((resolve) => {
        // A connection the server closes (too big, not Socket.IO) answers nothing more.
        socket.once('disconnect', () => resolve());
        emit.call(socket, event, payload, (reply: unknown) => {
          s.reply = reply;
          const ok = reply as { ok: boolean; data?: { version?: number; seat?: number | null; tableId?: string } };
          if (ok.ok && event === 'game:action' && a.seat !== null && a.seat.seat !== null) {
            const p = payload as { tableId: string; action: WireAction };
            accepted.set(`${p.tableId}@${ok.data!.version}`, { seat: a.seat.seat, wire: p.action });
          }
          if (ok.ok && (event === 'table:join' || event === 'lobby:playNow')) a.seat = { tableId: ok.data!.tableId!, seat: ok.data!.seat ?? null };
          resolve();
        });
      });
      inflight.add(answered);
      void answered.then(() => inflight.delete(answered));
      return answered;
    };
    const inflight = new Set<Promise<void>>();

    // The two players of table A play it, each of their moves acknowledged and recorded.
    const policy = seededRandom('players');
    const acted = new Set<string>();
    const play = (p: Actor, s: TableState | null): void => {
      if (s === null || s.tableId !== tableA || s.view === null || acted.has(`${p.name}@${s.version}`)) return;
      const v = s.view;
      if (legalActions(v).length === 0) return;
      const action = greedyPolicy(v, policy);
      if (action === null) return;
      acted.add(`${p.name}@${s.version}`);
      void send(p, 'game:action', { tableId: tableA, version: s.version, action: toWireAction(action) });
    };
    // While the garbage flies they move once a batch, so that the game is under way all along.
    let eager = false;
    for (const p of [A, B]) p.client.socket.on('table:state', (s: TableState) => eager && play(p, s));

    const hostile = [M, anon, C, D];
    const anyone = [A, B, C, D, M, anon];
    const tables = (): string[] => [tableA, tableB, 'nosuchtable', 'k3v9q2m7xa', `${tableA}x`];
    const currentVersion = (id: string): number => Math.max(...[...docs.keys()].filter((k) => k.startsWith(`${id}@`)).map((k) => Number(k.split('@')[1])));
    const replace = async (a: Actor): Promise<void> => {
      a.client.close();
      a.client = await TestClient.connect(server.url, a.token);
      a.seat = null;
    };

    let n = 0;
    while (n < MESSAGES) {
      const batch: Promise<void>[] = [];
      for (let i = 0; i < 50 && n < MESSAGES; i++, n++) {
        const kind = r.int(100);
        // Players' garbage must not take them away from their own game: that is the point of the check.
        const from = kind >= 52 && kind < 60 ? hostile[r.int(hostile.length)]! : anyone[r.int(anyone.length)]!;
        const mayMove = hostile.includes(from);
        const table = tables()[r.int(5)]!;
        if (kind < 20) {
          batch.push(send(from, CLIENT_EVENTS[r.int(CLIENT_EVENTS.length)]!, junk(r)));
        } else if (kind < 45) {
          const version = [currentVersion(tableA), currentVersion(tableA) - 1 - r.int(5), currentVersion(tableB), r.int(1000), -1][r.int(5)];
          batch.push(send(from, 'game:action', { tableId: r.int(3) === 0 ? table : tableA, version, action: wireAction(r) }));
        } else if (kind < 52) {
          // A replay of something accepted earlier: stale now.
          const old = [...accepted.entries()][r.int(Math.max(1, accepted.size))];
          if (old !== undefined) batch.push(send(from, 'game:action', { tableId: old[0].split('@')[0], version: Number(old[0].split('@')[1]) - 1, action: old[1].wire }));
        } else if (kind < 60) {
          const events = mayMove
            ? ['table:join', 'table:leave', 'table:seat', 'table:start', 'table:rematch', 'table:settings', 'lobby:playNow', 'queue:join', 'queue:leave', 'lobby:watch']
            : ['table:seat', 'table:start', 'table:settings', 'queue:leave'];
          const event = events[r.int(events.length)]!;
          const payloads: Record<string, unknown> = {
            'table:join': r.int(2) === 0 ? { tableId: table, ...(r.int(2) === 0 ? { as: 'player' } : {}) } : { code: 'ABCDEF' },
            'table:leave': { tableId: table },
            'table:seat': { tableId: table, seat: r.int(5), occupant: r.int(2) === 0 ? { type: 'human' } : { type: 'bot', level: 'easy' } },
            'table:start': { tableId: table },
            'table:rematch': { tableId: table },
            'table:settings': { tableId: table, listed: r.int(2) === 0 },
            'lobby:playNow': { rules: { players: 2 + r.int(3) } },
            'queue:join': { rules: { players: 2 + r.int(3) }, waitSeconds: 600 },
            'queue:leave': {},
            'lobby:watch': { on: r.int(2) === 0 },
          };
          batch.push(send(from, event, payloads[event]));
        } else if (kind < 75) {
          const names = ['table:destroy', 'admin', '__proto__', 'constructor', 'hasOwnProperty', 'game:action ', 'TABLE:JOIN', 'x'.repeat(200), '', '0'];
          batch.push(send(from, names[r.int(names.length)]!, junk(r)));
        } else if (kind < 85) {
          // Wrong types in a known shape, binary attachments, many arguments, no payload at all.
          const variants: unknown[] = [Buffer.from([1, 2, 3]), [1, 2], 'game:action', 12, { tableId: [tableA] }, { tableId: { $gt: '' } }, undefined];
          batch.push(send(from, CLIENT_EVENTS[r.int(CLIENT_EVENTS.length)]!, variants[r.int(variants.length)]));
        } else if (kind < 93) {
          // A flood: a burst without acks.
          for (let j = 0; j < 40; j++) void send(M, 'lobby:watch', { on: false }, false);
        } else if (kind < 97) {
          const victim = [anon, M][r.int(2)]!;
          if (r.int(2) === 0) {
            // Over the 16 KiB message limit: the connection is closed.
            void send(victim, 'table:join', { tableId: 'a'.repeat(20_000) }, false);
          } else {
            // Not Socket.IO at all, straight onto the transport.
            const raw = ['42["table:join",', '4', '9zzz', '42[]', '42[1,2,3]', '451-["x",{"_placeholder":true,"num":9}]', '43999[{}]'][r.int(7)]!;
            (victim.client.socket.io.engine as unknown as { write(data: string): void }).write(raw);
          }
          batch.push(new Promise((resolve) => setTimeout(resolve, 20)).then(() => replace(victim)));
        } else if (mayMove) {
          batch.push(send(from, 'table:join', { tableId: table, as: 'spectator' }));
        } else {
          batch.push(send(from, 'table:join', { code: TILES[r.int(TILES.length)] }));
        }
      }
      for (const p of [A, B]) play(p, p.client.state);
      await Promise.all(batch);
      // Players who moved away from table A (only hostile ones may) come back to watch it.
      for (const a of hostile) if (a.client.socket.connected && a.seat?.tableId !== tableA && r.int(4) === 0) await send(a, 'table:join', { tableId: tableA });
    }

    // Table A's players finish the game (their own moves keep coming as the states do).
    // The game was under way all along: dozens of moves were made among the garbage.
    expect(accepted.size).toBeGreaterThan(50);
    eager = true;
    for (const p of [A, B]) play(p, p.client.state);
    await A.client.waitForState((s) => s.tableId === tableA && s.table.phase === 'over');
    while (inflight.size > 0) await Promise.all([...inflight]);

    // ---- every answer -------------------------------------------------------------------------
    const codes = new Set<string>(Object.values(ErrorCode));
    let answered = 0;
    for (const s of sent) {
      if (s.reply === undefined) continue;
      answered++;
      const reply = s.reply as { ok: boolean; error?: unknown };
      if (!reply.ok) {
        const p = ProblemSchema.safeParse(reply.error);
        expect(p.success, JSON.stringify(reply)).toBe(true);
        if (p.success) {
          expect(codes.has(p.data.code)).toBe(true);
          counts.set(p.data.code, (counts.get(p.data.code) ?? 0) + 1);
        }
      } else counts.set('ok', (counts.get('ok') ?? 0) + 1);
    }
    // Every message with an ack, on a connection the server did not close, was answered.
    const unanswered = sent.filter((s) => s.ack && s.reply === undefined && s.client.socket.connected);
    expect(unanswered.map((s) => `${s.socket.name} ${s.event} ${JSON.stringify(s.payload)?.slice(0, 80)}`)).toEqual([]);
    expect(answered).toBeGreaterThan(MESSAGES * 0.6);

    // ---- every change ---------------------------------------------------------------------------
    let transitions = 0;
    let actions = 0;
    for (const id of [tableA, tableB]) {
      const top = currentVersion(id);
      // A move claimed on a version the store never had resumes the table past it (`TableCommits.resume`): the versions between are never handed out.
      const resumes = [...from].filter(([key, f]) => key.startsWith(`${id}@`) && Number(key.split('@')[1]) !== f + 1).map(([key, f]) => [f, Number(key.split('@')[1])] as const);
      for (let v = 1; v <= top; v++) {
        const next = docs.get(`${id}@${v}`);
        if (next === undefined && resumes.some(([f, to]) => f < v && v < to)) continue;
        const prev = docs.get(`${id}@${from.get(`${id}@${v}`) ?? v - 1}`);
        expect(prev && next, `${id} version ${v} recorded`).toBeTruthy();
        if (!prev || !next) continue;
        transitions++;
        const acc = accepted.get(`${id}@${v}`);
        if (acc !== undefined) {
          actions++;
          const before = prev.state!;
          const isLead = before.hand !== null && before.hand.board.tiles === 0;
          const replayed = apply(before, toEngineAction(acc.wire, acc.seat, isLead));
          expect(replayed.ok, `${id}@${v}: an accepted action the engine refuses`).toBe(true);
          if (replayed.ok) expect(next.state, `${id}@${v}`).toEqual(replayed.value);
          continue;
        }
        expect(explained(prev, next), `${id}@${v}: a change nobody made`).toBe(true);
      }
    }
    expect(actions).toBeGreaterThan(50);
    // The check can fail: a person's move that no ack accepted would not be explained.
    const someMove = [...accepted.keys()].find((k) => k.startsWith(`${tableA}@`))!;
    const v = Number(someMove.split('@')[1]);
    expect(explained(docs.get(`${tableA}@${v - 1}`)!, docs.get(`${tableA}@${v}`)!)).toBe(false);

    // ---- every message --------------------------------------------------------------------------
    let states = 0;
    for (const a of actors) {
      for (const { event, payload } of a.client.received) {
        if (event !== 'table:state') continue;
        const m = payload as TableState;
        const truth = docs.get(`${m.tableId}@${m.version}`);
        expect(truth, `${a.name} got a state that was never committed`).toBeDefined();
        if (truth === undefined) continue;
        states++;
        expect(m.view, `${a.name} at ${m.tableId}@${m.version}`).toEqual(truth.state === null ? null : view(truth.state, m.seat));
        expect(m.fairness).toEqual(fairnessOf(truth));
        if (m.seat !== null) {
          const s = truth.seats[m.seat];
          expect(s?.kind === 'human' && s.playerId === a.player?.id, `${a.name} was sent seat ${m.seat}`).toBe(true);
        }
      }
      expect(a.client.problems).toEqual([]);
    }
    expect(states).toBeGreaterThan(100);
    for (const s of sent) {
      const error = (s.reply as { ok: boolean; error?: { message: string } } | undefined)?.error;
      if (error === undefined) continue;
      const asked = tilesMentioned(s.payload);
      const tableId = (s.payload as { tableId?: string } | null)?.tableId;
      const truth = tableId === undefined ? undefined : docs.get(`${tableId}@${currentVersion(tableId)}`);
      const mine = truth?.seats.findIndex((x) => x.kind === 'human' && x.playerId === s.socket.player?.id) ?? -1;
      const hidden = hiddenFrom(truth?.state ?? null, mine >= 0 ? mine : null);
      const leaked = [...tilesMentioned(error.message)].filter((t) => !asked.has(t) && hidden.has(t));
      expect(leaked, `${s.event} refusal: ${error.message}`).toEqual([]);
    }

    // ---- still serving --------------------------------------------------------------------------
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const late = await TestClient.connect(server.url, null);
    actors.push({ name: 'late', client: late, token: null, player: null, seat: null });
    expect((await late.join(tableA, 'spectator')).seat).toBeNull();

    console.log(
      `fuzz: ${sent.length} messages sent (${answered} answered), ${transitions} changes checked (${actions} accepted actions), ${states} states checked; ` +
        [...counts.entries()]
          .sort((x, y) => y[1] - x[1])
          .map(([c, k]) => `${c} ${k}`)
          .join(', '),
    );
  }, 120_000);
});

/** A change no accepted action made: a deal from the hand's seed, a computer stand-in's legal move, or no change to the game. */
function explained(prev: TableDoc, next: TableDoc): boolean {
  const seed = next.fair?.current.seed;
  if (next.game === prev.game + 1 && seed !== undefined) {
    const fresh = newGame(next.rulesInput);
    const dealt = fresh.ok ? dealNextHand(fresh.value, next.game, () => seed, prev.fair) : null;
    return dealt !== null && dealt.ok && same(dealt.value.state, next.state) && same(dealt.value.fair, next.fair);
  }
  if (prev.state?.status === 'dealing' && next.state?.status === 'playing' && seed !== undefined) {
    const dealt = dealNextHand(prev.state, prev.game, () => seed, prev.fair);
    return dealt.ok && same(dealt.value.state, next.state) && same(dealt.value.fair, next.fair);
  }
  if (same(prev.state, next.state)) return true;
  const before = prev.state;
  if (before === null) return false;
  return prev.seats.some((s, seat) => {
    const standIn = s.kind === 'bot' || (s.kind === 'human' && s.away === true) || prev.clock.turn?.seat === seat;
    return (
      standIn &&
      legalActions(view(before, seat)).some((a) => {
        const after = apply(before, a);
        return after.ok && same(after.value, next.state);
      })
    );
  });
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
