import { describe, expect, it } from 'vitest';
import { playUntil, tapMove } from './driver.ts';
import { PHONE, browserTestsWanted, suiteHarness } from './harness.ts';
import { person, sayName, startOnlineHarness } from './online-harness.ts';

/**
 * Issue 15, point 1: a person's clock never runs while the client hides the table. The server
 * deals the next hand by itself (here after a short pause, so the end-of-hand panel is seen);
 * when the player's timed turn comes, the panel gives way without being closed.
 */
describe.runIf(browserTestsWanted())('the turn clock and the end-of-hand panel', () => {
  const h = suiteHarness(() => startOnlineHarness('web-clock', 1500));

  it('takes the panel away when the next hand is dealt and the timed turn is the player’s', async () => {
    const page = await person(h, PHONE);
    await sayName(page, 'Rosa');
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    await page.getByText('More options').click();
    await page.getByLabel('Turn timer').selectOption('15');
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Play now online' && !b.disabled));
    await page.getByRole('button', { name: 'Play now online' }).click();
    await page.locator('.table-screen').waitFor();
    expect(await playUntil(page, tapMove, async () => false)).toBe('handOver');
    await page.getByRole('dialog', { name: 'Hand 1 is over' }).waitFor();
    // Nobody closes the panel: it goes by itself once the player's turn of the next hand is timed.
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.status', { hasText: 'The next hand is dealt and it is your turn' }).waitFor();
    expect(await page.getByRole('timer').count()).toBeGreaterThan(0);
    // The deal checker came after the first page, with the table: hand 1's revealed seed checks out.
    await page.locator('button.fair', { hasText: '✓' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
