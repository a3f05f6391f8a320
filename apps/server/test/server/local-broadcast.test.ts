import type { TableState } from '@fives/protocol';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, guest } from '../support/client.ts';
import { REDIS_URL } from '../support/redis.ts';
import { startNodes } from '../support/server.ts';
import { adaAndBob } from '../support/table.ts';

type Nodes = Awaited<ReturnType<typeof startNodes>>;

/** Every version from `from` to `to`, as a client that missed none has them. */
const span = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const versionsFrom = (c: TestClient, from: number): number[] => [...new Set(c.states().map((s) => s.version))].filter((v) => v >= from).sort((x, y) => x - y);

/**
 * A change goes through Redis to the other nodes only when a connection at the table may be
 * there (`Committed.elsewhere`): two nodes on one Redis, the table's states counted as the
 * adapter publishes them, by the node that published each.
 */
describe('a change is published to the other nodes only when someone at the table is there', () => {
  let nodes: Nodes | null = null;
  const clients: TestClient[] = [];
  let subscriber: ReturnType<typeof createClient> | null = null;
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await subscriber?.close();
    subscriber = null;
    await nodes?.close();
    nodes = null;
  });

  it('keeps a table whose people are all on one node off Redis, and reaches a spectator and a seat taken over on the other node with every state', async () => {
    nodes = await startNodes(2, { seed: 'local-broadcast' });
    const [n0, n1] = nodes.nodes as [(typeof nodes.nodes)[0], (typeof nodes.nodes)[0]];
    const uidOf = (n: typeof n0): string => (n.app.io.of('/').adapter as unknown as { uid: string }).uid;
    const published = new Map<string, number>([
      [uidOf(n0), 0],
      [uidOf(n1), 0],
    ]);
    subscriber = createClient({ url: REDIS_URL });
    await subscriber.connect();
    // The test nodes' adapter writes msgpack: a broadcast names its event and its node's uid as strings.
    await subscriber.pSubscribe(
      `${nodes.prefix}io*`,
      (message: Buffer) => {
        if (!message.includes('table:state')) return;
        for (const uid of published.keys()) if (message.includes(uid)) published.set(uid, (published.get(uid) ?? 0) + 1);
      },
      true,
    );

    // Ada and Bob on node 0, an easy computer player in the third seat; no turn timer.
    const { tableId, a, b, bob } = await adaAndBob(n0.url, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }]);
    clients.push(a, b);
    const started = await a.request('table:start', { tableId });
    if (!started.ok) throw new Error(started.error.message);
    a.play();
    b.play();
    const early = await a.waitForState((s) => s.version >= started.data.version + 12);
    // Node 0 committed every person's move and published none of them (node 1 may have run some
    // of the computer player's moves as jobs: those it must publish, node 0's people being elsewhere).
    expect(published.get(uidOf(n0))).toBe(0);

    // A spectator on node 1: from its join on, node 0 publishes.
    const cy = await TestClient.connect(n1.url, (await guest(n1.url, 'Cy')).token);
    clients.push(cy);
    const watched = await cy.join(tableId, 'spectator');
    expect(watched.version).toBeGreaterThanOrEqual(early.version);
    // Bob's seat taken over by a connection of his on node 1.
    b.stop();
    const bobThere = await TestClient.connect(n1.url, bob.token);
    clients.push(bobThere);
    const rejoined = await bobThere.join(tableId);
    bobThere.play();

    const end: TableState = await a.waitForState((s) => s.table.phase === 'over');
    await Promise.all([cy.waitForState((s) => s.version === end.version), bobThere.waitForState((s) => s.version === end.version)]);
    expect(versionsFrom(cy, watched.version)).toEqual(span(watched.version, end.version));
    expect(versionsFrom(bobThere, rejoined.version)).toEqual(span(rejoined.version, end.version));
    expect(versionsFrom(a, started.data.version)).toEqual(span(started.data.version, end.version));
    expect(published.get(uidOf(n0))).toBeGreaterThan(0);
    expect([a, bobThere, cy].flatMap((c) => c.problems)).toEqual([]);
  }, 60_000);
});
