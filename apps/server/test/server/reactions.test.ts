import type { Problem, Reaction } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, guest } from '../support/client.ts';
import { startNodes } from '../support/server.ts';
import { adaAndBob } from '../support/table.ts';

type Nodes = Awaited<ReturnType<typeof startNodes>>;

const reactionsOf = (c: TestClient): { seat: number; reaction: string }[] =>
  c.received.filter((r) => r.event === 'table:reaction').map((r) => ({ seat: (r.payload as Reaction).seat, reaction: (r.payload as Reaction).reaction }));

/**
 * Quick reactions over two nodes sharing Redis: Ada on one, Bob and a spectator on the other, so
 * every reaction that reaches them crossed the Socket.IO adapter or was counted in the shared store.
 */
describe('quick reactions', () => {
  let nodes: Nodes | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await nodes?.close();
    nodes = null;
  });

  async function table(limit = 5): Promise<{ tableId: string; a: TestClient; b: TestClient; watcher: TestClient; ada: string; urls: [string, string] }> {
    nodes = await startNodes(2, { seed: 'reactions', limits: { reactions: { limit, windowMs: 60_000 } } });
    const [n0, n1] = nodes.nodes.map((n) => n.url) as [string, string];
    const { tableId, a, b, ada } = await adaAndBob(n0, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }], undefined, n1);
    const watcher = await TestClient.connect(n1, (await guest(n1, 'Cy')).token);
    clients.push(a, b, watcher);
    await watcher.join(tableId, 'spectator');
    return { tableId, a, b, watcher, ada: ada.token, urls: [n0, n1] };
  }

  it('reaches everyone at the table on either node, the sender too, and changes nothing at the table', async () => {
    const { tableId, a, b, watcher } = await table();
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    const version = (await nodes!.nodes[0]!.app.store.load(tableId as never))!.version;
    const heard = [a, b, watcher].map((c) => c.waitFor<Reaction>('table:reaction'));
    expect(await b.request('table:react', { tableId, reaction: 'goodGame' })).toEqual({ ok: true, data: {} });
    for (const r of await Promise.all(heard)) expect(r).toMatchObject({ tableId, seat: 1, reaction: 'goodGame', player: expect.stringMatching(/^p_/) });
    // Transient: not a change of the table (no version, nothing for the records).
    expect((await nodes!.nodes[1]!.app.store.load(tableId as never))!.version).toBe(version);
    expect(a.problems.concat(b.problems, watcher.problems)).toEqual([]);
  });

  it('refuses spectators, other tables, bad keys and too many, and sends nothing for them', async () => {
    const { tableId, a, b, watcher, ada, urls } = await table(2);
    const refused = async (c: TestClient, message: unknown): Promise<Problem> => {
      const reply = await c.request('table:react', message);
      if (reply.ok) throw new Error('a reaction that should have been refused was accepted');
      return reply.error;
    };
    expect(await refused(watcher, { tableId, reaction: 'nice' })).toMatchObject({ code: 'table/not_seated', event: 'table:react' });
    expect(await refused(b, { tableId, reaction: 'insult' })).toMatchObject({ code: 'message/invalid' });
    expect(await refused(b, { tableId, reaction: 'nice', text: 'free text' })).toMatchObject({ code: 'message/invalid' });
    expect(await refused(b, { tableId: 'zzzzzzzz', reaction: 'nice' })).toMatchObject({ code: 'table/not_joined' });

    // Ada's two reactions from node 0, then her limit is spent — counted per player in Redis, so
    // her second connection, on node 1 (it takes her seat over), is refused too.
    for (const reaction of ['nice', 'oops'] as const) expect((await a.request('table:react', { tableId, reaction })).ok).toBe(true);
    await watcher.waitFor<Reaction>('table:reaction', (r) => r.reaction === 'oops');
    const again = await TestClient.connect(urls[1], ada);
    clients.push(again);
    await again.join(tableId);
    const limited = await refused(again, { tableId, reaction: 'thumbsUp' });
    expect(limited).toMatchObject({ code: 'reaction/rate_limited', event: 'table:react' });
    expect(limited.retryAfterMs).toBeGreaterThanOrEqual(1000);
    // The connection it took over holds no seat any more.
    expect(await refused(a, { tableId, reaction: 'nice' })).toMatchObject({ code: 'table/not_seated' });

    // Bob's limit is his own. His reaction, sent after every refusal from the watcher's node,
    // arrives after anything those refusals could have sent: nothing.
    expect((await b.request('table:react', { tableId, reaction: 'wellCounted' })).ok).toBe(true);
    await watcher.waitFor<Reaction>('table:reaction', (r) => r.reaction === 'wellCounted');
    expect(reactionsOf(watcher)).toEqual([
      { seat: 0, reaction: 'nice' },
      { seat: 0, reaction: 'oops' },
      { seat: 1, reaction: 'wellCounted' },
    ]);
  });
});
