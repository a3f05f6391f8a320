import { type GameState, formatTile, tilesOfWords, view } from '@fives/engine';
import type { TableState } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommitRequest, TableStore } from '../../src/store/store.ts';
import { TestClient } from '../support/client.ts';
import { redisStore } from '../support/redis.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';

/** Every state the server commits, by table and version, so each message can be checked against the truth. */
function recording(store: TableStore): { store: TableStore; states: Map<string, GameState | null> } {
  const states = new Map<string, GameState | null>();
  const wrapped: TableStore = Object.create(store) as TableStore;
  Object.assign(wrapped, {
    async commit(request: CommitRequest) {
      const { next } = request;
      const committed = await store.commit(request);
      if (committed.written) states.set(`${next.id}@${next.version}`, next.state);
      return committed;
    },
  });
  return { store: wrapped, states };
}

/**
 * Every "a-b" tile written anywhere in a message, as the project spells it ("lo-hi"); inside
 * longer strings too. Dates are left out (the creation date, the clocks' instants): "2026-11-29" is not a tile.
 */
function tilesMentioned(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(/([0-9])-([0-9])/g)) {
      const [a, b] = [Number(m[1]), Number(m[2])];
      out.add(`${Math.min(a, b)}-${Math.max(a, b)}`);
    }
  } else if (Array.isArray(value)) for (const v of value) tilesMentioned(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (k !== 'createdAt' && k !== 'at') tilesMentioned(v, out);
  }
  return out;
}

/** The tiles `seat` must not know at this state: the other hands and the undrawn boneyard (all hands for a spectator). */
function hiddenFrom(state: GameState, seat: number | null): Set<string> {
  const hand = state.hand;
  if (hand === null) return new Set();
  const hidden = new Set<string>(hand.deal.boneyard.slice(hand.drawn).map((t) => formatTile(t)));
  // A double-nine hand's second word holds its tiles with a 7, 8 or 9 (none on a double-six set).
  for (const [s, mask] of hand.hands.entries()) if (s !== seat) for (const t of tilesOfWords(mask, hand.handsHigh?.[s] ?? 0)) hidden.add(formatTile(t));
  return hidden;
}

describe('what a seat is sent', () => {
  let server: TestServer;
  let clients: TestClient[] = [];
  let states: Map<string, GameState | null>;
  beforeEach(async () => {
    const r = recording(await redisStore());
    states = r.states;
    server = await startServer({ store: r.store, seed: 'leak' });
  });
  afterEach(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  for (const [name, rules] of [
    ['All Fives, 3 players', { players: 3 as const }],
    ['Muggins, 3 players', { preset: 'muggins', players: 3 as const }],
    ['Fives-and-Threes, 2 players', { preset: 'fivesAndThrees', players: 2 as const }],
    ['the Latin game, 4 players', { preset: 'latin', players: 4 as const }],
    ['the Cuban game, 4 players (the fifteen tiles left out hidden from all)', { preset: 'cuban', players: 4 as const }],
  ] as const) {
    it(`never holds another hand's tile or a boneyard tile, across a whole game (${name}); a spectator sees no hand`, async () => {
      const table = await startedTable(server.url, rules, 2);
      const spectator = await TestClient.connect(server.url, null);
      await spectator.join(table.tableId);
      clients = [...table.clients, spectator];
      for (const c of table.clients) c.play();
      await Promise.all(clients.map((c) => c.waitForState((s) => s.table.phase === 'over')));

      let checked = 0;
      for (const client of clients) {
        expect(client.problems).toEqual([]);
        for (const { event, payload } of client.received) {
          if (event !== 'table:state') {
            expect(tilesMentioned(payload).size, `${event} mentions tiles`).toBe(0);
            continue;
          }
          const message = payload as TableState;
          const truth = states.get(`${message.tableId}@${message.version}`) ?? null;
          if (truth === null) {
            expect(message.view).toBeNull();
            continue;
          }
          const hidden = hiddenFrom(truth, message.seat);
          const leaked = [...tilesMentioned(message)].filter((t) => hidden.has(t));
          expect(leaked, `seat ${message.seat} at version ${message.version}`).toEqual([]);
          const own =
            message.seat === null || truth.hand === null
              ? null
              : tilesOfWords(truth.hand.hands[message.seat]!, truth.hand.handsHigh?.[message.seat] ?? 0).map((t) => formatTile(t));
          expect(message.view?.hand?.tiles ?? null).toEqual(own);
          if (checked === 0 && message.seat !== null) {
            // The check can fail: another seat's view, sent here, would be caught.
            const wrong = { ...message, view: view(truth, (message.seat + 1) % truth.rules.players) };
            expect([...tilesMentioned(wrong)].filter((t) => hidden.has(t)).length).toBeGreaterThan(0);
          }
          checked++;
        }
      }
      // Every seat and the spectator saw the whole game: dozens of states each.
      expect(checked).toBeGreaterThan(100);
      expect(spectator.states().at(-1)?.seat).toBeNull();
    });
  }
});
