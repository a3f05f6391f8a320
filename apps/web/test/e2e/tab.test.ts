import { describe, expect, it } from 'vitest';
import { startPractice, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, browserTestsWanted, newPage, suiteHarness } from './harness.ts';

/** Issue 15, point 8: the tab's title and icon say when it is the player's turn, for a player looking at another tab. */
describe.runIf(browserTestsWanted())('the tab on the player’s turn', () => {
  const h = suiteHarness();

  const YOURS = 'Your turn — All Fives';
  const PLAIN = 'All Fives — dominoes';
  const iconHasDot = (page: Awaited<ReturnType<typeof newPage>>): Promise<boolean> =>
    page.evaluate(() => (document.querySelector('link[rel=icon]')?.getAttribute('href') ?? '').includes('e0452f'));

  it('says "Your turn" in the title and puts a dot on the icon while the move is the player’s, and not while the computer thinks', async () => {
    // The computer players take their time, so that their turns can be seen.
    const page = await newPage(h, DESKTOP, '?seed=tab-title&delay=1500');
    expect(await page.title()).toBe(PLAIN);
    await startPractice(page, 2);
    for (let move = 0; move < 3; move++) {
      const turn = await waitForTurn(page);
      if (turn === 'handOver' || turn === 'gameOver') break;
      await page.waitForFunction((title) => document.title === title, YOURS);
      expect(await iconHasDot(page)).toBe(true);
      await tapMove(page, turn);
      if (turn === 'draw') continue;
      // The computer's turn: the title is the plain one again.
      await page.waitForFunction((title) => document.title === title, PLAIN);
      expect(await iconHasDot(page)).toBe(false);
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
