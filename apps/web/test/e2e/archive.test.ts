import { formatTile } from '@fives/engine';
import type { GameSummary } from '@fives/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { analyseGame } from '../../src/archive/analysis.ts';
import { DEPTHS } from '../../src/archive/depth.ts';
import { replayOf } from '../../src/archive/replay.ts';
import { finishedBlunder, playedRecord } from '../archive/records.ts';
import { ROSA, archived, pageOf, profileOf, rosasGames } from '../archive/fixtures.ts';
import { DESKTOP, PHONE, browserTestsWanted, newPage, shot, suiteHarness } from './harness.ts';

/**
 * The archive's pages in Chromium, against the built app with the API answered by
 * `page.route` from real engine records: the replay stepped by buttons, keys and the slider;
 * the analysis of a known blunder in both views; a player's page a keyset page at a time.
 */
describe.runIf(browserTestsWanted())('the archive pages in Chromium', () => {
  const h = suiteHarness();
  const game = archived('replay01', 1, playedRecord({ preset: 'allFives', players: 2 }, 'archive-e2e'), '2026-11-30T10:00:00.000Z');
  const blunder = archived('blunder1', 1, finishedBlunder(), '2026-11-30T11:00:00.000Z');
  const games: GameSummary[] = rosasGames(45);
  const pages: (string | null)[] = [];

  async function serve(page: Page): Promise<void> {
    const notFound = { status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'game/not_found', message: 'no such game' } }) };
    await page.route('**/api/games/*', (route) => {
      const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop() ?? '');
      const found = [game, blunder].find((g) => g.id === id);
      return route.fulfill(found ? { json: found } : notFound);
    });
    await page.route(`**/api/players/${ROSA}`, (route) => route.fulfill({ json: profileOf(games) }));
    await page.route(`**/api/players/${ROSA}/games*`, (route) => {
      const q = new URL(route.request().url()).searchParams;
      pages.push(q.get('before'));
      return route.fulfill({ json: pageOf(games, q.get('before'), Number(q.get('limit') ?? 20)) });
    });
  }

  async function open(path: string): Promise<Page & { errors: string[] }> {
    const page = await newPage(h, DESKTOP, '');
    await serve(page);
    await page.goto(`${h.url.replace(/\/$/, '')}${path}`);
    return page;
  }

  const stepOf = (page: Page): Promise<number> => page.locator('[data-step]').evaluate((el) => Number(el.getAttribute('data-step')));

  it('steps through a game by buttons, keys and the slider, every hand face up', async () => {
    const page = await open(`/g/${game.id}`);
    await page.getByRole('heading', { name: 'Replay' }).waitFor();
    expect(await stepOf(page)).toBe(0);
    // Just after the deal: both hands of nine, face up.
    expect(await page.locator('.hands [data-tile]').count()).toBe(18);
    await page.getByRole('button', { name: 'Step forward' }).click();
    expect(await stepOf(page)).toBe(1);
    await expect.poll(() => page.locator('.what').textContent()).toMatch(/played/);
    expect(await page.locator('.hands [data-tile]').count()).toBe(17);
    await page.locator('body').press('ArrowRight');
    await page.locator('body').press('ArrowRight');
    expect(await stepOf(page)).toBe(3);
    await page.locator('body').press('ArrowLeft');
    expect(await stepOf(page)).toBe(2);
    await page.getByRole('button', { name: 'Step back' }).click();
    expect(await stepOf(page)).toBe(1);
    // Page Down: the next hand's deal; one step back is the first hand's end, with its awards.
    await page.locator('body').press('PageDown');
    const second = await stepOf(page);
    await expect.poll(() => page.locator('.where').textContent()).toMatch(/^Hand 2 · step/);
    await page.locator('body').press('ArrowLeft');
    expect(await stepOf(page)).toBe(second - 1);
    await page.locator('[data-hand-end]').waitFor();
    expect(await page.locator('[data-hand-end]').textContent()).toMatch(/\+\d+/);
    // The slider.
    await page.getByRole('slider', { name: 'Step' }).fill('10');
    expect(await stepOf(page)).toBe(10);
    await shot(page, 'archive-replay');
    // End and Home.
    await page.locator('body').press('End');
    const last = await stepOf(page);
    expect(last).toBe(Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max')));
    expect(await page.getByRole('button', { name: 'Step forward' }).isDisabled()).toBe(true);
    const scores = await page.locator('.status .side strong').allTextContents();
    expect(scores.map(Number)).toEqual(game.seats.map((s) => s.score));
    await page.locator('body').press('Home');
    expect(await stepOf(page)).toBe(0);
    // The record to download is the game's own.
    const href = await page.getByRole('link', { name: 'Download the record (JSON)' }).getAttribute('href');
    const downloaded: unknown = await page.evaluate(async (url) => (await fetch(url ?? '')).json() as Promise<unknown>, href);
    expect(downloaded).toEqual(game.record);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('marks the known blunder from what the player knew, and again in hindsight', async () => {
    const page = await open(`/g/${blunder.id}`);
    await page.getByRole('heading', { name: 'Analysis' }).waitFor();
    await page.getByRole('combobox', { name: 'Player' }).selectOption({ label: 'Cleo' });
    await page.getByRole('combobox', { name: 'Depth' }).selectOption('quick');
    await page.getByRole('button', { name: 'Analyse' }).click();
    const row = page.locator('[data-mode="fair"] [data-decision="1"]');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getAttribute('data-costly')).toBe('yes');
    expect(await row.locator('[data-played]').getAttribute('data-played')).toBe('0-1');
    expect(await row.locator('[data-best]').getAttribute('data-best')).toBe('5-5');
    expect(await page.locator('[data-mode="fair"] .badge').count()).toBe(0);
    // The browser's numbers are the ones Node works out from the same seed (the game's id): everyone sees the same analysis.
    const got = replayOf(blunder.record);
    if (!got.ok) throw new Error('the blunder game does not replay');
    const node = analyseGame(got.value, { seat: 1, seed: blunder.id, samples: DEPTHS.quick, mode: 'fair' });
    const rows = page.locator('[data-mode="fair"] [data-decision]');
    expect(
      await rows.evaluateAll((els) =>
        els.map((e) => [Number(e.getAttribute('data-decision')), e.getAttribute('data-costly'), e.querySelector('[data-best]')?.getAttribute('data-best')]),
      ),
    ).toEqual(node.decisions.map((d) => [d.step, d.costly ? 'yes' : 'no', formatTile(d.best.action.tile)]));
    expect(await page.locator('[data-mode="fair"] [data-summary="best-share"]').textContent()).toBe(`${(node.summary.bestShare * 100).toFixed(0)}%`);
    // The address now says what was analysed; opened elsewhere, it chooses the same player and seed.
    expect(new URL(page.url()).search).toBe(`?seat=1&seed=${blunder.id}`);
    const shared = await page.context().newPage();
    await serve(shared);
    await shared.goto(`${h.url.replace(/\/$/, '')}/g/${blunder.id}?seat=1&seed=shared-seed`);
    await shared.getByRole('heading', { name: 'Analysis' }).waitFor();
    expect(await shared.getByRole('combobox', { name: 'Player' }).inputValue()).toBe('1');
    expect(await shared.getByRole('textbox', { name: 'Seed' }).inputValue()).toBe('shared-seed');
    await shared.close();
    // "Show" puts the replay at the position the decision was made from.
    await row.getByRole('button', { name: 'Show' }).click();
    expect(await stepOf(page)).toBe(1);

    await page.getByRole('tab', { name: 'Hindsight' }).click();
    expect(await page.getByRole('note').textContent()).toMatch(/every hand/);
    await page.getByRole('button', { name: 'Analyse' }).click();
    const hindsight = page.locator('[data-mode="hindsight"] [data-decision="1"]');
    await hindsight.waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-mode="hindsight"] .badge').textContent()).toBe('Hindsight');
    expect(await hindsight.getAttribute('data-costly')).toBe('yes');
    expect(await hindsight.locator('[data-best]').getAttribute('data-best')).toBe('5-5');
    // Back to the fair view: its result is still there, unmarked.
    await page.getByRole('tab', { name: 'What they knew' }).click();
    await row.waitFor();
    await shot(page, 'archive-analysis');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('lists a player’s games a page at a time, with filters, stats and the chart', async () => {
    pages.length = 0;
    const page = await open(`/p/${ROSA}`);
    await page.getByRole('heading', { name: 'Rosa’s games' }).waitFor();
    const rows = page.locator('.list li');
    await expect.poll(() => rows.count()).toBe(20);
    expect(await page.locator('[data-games-wins]').textContent()).toBe('45 games, 23 wins');
    expect(await page.locator('.chart svg').getAttribute('data-points')).toBe('20');
    // Scrolling to the end of the list loads the next pages, each asked for after the last game shown.
    await page.locator('.end').scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(40);
    await page.locator('.end').scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(45);
    await page.getByText('That is every game.').waitFor();
    expect(pages[0]).toBeNull();
    expect(pages.slice(1)).toEqual([pageOf(games, null, 20).next, pageOf(games, pageOf(games, null, 20).next, 20).next]);
    expect(await rows.first().getAttribute('data-game')).toBe(games[0]?.id);
    // Filters.
    await page.getByRole('combobox', { name: 'Players' }).selectOption('3');
    const three = games.filter((g) => g.rules.players === 3);
    await expect.poll(() => rows.count()).toBe(three.length);
    expect(await page.locator('.chart svg').getAttribute('data-points')).toBe(String(three.length));
    await page.getByRole('combobox', { name: 'Rules' }).selectOption('block');
    await expect.poll(() => rows.count()).toBe(three.filter((g) => g.rules.preset === 'block').length);
    await page.getByRole('combobox', { name: 'Players' }).selectOption({ label: 'All' });
    await expect.poll(() => rows.count()).toBe(games.filter((g) => g.rules.preset === 'block').length);
    await shot(page, 'archive-player');
    // A game in the list opens its replay without reloading the page.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('combobox', { name: 'Rules' }).selectOption({ label: 'All' });
    await page
      .getByRole('link', { name: 'Best hand' })
      .or(page.getByRole('link', { name: '65 points' }))
      .click();
    await page.waitForURL(`**/g/${games[0]?.id}`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows its progress while it works, and stops when asked', async () => {
    const page = await open(`/g/${game.id}`);
    await page.getByRole('heading', { name: 'Analysis' }).waitFor();
    await page.getByRole('combobox', { name: 'Depth' }).selectOption('deep');
    await page.getByRole('button', { name: 'Analyse' }).click();
    const status = page.locator('.analysis .progress');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/Analysing: [1-9]\d* of \d+ decisions/);
    expect(Number(await status.locator('progress').getAttribute('value'))).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => status.count()).toBe(0);
    expect(await page.locator('[data-mode="fair"]').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('fits a phone: the replay and the player page scroll only down, in English and Spanish', async () => {
    for (const locale of ['en-US', 'es-ES']) {
      for (const path of [`/g/${game.id}`, `/p/${ROSA}`]) {
        const page = await newPage(h, PHONE, '', false, locale);
        await serve(page);
        await page.goto(`${h.url.replace(/\/$/, '')}${path}`);
        await page.locator('h1').first().waitFor();
        await (path.startsWith('/g/') ? page.locator('.hands [data-tile]').first() : page.locator('.list li').first()).waitFor();
        // The replay a few plays in, for the picture.
        if (path.startsWith('/g/')) await page.getByRole('slider').fill('6');
        expect(await page.locator('html').getAttribute('lang')).toBe(locale.slice(0, 2));
        // Spanish's longer words once widened the player page past the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${locale} ${path}`).toBe(true);
        const lang = locale === 'en-US' ? '' : '-es';
        await shot(page, `${path.startsWith('/g/') ? 'archive-replay' : 'archive-player'}${lang}-phone`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }
  }, 60_000);

  it('says so when a game is not in the archive', async () => {
    const page = await open('/g/nosuchgame-3');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/no game with this id/);
    await page.context().close();
  }, 30_000);

  it('shows the lobby’s recent games from the guest token the browser keeps', async () => {
    const page = await newPage(h, DESKTOP, '');
    await serve(page);
    const token = `${Buffer.from(JSON.stringify({ v: 1, id: ROSA, name: 'Rosa' })).toString('base64url')}.signature`;
    await page.addInitScript((t) => {
      localStorage.setItem('fives.guest', JSON.stringify({ name: 'Rosa', token: t }));
      // As the score sheet of an online game leaves it.
      localStorage.setItem('fives.archived', '1');
    }, token);
    await page.goto(h.url);
    await page.getByRole('heading', { name: 'Your recent games' }).waitFor();
    expect(await page.locator('.recent li').count()).toBe(5);
    await page.getByRole('link', { name: 'All your games and stats' }).click();
    await page.getByRole('heading', { name: 'Rosa’s games' }).waitFor();
    await page.context().close();
  }, 30_000);
});
