import { type GameState, formatTile, tilesOf } from '@fives/engine';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommitRequest, TableStore } from '../../src/store/store.ts';
import type { TableDoc } from '@fives/table';
import { TestClient } from '../support/client.ts';
import { redisStore } from '../support/redis.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';

/** Every tile in a hand or the boneyard: what no log line may name. */
function held(state: GameState | null): string[] {
  const hand = state?.hand;
  if (hand == null) return [];
  return [...hand.hands.flatMap((m) => tilesOf(m).map((t) => formatTile(t))), ...hand.deal.boneyard.slice(hand.drawn).map((t) => formatTile(t))];
}

/** A tile written on its own ("5-2" or "2-5"), not a piece of an id or a date. */
function tilesIn(line: string): string[] {
  return [...line.matchAll(/(?<![0-9A-Za-z])([0-6])-([0-6])(?![0-9A-Za-z])/g)].map((m) => `${Math.min(Number(m[1]), Number(m[2]))}-${Math.max(Number(m[1]), Number(m[2]))}`);
}

describe('the logs of a whole game', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('name no tile that is in a hand or the boneyard at that moment, nor a secret seed, nor any hand', async () => {
    // Every state the store commits, as it commits it: "that moment" for each line logged.
    const base = await redisStore();
    const latest = new Map<string, TableDoc>();
    const store: TableStore = Object.create(base) as TableStore;
    Object.assign(store, {
      async commit(request: CommitRequest) {
        const { next } = request;
        const before = latest.get(next.id);
        const committed = await base.commit(request);
        if (committed.written) latest.set(next.id, next);
        if (committed.written && before !== undefined) previous.set(next.id, before);
        return committed;
      },
      async create(doc: TableDoc, stepAt?: number | null) {
        const made = await base.create(doc, stepAt);
        if (made === 'created') latest.set(doc.id, doc);
        return made;
      },
    });
    const previous = new Map<string, TableDoc>();
    const lines: { line: string; held: Set<string>; seeds: string[] }[] = [];
    const secrets = (): { held: Set<string>; seeds: string[] } => {
      const tiles = new Set<string>();
      const seeds: string[] = [];
      for (const map of [latest, previous]) {
        for (const doc of map.values()) {
          for (const t of held(doc.state)) tiles.add(t);
          const current = doc.fair?.current;
          const over = doc.state?.hand?.end != null || doc.state?.status === 'over';
          if (current !== undefined && !over) seeds.push(current.seed);
        }
      }
      return { held: tiles, seeds };
    };
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push({ line, ...secrets() }) });
    server = await startServer({ store, seed: 'logs', logger });

    const table = await startedTable(server.url, { preset: 'muggins', players: 3 }, 2);
    const spectator = await TestClient.connect(server.url, null);
    await spectator.join(table.tableId);
    const [a, b] = table.clients;
    // Some refusals too, with tiles in them.
    await a!.request('game:action', { tableId: table.tableId, version: 0, action: { type: 'play', tile: '6-6', end: 'east' } });
    await b!.request('game:action', { tableId: table.tableId, version: a!.state!.version, action: { type: 'play', tile: '0-1' } });
    await spectator.request('game:action', { tableId: table.tableId, version: 1, action: { type: 'draw' } });
    a!.play();
    b!.play();
    await Promise.all(table.clients.map((c) => c.waitForState((s) => s.table.phase === 'over')));
    await fetch(`${server.url}/api/tables/${table.tableId}/games/1/record`);
    const now = await TestClient.connect(server.url, table.tokens[0]!);
    expect((await now.request('lobby:playNow', { rules: { players: 2 } })).ok).toBe(true);
    for (const c of [...table.clients, spectator, now]) c.close();

    expect(lines.length).toBeGreaterThan(60);
    let checked = 0;
    for (const { line, held: tiles, seeds } of lines) {
      const named = tilesIn(line).filter((t) => tiles.has(t));
      expect(named, line).toEqual([]);
      for (const seed of seeds) expect(line.includes(seed), line).toBe(false);
      expect(line).not.toMatch(/"(deal|hands|boneyard|tiles|seed)"/);
      if (tiles.size > 0) checked++;
    }
    expect(checked).toBeGreaterThan(50);
    // The scan can fail: a line with a held tile in it is caught.
    const mid = lines.find((l) => l.held.size > 0)!;
    const tile = [...mid.held][0]!;
    expect(tilesIn(`{"msg":"played ${tile}"}`).filter((t) => mid.held.has(t))).toEqual([tile]);
  }, 30_000);
});
