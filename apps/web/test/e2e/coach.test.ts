import { describe, expect, it } from 'vitest';
import { playUntil, startPractice, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, browserTestsWanted, newPage, suiteHarness } from './harness.ts';

/**
 * The practice table's coach in a real browser (issue 29): its chunk and its worker load when
 * the table shows, the Hint button names a play on the player's turn, and in the end-of-hand
 * panel the coach says which of the player's plays cost the most.
 */
describe.runIf(browserTestsWanted())('the practice coach in Chromium', () => {
  const h = suiteHarness();

  it('gives a hint on the player’s turn and looks back over the hand once it is over', async () => {
    const page = await newPage(h, DESKTOP, '?seed=coach&delay=0');
    await startPractice(page, 2);
    const hint = page.getByRole('button', { name: 'Hint' });
    let hinted = false;
    const end = await playUntil(page, tapMove, async () => {
      if (hinted || (await waitForTurn(page)) !== 'play' || !(await hint.isVisible())) return false;
      await hint.click();
      const says = page.locator('.coach-says');
      await expect.poll(() => says.textContent(), { timeout: 20_000 }).toMatch(/^Coach: play .+\.$/);
      hinted = true;
      return false;
    });
    expect(end).toBe('handOver');
    expect(hinted, 'the player had a choice of plays at least once').toBe(true);
    // The look back is in the end-of-hand panel: it goes with the panel, and never covers the next hand's board.
    const panel = page.getByRole('dialog');
    const lessons = panel.getByRole('region', { name: 'Coach: hand 1' });
    await lessons.waitFor({ timeout: 30_000 });
    await expect.poll(() => lessons.textContent(), { timeout: 30_000 }).toMatch(/Your play \d+: .+ Better: .+|None of your plays this hand cost anything/);
    await panel.getByRole('button', { name: 'Next hand' }).click();
    await expect.poll(() => page.getByRole('region', { name: /^Coach: hand/ }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
