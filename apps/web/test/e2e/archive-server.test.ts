import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ROSA, archived } from '../archive/fixtures.ts';
import { playedRecord } from '../archive/records.ts';
import { DESKTOP, browserTestsWanted, watchPolicy } from './harness.ts';
import { suiteServedClient } from './served-harness.ts';

/**
 * The archive's pages against the real server (its archive API and its security headers, the
 * content security policy above all): games written to the server's archive are listed on the
 * player's page, a game opens from the list, its analysis runs in a worker and its record
 * downloads, with no policy violation and no error.
 */
describe.runIf(browserTestsWanted())('the archive pages on the game server', () => {
  const games = Array.from({ length: 25 }, (_, i) =>
    archived(
      `srv${String(i).padStart(5, '0')}`,
      1,
      playedRecord({ preset: 'allFives', players: 2, target: 100 }, `server-${i}`),
      new Date(Date.UTC(2026, 10, 30) - i * 3_600_000).toISOString(),
    ),
  );

  const served = suiteServedClient('web-archive-secret-0123456789', async (server) => {
    for (const g of games) await server.archive.write(g);
  });

  it('lists, opens, replays and analyses archived games under the server’s headers', async () => {
    const context = await served.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', acceptDownloads: true });
    const page = await context.newPage();
    const watch = await watchPolicy(page);
    const response = await page.goto(`${served.url}/p/${ROSA}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Rosa’s games' }).waitFor();
    expect(await page.locator('[data-games-wins]').textContent()).toMatch(/^25 games, \d+ wins?$/);
    const rows = page.locator('.list li');
    await expect.poll(() => rows.count()).toBe(20);
    await page.locator('.end').scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(25);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-game')))).toEqual(games.map((g) => g.id));

    await rows.nth(3).getByRole('link').click();
    await page.waitForURL(`**/g/${games[3]?.id}`);
    await page.getByRole('heading', { name: 'Replay' }).waitFor();
    await page.locator('body').press('End');
    expect((await page.locator('.status .side strong').allTextContents()).map(Number)).toEqual(games[3]?.seats.map((s) => s.score));
    await page.getByRole('combobox', { name: 'Depth' }).selectOption('quick');
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.locator('[data-mode="fair"] [data-summary="decisions"]').waitFor({ timeout: 60_000 });
    expect(Number(await page.locator('[data-mode="fair"] [data-summary="decisions"]').textContent())).toBeGreaterThan(0);
    // The download is a link to an object URL (a navigation, which the policy allows; a fetch of it would not be).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the record (JSON)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${games[3]?.id}.json`);
    const saved = await download.path();
    expect(JSON.parse(await readFile(saved, 'utf8'))).toEqual(games[3]?.record);
    // And the same record from the server's record URL, which reads the archive.
    const fromServer: unknown = await page.evaluate(async (path) => (await fetch(path)).json() as Promise<unknown>, `/api/tables/${games[3]?.tableId}/games/1/record`);
    expect(fromServer).toEqual(games[3]?.record);

    expect(await watch.violations()).toEqual([]);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 90_000);
});
