import { Operators } from '@fives/server';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLEO, ROSA, archived } from '../archive/fixtures.ts';
import { playedRecord } from '../archive/records.ts';
import { axeProblems } from './axe.ts';
import { DESKTOP, SMALL_PHONE, browserTestsWanted, watchPolicy } from './harness.ts';
import { suiteServedClient } from './served-harness.ts';

const TOKEN = 'ops-console-token-0123456789';

/**
 * The operator's console at /admin on the real server (its headers and its API): signed in with
 * an ADMIN_TOKEN, it lists the reports with their game's replay, resolves one, bans and lifts a
 * ban from a report, renames, refuses an unknown table, and publishes a notice the lobby shows;
 * axe finds nothing serious on a desktop or a 320 px phone, and no policy is violated.
 */
describe.runIf(browserTestsWanted())("the operator's console", () => {
  const game = archived('ops000001', 1, playedRecord({ preset: 'allFives', players: 2, target: 100 }, 'ops-1'), '2026-12-01T10:00:00.000Z');
  const served = suiteServedClient(
    'web-admin-secret-0123456789',
    async (server) => {
      await server.archive.write(game);
      const at = '2026-12-02T09:00:00.000Z';
      await server.safety.file({ reporter: CLEO, reported: ROSA, reason: 'abusive_reactions', note: 'kept sending "bad luck"', gameId: game.id, createdAt: at });
      await server.safety.file({ reporter: CLEO, reported: ROSA, reason: 'offensive_name', note: '', gameId: null, createdAt: '2026-12-02T09:05:00.000Z' });
    },
    { operators: Operators.parse(`ops:${TOKEN}`) },
  );

  async function signedIn(page: Page): Promise<void> {
    await page.goto(`${served.url}/admin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Operator’s token').fill(TOKEN);
    await page.getByRole('button', { name: 'Open the console' }).click();
    await page.getByRole('heading', { name: 'Open reports' }).waitFor();
  }

  it('signs in with an operator’s token only, and works the reports, players, tables and notice', async () => {
    const context = await served.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const watch = await watchPolicy(page);
    await page.goto(`${served.url}/admin`);
    await page.getByLabel('Operator’s token').fill('not-the-token-at-all-000');
    await page.getByRole('button', { name: 'Open the console' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('That is not an operator’s token.');
    expect(await axeProblems(page)).toEqual([]);

    await signedIn(page);
    await expect.poll(() => page.locator('[data-figure="nodes"]').textContent()).toBe('1');
    const reports = page.locator('[data-report]');
    await expect.poll(() => reports.count()).toBe(2);
    const first = reports.first();
    expect(await first.textContent()).toContain('Abusive reactions');
    expect(await first.getByRole('link', { name: 'Rosa' }).getAttribute('href')).toBe(`/p/${ROSA}`);
    expect(await first.getByRole('link', { name: 'Replay the game' }).getAttribute('href')).toBe(`/g/${game.id}`);
    expect(await axeProblems(page)).toEqual([]);

    // Resolved with a note: it leaves the list, and the log says who did it.
    await first.getByLabel('Note for the log (optional)').fill('warned them');
    await first.getByRole('button', { name: 'Resolve: acted' }).click();
    await expect.poll(() => reports.count()).toBe(1);
    await expect.poll(() => page.locator('[data-action="resolveReport"]').textContent()).toContain('outcome: actioned, note: warned them');

    // From the other report to a ban: the player's id comes with it.
    await reports.first().getByRole('button', { name: 'Ban this player…' }).click();
    expect(await page.getByLabel('Player id (p_…)').inputValue()).toBe(ROSA);
    await page.getByLabel('Reason for the ban').fill('offensive name, twice');
    await page.getByLabel('Days (empty: for good)').fill('7');
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect.poll(() => page.locator(`[data-ban="${ROSA}"]`).textContent()).toContain('offensive name, twice');
    await page.locator(`[data-ban="${ROSA}"]`).getByRole('button', { name: 'Lift' }).click();
    await expect.poll(() => page.locator('[data-ban]').count()).toBe(0);

    await page.getByLabel('New name').fill('Player 7');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => page.getByText(`${ROSA} is now called Player 7.`).count()).toBe(1);

    await page.getByLabel('Table id').fill('zzzzzzzzzz');
    await page.getByRole('button', { name: 'Close the table' }).click();
    await expect.poll(() => page.getByText('No table has that id.').count()).toBe(1);

    await page.getByLabel('Text every lobby shows').fill('Maintenance tonight at 22:00 UTC');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('[data-notice]').textContent()).toBe('Maintenance tonight at 22:00 UTC');
    expect((await page.locator('[data-action]').allTextContents()).map((t) => t.split(' · ')[2]?.split(' ')[0])).toEqual(['notice', 'rename', 'unban', 'ban', 'resolveReport']);

    // The players' lobby shows it.
    const lobby = await context.newPage();
    await lobby.goto(served.url);
    await expect.poll(() => lobby.getByRole('region', { name: 'Notice from the site' }).textContent()).toBe('Maintenance tonight at 22:00 UTC');
    await page.getByRole('button', { name: 'Take it down' }).click();
    await expect.poll(() => page.getByText('No notice is shown.').count()).toBe(1);

    expect(await watch.violations()).toEqual([]);
    // The browser logs the two refusals the test asked for (the wrong token, the unknown table), and nothing else.
    expect(watch.errors).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await context.close();
  }, 90_000);

  it('reads on a 320 px phone in Spanish, with nothing serious for axe', async () => {
    const context = await served.browser.newContext({ viewport: SMALL_PHONE, reducedMotion: 'reduce', locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(`${served.url}/admin`);
    await page.getByRole('heading', { name: 'Consola del operador' }).waitFor();
    await page.getByLabel('Token de operador').fill(TOKEN);
    await page.getByRole('button', { name: 'Abrir la consola' }).click();
    await page.getByRole('heading', { name: 'Denuncias abiertas' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await context.close();
  }, 60_000);
});
