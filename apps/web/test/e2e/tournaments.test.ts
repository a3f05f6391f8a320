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
import { type Person, guestOf, person, sayName } from './online-harness.ts';

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

    step('it starts: each is taken to the one table, wherever they are (tournament:dealt)');
    skew += 10 * 60_000;
    await Promise.all([ana.locator('.table-screen').waitFor({ timeout: 20_000 }), bea.locator('.table-screen').waitFor({ timeout: 20_000 })]);
    const t = (await app.tournaments.get(id)) as Tournament;
    expect(t.status).toBe('running');
    // Both at the table the tournament dealt, each in their own seat.
    expect(await ana.evaluate(() => location.pathname)).toBe(`/t/${t.games[0]!.table}`);
    expect(await bea.evaluate(() => location.pathname)).toBe(`/t/${t.games[0]!.table}`);

    step("the page, opened again in another tab, sends each to their game's table too");
    const page = await bea.context().newPage();
    await page.goto(`${h.url}/tournaments/${id}`);
    await page.getByRole('link', { name: 'Play your game' }).waitFor({ timeout: 20_000 });
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'tournament-1440');
    await page.getByRole('link', { name: 'Play your game' }).click();
    await page.locator('.table-screen').waitFor();
    expect(await page.evaluate(() => location.pathname)).toBe(`/t/${t.games[0]!.table}`);
    expect(ana.errors).toEqual([]);
    expect(bea.errors).toEqual([]);
    await ana.context().close();
    await bea.context().close();
  }, 120_000);

  it('enters a pair when its two people ask each other, at 320 and 1440 px', async () => {
    const made = await app.tournaments.create(
      { id: 'p_host0000000000000000' as PlayerId, name: 'Host' },
      {
        name: 'Pairs Swiss',
        rules: { preset: 'partners', players: 4 },
        format: 'swiss',
        rounds: 1,
        startsAt: new Date(Date.now() + skew + 10 * 60_000).toISOString(),
        access: 'link',
        entry: 'pairs',
      },
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    const ana: Person = await person(h, SMALL_PHONE);
    const bea: Person = await person(h, DESKTOP);
    await sayName(ana, 'Ana');
    await sayName(bea, 'Bea');
    await ana.getByRole('button', { name: 'Rename' }).waitFor();
    await bea.getByRole('button', { name: 'Rename' }).waitFor();
    const [a, b] = [await guestOf(h, ana), await guestOf(h, bea)];
    // Ana follows Bea (from a table Bea made: a newcomer follows someone they met).
    const table = await fetch(`${h.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
      body: JSON.stringify({ rules: { players: 2 } }),
    });
    const { tableId } = (await table.json()) as { tableId: string };
    const followed = await fetch(`${h.url}/api/follows/${b.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ tableId }),
    });
    expect(followed.status).toBe(200);

    await ana.goto(`${h.url}/tournaments/${id}`);
    await ana.getByLabel('Your partner').waitFor();
    expect(await ana.getByLabel('Your partner').locator('option:checked').textContent()).toBe('Bea');
    await ana.getByRole('button', { name: 'Ask to enter together' }).click();
    await ana.getByRole('status').getByText('You asked Bea to enter with you').waitFor();
    expect(await axeProblems(ana)).toEqual([]);
    expect(await ana.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await bea.goto(`${h.url}/tournaments/${id}`);
    await bea.getByText('Ana asks you to enter as their partner.').waitFor();
    expect(await axeProblems(bea)).toEqual([]);
    await bea.getByRole('button', { name: 'Enter with Ana' }).click();
    await bea.getByText('You are in this tournament.').waitFor();
    const t = (await app.tournaments.get(id)) as Tournament;
    expect(t.units.map((u) => u.members.map((m) => m.name))).toEqual([['Ana', 'Bea']]);
    await ana.reload();
    await ana.getByText('You are in this tournament.').waitFor();
    expect(ana.errors).toEqual([]);
    expect(bea.errors).toEqual([]);
    await ana.context().close();
    await bea.context().close();
  }, 120_000);
});
