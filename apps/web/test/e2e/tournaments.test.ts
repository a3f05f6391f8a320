import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { seededRandom } from '@fives/engine';
import type { PlayerId } from '@fives/protocol';
import { type GameApp, RedisTableStore, build } from '@fives/server';
import type { Tournament } from '@fives/tournament';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL } from '../support/server.ts';
import { axeProblems } from './axe.ts';
import { ARTIFACTS, DESKTOP, type Harness, SMALL_PHONE, browserTestsWanted, builtClient, launchBrowser, shot, traceSteps } from './harness.ts';
import { type Person, person, sayName } from './online-harness.ts';

/**
 * Tournaments in Chromium (issue 27, point 4), against the real server serving the built client:
 * two people find a Swiss in the list, join it on a 320 px phone and a 1440 px desktop, and when it
 * starts each is sent to their game's table from the tournament's page; every page axe-clean. The
 * server's clock runs `skew` ahead of the machine's, so the test moves the start forward.
 */
describe.runIf(browserTestsWanted())('tournaments in Chromium', () => {
  let skew = 0;
  let app: GameApp;
  let store: RedisTableStore;
  let h: Harness;
  let cleanup = async (): Promise<void> => {};
  beforeAll(async () => {
    const { dir, own } = await builtClient();
    store = await RedisTableStore.connect({ url: REDIS_URL, prefix: `fives-web-test:${process.pid}-${randomBytes(4).toString('hex')}:` });
    app = await build({
      store,
      secret: 'web-test-secret-0123456789',
      logger: false,
      botDelayMs: 0,
      handPauseMs: 0,
      random: seededRandom('tournaments'),
      webRoot: dir,
      now: () => new Date(Date.now() + skew),
      tournamentPollMs: 200,
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await launchBrowser();
    await mkdir(ARTIFACTS, { recursive: true });
    h = { url, browser, close: async () => {} };
    cleanup = async () => {
      await browser.close();
      await store.deleteAll();
      await app.close();
      if (own) await rm(dir, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(() => cleanup());

  it('is found, joined and played from its page, at 320 and 1440 px', async () => {
    const step = traceSteps();
    const made = await app.tournaments.create(
      { id: 'p_host0000000000000000' as PlayerId, name: 'Host' },
      {
        name: 'Saturday Swiss',
        rules: { players: 2, target: 61 },
        format: 'swiss',
        rounds: 1,
        startsAt: new Date(Date.now() + skew + 10 * 60_000).toISOString(),
        access: 'open',
        entry: 'individuals',
      },
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;

    step('Ana finds it in the list on a small phone');
    const ana: Person = await person(h, SMALL_PHONE);
    await sayName(ana, 'Ana');
    await ana.getByRole('button', { name: 'Rename' }).waitFor();
    await ana.getByRole('link', { name: 'Tournaments' }).click();
    await ana.getByRole('heading', { name: 'Tournaments', level: 1 }).waitFor();
    const row = ana.locator(`[data-tournament="${id}"]`);
    expect(await row.textContent()).toContain('Swiss · 1 round');
    expect(await axeProblems(ana)).toEqual([]);
    expect(await ana.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await row.getByRole('link', { name: 'Saturday Swiss' }).click();
    await ana.getByRole('button', { name: 'Join the tournament' }).click();
    await ana.getByText('You are in this tournament.').waitFor();
    expect(await ana.locator('tbody tr').count()).toBe(1);
    expect(await axeProblems(ana)).toEqual([]);
    await shot(ana, 'tournament-320');

    step('Bea comes by its link on a desktop');
    const bea: Person = await person(h, DESKTOP);
    await sayName(bea, 'Bea');
    await bea.getByRole('button', { name: 'Rename' }).waitFor();
    await bea.goto(`${h.url}/tournaments/${id}`);
    await bea.getByRole('button', { name: 'Join the tournament' }).click();
    await bea.getByText('You are in this tournament.').waitFor();

    step('it starts: each is sent to the one table from the page');
    skew += 10 * 60_000;
    await bea.getByRole('link', { name: 'Play your game' }).waitFor({ timeout: 20_000 });
    const t = (await app.tournaments.get(id)) as Tournament;
    expect(t.status).toBe('running');
    expect(await axeProblems(bea)).toEqual([]);
    await shot(bea, 'tournament-1440');
    await bea.getByRole('link', { name: 'Play your game' }).click();
    await bea.locator('.table-screen').waitFor();
    await ana.getByRole('link', { name: 'Play your game' }).waitFor({ timeout: 20_000 });
    await ana.getByRole('link', { name: 'Play your game' }).click();
    await ana.locator('.table-screen').waitFor();
    // Both at the table the tournament dealt, each in their own seat.
    expect(await ana.evaluate(() => location.pathname)).toBe(`/t/${t.games[0]!.table}`);
    expect(await bea.evaluate(() => location.pathname)).toBe(`/t/${t.games[0]!.table}`);
    expect(ana.errors).toEqual([]);
    expect(bea.errors).toEqual([]);
    await ana.context().close();
    await bea.context().close();
  }, 120_000);
});
