import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROSA, leaderboardOf, pageOf, profileOf, rosasGames, rosasRatings } from '../archive/fixtures.ts';
import { DESKTOP, browserTestsWanted, newPage, shot, suiteHarness } from './harness.ts';

/**
 * Issue 31 on the player page and the leaderboard, in Chromium against the built app (the API
 * answered by `page.route`): the title's words spaced, a provisional rating written the same in
 * the stats and the chart, the site's links and selects, and a young site's leaderboard that
 * lists provisional players below the sure ones, marked.
 */
describe.runIf(browserTestsWanted())('the player page and the leaderboard, polished', () => {
  const h = suiteHarness();
  const games = rosasGames(45);
  const base = profileOf(games);
  const profile = {
    ...base,
    kept: false,
    stats: { ...base.stats, byRules: { ...base.stats.byRules, 'block/3': { games: 3, wins: 1 } } },
    // block/3 still provisional (RD 250), as its rating history's last point.
    ratings: { ...base.ratings, 'block/3': { rating: 1410, rd: 250, volatility: 0.06, games: 3 } },
  };

  async function open(path: string): Promise<Page & { errors: string[] }> {
    const page = await newPage(h, DESKTOP);
    await page.route(`**/api/players/${ROSA}`, (route) => route.fulfill({ json: profile }));
    await page.route(`**/api/players/*/games*`, (route) => {
      const q = new URL(route.request().url()).searchParams;
      return route.fulfill({ json: pageOf(games, q.get('before'), Number(q.get('limit') ?? 20)) });
    });
    await page.route(`**/api/players/${ROSA}/ratings`, (route) => route.fulfill({ json: rosasRatings() }));
    await page.route(
      (url) => url.pathname === '/api/leaderboard',
      (route) => {
        const board = leaderboardOf('allFives', 2);
        // A young site: one sure rating, two still provisional below it.
        const entries = board.entries.slice(0, 3).map((e, i) => ({ ...e, rd: i === 0 ? 80 : 200 + i, provisional: i > 0 }));
        return route.fulfill({ json: { ...board, entries } });
      },
    );
    await page.goto(`${h.url.replace(/\/$/, '')}${path}`);
    return page;
  }

  it('spaces the guest mark, writes a provisional rating alike in the stats and the chart, and styles links and selects', async () => {
    const page = await open(`/p/${ROSA}`);
    await page.locator('[data-rating-summary]').first().waitFor();
    // "Rosa's games (guest)", not "Rosa's games(guest)".
    expect((await page.locator('h1').textContent())?.trim()).toMatch(/games\s\(guest\)$/);
    expect((await page.locator('tr[data-rules="block/3"] td[data-rating]').textContent())?.trim()).toBe('1410?');
    expect((await page.locator('tr[data-rules="allFives/2"] td[data-rating]').textContent())?.trim()).toBe('1612');
    expect(await page.locator('figure[data-rating-key="block/3"] [data-rating-summary]').textContent()).toMatch(/: 1410\? now/);
    expect(await page.locator('figure[data-rating-key="allFives/2"] [data-rating-summary]').textContent()).toMatch(/: 1612 now/);
    // The site's green for a link on a card, not the browser's blue; the lobby's corners on a select.
    const link = page.locator('.stats a').first();
    expect(await link.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(15, 107, 79)');
    const select = page.locator('.filters select').first();
    expect(await select.evaluate((el) => [getComputedStyle(el).borderRadius, getComputedStyle(el).borderTopColor])).toEqual(['8px', 'rgb(207, 196, 168)']);
    // The game list's rows keep their own look.
    expect(
      await page
        .locator('.list a')
        .first()
        .evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toBe('none');
    await shot(page, 'player-page-polish');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('lists provisional players below the sure ones, marked ?', async () => {
    const page = await open('/leaderboard?preset=allFives&players=2');
    await page.locator('tr[data-player]').first().waitFor();
    const rows = await page.locator('tr[data-player]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-provisional'), e.querySelectorAll('td')[1]?.textContent?.trim()]));
    expect(rows).toEqual([
      ['false', '1700'],
      ['true', '1659?'],
      ['true', '1617?'],
    ]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
