import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, createTable, guest } from '../support/client.ts';
import { startNodes } from '../support/server.ts';

type Nodes = Awaited<ReturnType<typeof startNodes>>;

/**
 * The rematch as an offer (issue 31) over two nodes sharing Redis: the host offers on one, the
 * last two people answer yes at once on the other and on the first, and the next game is dealt
 * exactly once (each answer is a commit on its version: the later one re-decides on the new table).
 */
describe('a rematch offer across nodes', () => {
  let nodes: Nodes | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await nodes?.close();
    nodes = null;
  });

  it('deals the next game once when the last yeses come at once on two nodes', async () => {
    nodes = await startNodes(2, { seed: 'rematch-offer' });
    const [n0, n1] = nodes.nodes.map((n) => n.url) as [string, string];
    const [ada, bob, cy] = [await guest(n0, 'Ada'), await guest(n1, 'Bob'), await guest(n1, 'Cy')];
    const { tableId } = await createTable(n0, ada.token, { preset: 'allFives', players: 3, target: 30 }, [{ type: 'human' }, { type: 'human' }, { type: 'human' }]);
    const a = await TestClient.connect(n0, ada.token);
    const b = await TestClient.connect(n1, bob.token);
    const c = await TestClient.connect(n0, cy.token);
    clients.push(a, b, c);
    for (const x of [a, b, c]) await x.join(tableId);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    for (const x of [a, b, c]) x.play();
    await Promise.all([a, b, c].map((x) => x.waitForState((s) => s.table.phase === 'over')));
    for (const x of [a, b, c]) x.stop();

    expect((await a.request('table:rematch', { tableId })).ok).toBe(true);
    await Promise.all([b, c].map((x) => x.waitForState((s) => s.table.rematch?.accepted.length === 1)));
    const answers = await Promise.all([b, c].map((x) => x.request('table:rematchAnswer', { tableId, accept: true })));
    expect(answers.map((r) => r.ok)).toEqual([true, true]);
    const dealt = await a.waitForState((s) => s.table.game === 2);
    expect(dealt.table.phase).toBe('playing');
    expect(dealt.table).not.toHaveProperty('rematch');
    const stored = await nodes.nodes[1]!.app.store.load(tableId);
    expect([stored?.game, stored?.phase, stored?.state?.hands.length]).toEqual([2, 'playing', 1]);
    // Too late to answer again: the game has begun.
    const late = await b.request('table:rematchAnswer', { tableId, accept: false });
    expect(late.ok ? 'accepted' : late.error.code).toBe('table/no_rematch_offer');
    expect([...a.problems, ...b.problems, ...c.problems]).toEqual([]);
  }, 60_000);
});
