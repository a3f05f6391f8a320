import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ratingWithDoubt } from '@fives/protocol';
import { rulesName } from '../../src/archive/words.ts';
import { t, useLanguage } from '../../src/i18n/i18n.svelte.ts';
import { CLEO, ROSA, leaderboardOf, pageOf, profileOf, rosasGames, rosasRatings } from '../archive/fixtures.ts';
import { axeProblems } from './axe.ts';
import { DESKTOP, PHONE, browserTestsWanted, newPage, shot, suiteHarness } from './harness.ts';

/**
 * Ratings on screen (issue 18) in Chromium, against the built app with the API answered by
 * `page.route`: the player page's rating chart per key, and the leaderboard page with its choice
 * in the address; both axe-clean, in English and Spanish, on a phone without sideways scrolling.
 */
describe.runIf(browserTestsWanted())('the rating chart and the leaderboard in Chromium', () => {
  const h = suiteHarness();
  const games = rosasGames(45);
  /** The leaderboards asked for, as `preset/players`. */
  const asked: string[] = [];

  async function serve(page: Page): Promise<void> {
    await page.route(`**/api/players/${ROSA}`, (route) => route.fulfill({ json: profileOf(games) }));
    await page.route(`**/api/players/${CLEO}`, (route) => route.fulfill({ json: { ...profileOf(games), id: CLEO, name: 'Cleo' } }));
    await page.route(`**/api/players/*/games*`, (route) => {
      const q = new URL(route.request().url()).searchParams;
      return route.fulfill({ json: pageOf(games, q.get('before'), Number(q.get('limit') ?? 20)) });
    });
    await page.route(`**/api/players/${ROSA}/ratings`, (route) => route.fulfill({ json: rosasRatings() }));
    await page.route(`**/api/players/${CLEO}/ratings`, (route) => route.fulfill({ json: { history: {} } }));
    await page.route(
      (url) => url.pathname === '/api/leaderboard',
      (route) => {
        const q = new URL(route.request().url()).searchParams;
        const preset = q.get('preset') ?? '';
        const players = Number(q.get('players'));
        asked.push(`${preset}/${players}`);
        // Nobody settled at four of draw: the empty board.
        return route.fulfill({ json: preset === 'draw' && players === 4 ? { key: 'draw/4', entries: [] } : leaderboardOf(preset, players) });
      },
    );
  }

  async function open(path: string, size: { width: number; height: number } = DESKTOP, locale = 'en-US'): Promise<Page & { errors: string[] }> {
    const page = await newPage(h, size, '', false, locale);
    await serve(page);
    await page.goto(`${h.url.replace(/\/$/, '')}${path}`);
    return page;
  }

  it('draws the rating over time per key, with a title, a description and the same in words', async () => {
    const page = await open(`/p/${ROSA}`);
    await page.getByRole('heading', { name: t('archive.ratingsTitle') }).waitFor();
    const figures = page.locator('.ratings figure');
    expect(await figures.count()).toBe(2);
    // The key with more rated games first.
    expect(await figures.evaluateAll((els) => els.map((e) => [e.getAttribute('data-rating-key'), e.querySelector('svg')?.getAttribute('data-points')]))).toEqual([
      ['allFives/2', '12'],
      ['block/3', '3'],
    ]);
    const history = rosasRatings().history['allFives/2'] ?? [];
    const rules = rulesName('allFives', 2);
    const summary = t('archive.ratingsSummary', {
      rules,
      now: ratingWithDoubt(history.at(-1)!),
      first: ratingWithDoubt(history[0]!),
      high: String(Math.round(Math.max(...history.map((p) => p.rating)))),
      count: 12,
    });
    // The image's accessible name and description are its title and desc; the caption says it to everyone.
    const chart = page.getByRole('img', { name: `${t('archive.ratingsTitle')}: ${rules}` });
    expect(await chart.getAttribute('data-points')).toBe('12');
    expect(await chart.evaluate((svg) => svg.querySelector('desc')?.textContent)).toBe(summary);
    expect(await figures.first().locator('[data-rating-summary]').textContent()).toBe(summary);
    // The first rating still provisional (RD 330): "1509?", as the stats would write it (issue 31).
    expect(summary).toMatch(/^All Fives · 2 players: 1612 now after 12 rated games, 1509\? after the first, 1612 at best\.$/);
    // The stats table's rating column: the profile's 1612 (RD 84 is sure enough); none for a key without a rating.
    expect(await page.locator('[data-rules="allFives/2"] [data-rating]').textContent()).toBe('1612');
    expect(await page.locator('[data-rules="block/3"] [data-rating]').textContent()).toBe('—');
    await page.locator('.list li').first().waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ratings-player');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('says so when a player has no rated games', async () => {
    const page = await open(`/p/${CLEO}`);
    await page.getByText(t('archive.ratingsEmpty')).waitFor();
    expect(await page.locator('.ratings svg').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('shows a leaderboard from the address, changes it by the choice, and links each name to the player', async () => {
    asked.length = 0;
    const page = await open('/leaderboard?preset=block&players=3');
    await page.getByRole('heading', { name: t('archive.leaderboardOf', { rules: rulesName('block', 3) }) }).waitFor();
    const rows = page.locator('.board tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(asked).toEqual(['block/3']);
    expect(await page.getByRole('combobox', { name: t('archive.filterRules') }).inputValue()).toBe('block');
    expect(await page.getByRole('combobox', { name: t('archive.filterPlayers') }).inputValue()).toBe('3');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim())))).toEqual([
      ['1', 'Rosa', '1700', '40'],
      ['2', 'Cleo', '1659', '33'],
      ['3', t('archive.deletedPlayer'), '1617', '26'],
      ['4', 'Iñaki', '1576', '19'],
    ]);
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ratings-leaderboard');

    // Another player count: asked for, and the address says it (replaced: Back leaves the page).
    await page.getByRole('combobox', { name: t('archive.filterPlayers') }).selectOption('4');
    await page.waitForURL('**/leaderboard?preset=block&players=4');
    await expect.poll(() => asked).toEqual(['block/3', 'block/4']);
    await page.getByRole('combobox', { name: t('archive.filterRules') }).selectOption('draw');
    await page.getByText(t('archive.leaderboardEmpty')).waitFor();
    expect(new URL(page.url()).search).toBe('?preset=draw&players=4');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('combobox', { name: t('archive.filterRules') }).selectOption('allFives');
    await expect.poll(() => rows.count()).toBe(4);

    // A name opens the player's page without reloading the app.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: 'Rosa' }).click();
    await page.waitForURL(`**/p/${ROSA}`);
    await page.getByRole('heading', { name: 'Rosa’s games' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('is linked from the lobby, with the default board when the address chooses none', async () => {
    asked.length = 0;
    const page = await open('/');
    await page.getByRole('link', { name: t('lobby.leaderboard') }).click();
    await page.getByRole('heading', { name: t('lobby.leaderboard'), level: 1 }).waitFor();
    await page.waitForURL('**/leaderboard?preset=allFives&players=2');
    await expect.poll(() => asked).toEqual(['allFives/2']);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('fits a phone in English and Spanish, axe-clean', async () => {
    for (const locale of ['en-US', 'es-ES']) {
      await useLanguage(locale === 'en-US' ? 'en' : 'es');
      for (const path of ['/leaderboard?preset=partners&players=4', `/p/${ROSA}`]) {
        const page = await open(path, PHONE, locale);
        await (path.startsWith('/leaderboard') ? page.locator('.board tbody tr').first() : page.getByRole('heading', { name: t('archive.ratingsTitle') })).waitFor();
        if (path.startsWith('/leaderboard')) expect(await page.locator('h1').textContent()).toBe(t('lobby.leaderboard'));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${locale} ${path}`).toBe(true);
        expect(await axeProblems(page), `${locale} ${path}`).toEqual([]);
        await shot(page, `${path.startsWith('/leaderboard') ? 'ratings-leaderboard' : 'ratings-player'}${locale === 'en-US' ? '' : '-es'}-phone`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }
    await useLanguage('en');
  }, 90_000);
});
