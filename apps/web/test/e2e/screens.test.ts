import { describe, expect, it } from 'vitest';
import { fourArms, playUntil, startPractice, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, PHONE, SMALL_PHONE, browserTestsWanted, newPage, shot, suiteHarness } from './harness.ts';

/**
 * The screens in a real browser, at phone and desktop sizes: the lobby, tables of two, three
 * and four with four-armed layouts, and a game's end. Each saves a screenshot to look at.
 */
describe.runIf(browserTestsWanted())('the table in Chromium', () => {
  const h = suiteHarness();

  it('shows the lobby on a phone and a desktop', async () => {
    for (const [size, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await newPage(h, size);
      await expect.poll(() => page.getByRole('heading', { name: 'All Fives' }).isVisible()).toBe(true);
      // A newcomer plays at once, under a name picked for them (issue 31).
      expect(await page.getByLabel('Your name').inputValue()).toMatch(/^[A-Z][a-z]+ \d{3}$/);
      expect(await page.getByRole('button', { name: 'Practice vs computer' }).isEnabled()).toBe(true);
      await page.getByLabel('Your name').fill('Rosa');
      await page.getByRole('button', { name: 'Save' }).click();
      expect(await page.getByRole('button', { name: 'Practice vs computer' }).isEnabled()).toBe(true);
      await shot(page, `lobby-${name}`);
      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  }, 30_000);

  for (const [players, seed] of [
    [3, 'arms-3'],
    [4, 'arms-4'],
    [2, 'arms-2'],
  ] as const) {
    it(`draws a ${players}-player table with a four-armed layout on a desktop and a phone`, async () => {
      for (const [size, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
        [SMALL_PHONE, 'phone-320'],
      ] as const) {
        if (players !== 4 && name === 'phone-320') continue;
        const page = await newPage(h, size, `?seed=${seed}&delay=0`);
        if (players === 4) {
          // A table with a turn timer, to see it run.
          await page.getByLabel('Your name').fill('Rosa');
          await page.getByRole('button', { name: 'Save' }).click();
          await page.getByText('More options').click();
          await page.getByRole('combobox', { name: 'Turn timer' }).selectOption('60');
        }
        await startPractice(page, players);
        let got = false;
        for (let hand = 0; hand < 8 && !got; hand++) {
          const end = await playUntil(page, tapMove, fourArms(page));
          if (end === 'stopped') got = true;
          else if (end === 'handOver') await page.getByRole('dialog').getByRole('button', { name: 'Next hand' }).click();
          else break;
        }
        expect(got, 'a four-armed layout within eight hands').toBe(true);
        await waitForTurn(page);
        // Every tile of the layout is on screen, and the page does not scroll sideways.
        const felt = await page.locator('.felt').boundingBox();
        for (const box of await page.locator('.board svg g[transform]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
          expect(box.left).toBeGreaterThanOrEqual(felt?.x ?? 0);
          expect(box.right).toBeLessThanOrEqual((felt?.x ?? 0) + (felt?.width ?? 0));
          expect(box.top).toBeGreaterThanOrEqual(felt?.y ?? 0);
          expect(box.bottom).toBeLessThanOrEqual((felt?.y ?? 0) + (felt?.height ?? 0));
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await shot(page, `table-${players}p-${name}`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }, 40_000);
  }

  it('ends a short game with the score sheet, the winner and a rematch', async () => {
    for (const [size, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await newPage(h, size, '?seed=short&delay=0');
      await page.getByLabel('Your name').fill('Rosa');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('More options').click();
      await page.getByRole('spinbutton', { name: 'Play to' }).fill('40');
      await startPractice(page, 3);
      let end: string = 'handOver';
      for (let hand = 0; hand < 20 && end === 'handOver'; hand++) {
        end = await playUntil(page, tapMove, async () => false);
        if (end === 'handOver') await page.getByRole('dialog').getByRole('button', { name: 'Next hand' }).click();
      }
      expect(end).toBe('gameOver');
      const sheet = page.getByRole('dialog', { name: 'Score sheet' });
      await expect.poll(() => sheet.getByRole('heading').first().textContent()).toMatch(/won/);
      await shot(page, `score-sheet-${name}`);
      await sheet.getByRole('button', { name: 'Rematch' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await page.locator('.seat .score').first().textContent()).toBe('0');
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  }, 40_000);
});
