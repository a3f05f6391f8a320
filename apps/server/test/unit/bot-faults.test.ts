import { describe, expect, it } from 'vitest';
import type { GameApp } from '../../src/app.ts';
import { BotThreads } from '../support/bot-threads.ts';
import { metric } from '../support/bot-table.ts';
import { expertTablesPerTest } from '../support/expert-tables.ts';
import { until } from '../support/until.ts';

/**
 * A computer player's thread that throws or hangs never stalls its table: the thread is
 * replaced, the move thought again, and after repeated failure the first legal action is played
 * (logged). The faults come from test/fixtures/bot-threads/controlled.ts; the table is a person
 * (playing greedily) against experts.
 */
describe('bot threads that fail', () => {
  const tables = expertTablesPerTest();

  async function expertTable(threads: BotThreads, extra: { botThinkMarginMs?: number } = {}): Promise<{ app: GameApp; versionNow: () => Promise<number> }> {
    const table = await tables.start({ seed: 'bot-faults', ...threads.options, ...extra }, 3, 1);
    table.clients[0]!.play();
    const app = table.server.app;
    return { app, versionNow: async () => (await app.store.load(table.tableId))?.version ?? 0 };
  }

  it('a thread that throws is replaced and the move thought again on the new one', async () => {
    const threads = new BotThreads();
    threads.next('throws');
    const table = await expertTable(threads);
    const { app } = table;
    await until('a thread threw and a thought landed after it', async () => (await metric(app, 'fives_bot_decisions_total{where="pool"}')) >= 2, 600);
    expect(await metric(app, 'fives_bot_worker_failures_total{failure="threw"}')).toBe(1);
    expect(await metric(app, 'fives_bot_fallbacks_total')).toBe(0);
    const v = await table.versionNow();
    await until('the table goes on', async () => (await table.versionNow()) > v + 3, 600);
  }, 120_000);

  it('a thread that throws every time: after three tries the first legal action is played, and the table goes on', async () => {
    const threads = new BotThreads();
    threads.next('throws', 3);
    const table = await expertTable(threads);
    const { app } = table;
    await until('a fallback', async () => (await metric(app, 'fives_bot_fallbacks_total')) >= 1, 600);
    expect(await metric(app, 'fives_bot_worker_failures_total{failure="threw"}')).toBe(3);
    const v = await table.versionNow();
    await until('the table goes on', async () => (await table.versionNow()) > v + 3, 600);
  }, 120_000);

  it('a thread that hangs past its deadline is terminated and replaced, and the move thought again', async () => {
    const threads = new BotThreads();
    threads.next('hangs');
    const table = await expertTable(threads, { botThinkMarginMs: 4000 });
    const { app } = table;
    await until('a hung thread, then a thought', async () => (await metric(app, 'fives_bot_decisions_total{where="pool"}')) >= 2, 600);
    expect(await metric(app, 'fives_bot_worker_failures_total{failure="hung"}')).toBe(1);
    const v = await table.versionNow();
    await until('the table goes on', async () => (await table.versionNow()) > v + 3, 600);
  }, 120_000);
});
