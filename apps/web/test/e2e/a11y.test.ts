import { describe, expect, it } from 'vitest';
import { playUntil, startPractice, tapMove } from './driver.ts';
import { axe, axeProblems } from './axe.ts';
import { DESKTOP, PHONE, browserTestsWanted, newPage, suiteHarness } from './harness.ts';
import { person, playNowOnline, sayName, startOnlineHarness } from './online-harness.ts';

/**
 * Issue 15, point 5: a screen reader's user can read the board, and axe-core finds nothing
 * critical or serious (and no moderate finding not listed with why, in axe.ts) on the lobby, the
 * waiting room, the table, the end-of-hand panel and the score sheet, at phone and desktop sizes.
 */
const SIZES = [
  [PHONE, 'phone'],
  [DESKTOP, 'desktop'],
] as const;

describe.runIf(browserTestsWanted())('accessibility of the practice screens', () => {
  const h = suiteHarness();

  it('finds what is wrong (the check can fail)', async () => {
    const page = await newPage(h, PHONE);
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('img'), { src: '/nothing.png' })));
    expect((await axeProblems(page)).map((v) => v.id)).toContain('image-alt');
    // The broken image is the only finding: the lobby itself has none of any impact.
    expect((await axe(page)).map((v) => v.id)).toEqual(['image-alt']);
    await page.context().close();
  }, 30_000);

  for (const [size, name] of SIZES) {
    it(`lobby, table, end of hand and score sheet on a ${name}`, async () => {
      const page = await newPage(h, size, '?seed=a11y&delay=0');
      await page.getByRole('heading', { name: 'New game' }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main').count()).toBe(1);
      expect(await axeProblems(page)).toEqual([]);

      await startPractice(page, 2);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main').count()).toBe(1);
      expect(await axeProblems(page)).toEqual([]);

      // The board in words, updated with each play: the ends and their numbers.
      const ends = page.locator('section', { has: page.getByRole('heading', { name: 'Open ends' }) });
      await playUntil(page, tapMove, async () => (await page.locator('.board svg g.landing').count()) >= 3);
      const text = (await ends.innerText()).replace(/\s+/g, ' ');
      expect(text).toMatch(/The (left|right) end (shows \d|is the double \d)/);
      // The count and the boneyard are read from the log, not announced again on their own.
      expect(await page.locator('[role=status]#boneyard, .count-box[role=status]').count()).toBe(0);

      // The score sheet, reachable with the keyboard: its table scrolls in a focusable region.
      await page.getByRole('button', { name: 'Score sheet' }).click();
      const sheet = page.getByRole('dialog', { name: 'Score sheet' });
      await sheet.waitFor();
      expect(await axeProblems(page)).toEqual([]);
      expect(await sheet.getByRole('region', { name: 'Score sheet' }).getAttribute('tabindex')).toBe('0');
      await sheet.getByRole('button', { name: 'Back to the table' }).click();

      expect(await playUntil(page, tapMove, async () => false)).toBe('handOver');
      const panel = page.getByRole('dialog', { name: 'Hand 1 is over' });
      await panel.waitFor();
      expect(await axeProblems(page)).toEqual([]);
      // The panel steps aside to show the finished layout, and comes back (issue 15, point 7).
      const tiles = await page.locator('.board svg g.landing').count();
      await panel.getByRole('button', { name: 'Look at the table' }).click();
      await panel.waitFor({ state: 'detached' });
      expect(await page.locator('.board svg g.landing').count()).toBe(tiles);
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Back to the results');
      await page.getByRole('button', { name: 'Back to the results' }).click();
      await panel.waitFor();
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});

describe.runIf(browserTestsWanted())('accessibility online: the waiting room, and a reload', () => {
  const h = suiteHarness(() => startOnlineHarness('web-a11y'));

  it('does not say the old moves again after a reload', async () => {
    const page = await person(h, DESKTOP);
    await sayName(page, 'Rosa');
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    await playNowOnline(page, 2);
    await playUntil(page, tapMove, async () => (await page.locator('.board svg g.landing').count()) >= 3);
    const log = page.getByRole('log', { name: 'Table events' });
    expect(await log.locator('p', { hasText: ' played ' }).count()).toBeGreaterThan(0);
    await page.reload();
    await page.locator('.table-screen').waitFor();
    await page.locator('.board svg g.landing').first().waitFor();
    // The board is there to read, in words; the log starts empty of the moves before the reload.
    expect(await page.locator('section', { has: page.getByRole('heading', { name: 'Open ends' }) }).innerText()).toMatch(/end (shows|is the double)/);
    expect(await log.locator('p', { hasText: ' played ' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  for (const [size, name] of SIZES) {
    it(`on a ${name}`, async () => {
      const page = await person(h, size);
      await sayName(page, 'Ada');
      await page.getByRole('button', { name: 'Rename' }).waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Create private table' && !b.disabled));
      await page.getByRole('button', { name: 'Create private table' }).click();
      await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main').count()).toBe(1);
      expect(await axeProblems(page)).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 60_000);
  }
});
