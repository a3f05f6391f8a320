import { type GameRecord, dealFromSeed, formatTile, resolveRules } from '@fives/engine';
import { FairnessTracker, type HandFairness, type TableState, commitmentOf } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';

function verdicts(client: TestClient): HandFairness[] {
  const tracker = new FairnessTracker();
  return client.states().flatMap((s) => tracker.observe(s));
}

describe('provably fair deals over the wire', () => {
  let server: TestServer;
  let clients: TestClient[] = [];
  beforeEach(async () => {
    server = await startServer({ seed: 'fairness' });
  });
  afterEach(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it('every hand of a whole game checks out for each seat and a spectator; no seed is sent before its hand is over', async () => {
    const table = await startedTable(server.url, { preset: 'muggins', players: 3 }, 2);
    const spectator = await TestClient.connect(server.url, null);
    await spectator.join(table.tableId);
    clients = [...table.clients, spectator];
    for (const c of table.clients) c.play();
    await Promise.all(clients.map((c) => c.waitForState((s) => s.table.phase === 'over')));

    const final = table.clients[0]!.state!;
    const hands = final.view!.handScores.length;
    expect(hands).toBeGreaterThan(1);
    for (const client of clients) {
      expect(client.problems).toEqual([]);
      const v = verdicts(client);
      expect(v.map((x) => x.hand)).toEqual(Array.from({ length: hands }, (_, i) => i + 1));
      for (const x of v) expect(x.status, x.reason).toBe('verified');
    }

    // Each seed stays out of every message until the state that ends its hand.
    const seeds = verdicts(clients[0]!).map((x) => x.seed);
    for (const client of clients) {
      const revealedAt = new Map<string, number>();
      client.received.forEach((r, i) => {
        const f = r.event === 'table:state' ? (r.payload as TableState).fairness : null;
        for (const d of [f?.current, f?.previous]) if (d?.seed != null && !revealedAt.has(d.seed)) revealedAt.set(d.seed, i);
      });
      client.received.forEach((r, i) => {
        const text = JSON.stringify(r.payload);
        for (const seed of seeds) if (i < revealedAt.get(seed)!) expect(text.includes(seed), `message ${i} holds a seed early`).toBe(false);
      });
    }

    // The record's deals are the seeds' deals.
    const record = (await (await fetch(`${server.url}/api/tables/${table.tableId}/games/1/record`)).json()) as GameRecord;
    const rules = resolveRules(record.rules);
    if (!rules.ok) throw new Error('rules');
    expect(record.hands.length).toBe(hands);
    record.hands.forEach((h, i) => {
      const { deal } = dealFromSeed(rules.value, seeds[i]!);
      expect(h.deal.hands.map((x) => x.map((t) => t.split('-').sort().join('-')))).toEqual(deal.hands.map((x) => x.map(formatTile)));
      expect(h.deal.boneyard.map((t) => t.split('-').sort().join('-'))).toEqual(deal.boneyard.map(formatTile));
    });
  }, 30_000);

  it('a rematch and play now are dealt the same way: every deal has a commitment from the first state on', async () => {
    const table = await startedTable(server.url, { players: 2 }, 1);
    clients = table.clients;
    const [host] = table.clients;
    host!.play();
    await host!.waitForState((s) => s.table.phase === 'over');
    expect((await host!.request('table:rematch', { tableId: table.tableId })).ok).toBe(true);
    const again = await host!.waitForState((s) => s.table.game === 2 && s.table.phase === 'playing');
    expect(again.fairness?.current).toMatchObject({ game: 2, hand: 1, seed: null });
    expect(again.fairness?.previous?.game).toBe(1);

    const now = await TestClient.connect(server.url, table.tokens[0]!);
    clients.push(now);
    const reply = await now.request('lobby:playNow', { rules: { players: 3 } });
    expect(reply.ok).toBe(true);
    const first = await now.waitForState((s) => s.view !== null);
    expect(first.fairness).toMatchObject({ current: { game: 1, hand: 1, seed: null }, previous: null });
  }, 30_000);

  it('a server that changes a hand’s seed after committing to it is caught by every client', async () => {
    const table = await startedTable(server.url, { players: 2 }, 2);
    clients = table.clients;
    const [a, b] = table.clients;
    // Tampered in the store, as a dishonest server would: the hand goes on from the same deal,
    // but the seed revealed at its end is another one.
    const doc = (await server.app.store.load(table.tableId))!;
    const forged = 'f'.repeat(32);
    expect(
      await server.app.store.commit({
        next: {
          ...doc,
          version: doc.version + 1,
          fair: { ...doc.fair!, current: { ...doc.fair!.current, seed: forged, commitment: commitmentOf(forged) } },
        },
      }),
    ).toMatchObject({ written: true, spectators: 0 });
    // Joining again shows the table as it now is (with a commitment other than the one the clients saw).
    await a!.join(table.tableId);
    await b!.join(table.tableId);
    a!.play();
    b!.play();
    await Promise.all([a!, b!].map((c) => c.waitForState((s) => s.fairness?.current.hand === 2 || s.table.phase === 'over')));
    for (const c of [a!, b!]) {
      const first = verdicts(c)[0]!;
      expect(first.hand).toBe(1);
      expect(first.status).toBe('failed');
    }
  }, 30_000);
});
