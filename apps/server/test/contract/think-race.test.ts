import { legalActions, type TableView } from '@fives/engine';
import { toWireAction } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { BotThreads } from '../support/bot-threads.ts';
import { metric, missBeforeTheBot } from '../support/bot-table.ts';
import { FakeClock } from '../support/clock.ts';
import { expertTablesPerTest } from '../support/expert-tables.ts';
import { redisStore } from '../support/redis.ts';
import { until } from '../support/until.ts';

/**
 * Think, then commit if the table has not moved (TableService.runStep): a computer player's
 * decision is held on its thread (test/fixtures/bot-threads/controlled.ts) while the table moves
 * on around it — the order of events is what is asserted, never a time.
 */
describe('computer players think off the event loop', () => {
  const tables = expertTablesPerTest();

  it('a person moves while a computer player thinks: its answer, thought on the old version, is dropped, and it thinks again', async () => {
    const threads = new BotThreads();
    const table = await tables.start({ seed: 'think-race', ...threads.options }, 3, 2);
    const { clients } = table;
    const app = table.server.app;
    const version = await missBeforeTheBot(app, table.tableId, clients, threads);
    const startedBefore = threads.started;
    // Seat 0 calls the Muggins seat 1 gave away, while seat 2's thread is still on it.
    const call = await clients[0]!.request('game:action', { tableId: table.tableId, version, action: { type: 'muggins' } });
    expect(call.ok).toBe(true);
    expect(threads.held).toBe(1);
    threads.release();
    await until('the computer player moved after the call', async () => ((await app.store.load(table.tableId))?.version ?? 0) >= version + 2);
    const doc = await app.store.load(table.tableId);
    const log = doc!.state!.hand!.log;
    const calledAt = log.findLastIndex((e) => e.type === 'muggins');
    expect(log[calledAt]).toMatchObject({ seat: 0 });
    // Its next entry is seat 2's, decided on the version after the call (a fresh thought).
    expect(log[calledAt + 1]).toMatchObject({ seat: 2 });
    expect(log[calledAt + 1]?.type).not.toBe('muggins');
    expect(await metric(app, 'fives_bot_stale_answers_total')).toBe(1);
    expect(threads.started).toBeGreaterThan(startedBefore);
  }, 120_000);

  it('the Muggins window closes mid-thought: no late call is made, and the computer player still moves on the version it thought about', async () => {
    const threads = new BotThreads();
    const clock = new FakeClock();
    const table = await tables.start({ seed: 'think-muggins', now: clock.now, mugginsWindowMs: 5000, ...threads.options }, 3, 2);
    const { clients } = table;
    const app = table.server.app;
    const version = await missBeforeTheBot(app, table.tableId, clients, threads);
    const missedAt = (await app.store.load(table.tableId))!.state!.hand!.log.length;
    clock.advance(5001);
    threads.release();
    await until('the computer player moved', async () => ((await app.store.load(table.tableId))?.version ?? 0) > version);
    const doc = await app.store.load(table.tableId);
    const next = doc!.state!.hand!.log[missedAt];
    expect(next).toMatchObject({ seat: 2 });
    // Closed while it thought: whatever it answered, the call is not made.
    expect(next?.type).toBe('play');
    expect(await metric(app, 'fives_bot_stale_answers_total')).toBe(0);
  }, 120_000);

  it("every bot thread busy: a person's move at another table is answered while the search still runs, and that search then lands", async () => {
    const threads = new BotThreads();
    threads.next('holds');
    const bots = await tables.start({ seed: 'think-busy', ...threads.options }, 2, 1);
    const app = bots.server.app;
    bots.clients[0]!.play();
    // The node's only thread is on one of that table's decisions, and stays there.
    await threads.untilHeld();
    const heldAt = (await app.store.load(bots.tableId))!.version;
    const people = await tables.table(2, 2);
    for (let moves = 0; moves < 6; moves++) {
      const s = people.clients[0]!.state!;
      const mover = people.clients[(s.view as TableView).hand!.turn]!;
      await mover.waitForState((x) => x.version === s.version);
      const action = legalActions(mover.state!.view as TableView)[0]!;
      const reply = await mover.request('game:action', { tableId: people.tableId, version: s.version, action: toWireAction(action) });
      expect(reply.ok).toBe(true);
      // Answered while the search still holds the thread (and its table has not moved).
      expect(threads.held).toBe(1);
      await people.clients[0]!.waitForState((x) => x.version > s.version);
    }
    expect((await app.store.load(bots.tableId))!.version).toBe(heldAt);
    threads.release();
    await until('the held decision was committed', async () => ((await app.store.load(bots.tableId))?.version ?? 0) > heldAt);
    expect(await metric(app, 'fives_bot_decisions_total{where="pool"}')).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("a computer player's thought starts on the node's own copy of the table, without reading it again first", async () => {
    const threads = new BotThreads();
    threads.next('holds');
    const store = await redisStore();
    const load = store.load.bind(store);
    let loads = 0;
    store.load = (id) => {
      loads += 1;
      return load(id);
    };
    const bots = await tables.start({ seed: 'think-copy', store, ...threads.options }, 2, 1);
    // Set up (the joins read the table); from here the table moves only by commits of this node.
    const before = loads;
    bots.clients[0]!.play();
    await threads.untilHeld();
    // The person's moves and the deal were decided on the node's copy, and so was the step that
    // sent the decision to a thread: nothing was read from the store on the way.
    expect(loads - before).toBe(0);
    threads.release();
    const heldAt = bots.clients[0]!.state!.version;
    await until('the held decision was committed', () => (bots.clients[0]!.state?.version ?? 0) > heldAt);
  }, 120_000);
});
