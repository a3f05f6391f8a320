import { describe, expect, it } from 'vitest';
import { waitForTurn } from './driver.ts';
import { PHONE, browserTestsWanted, shot, suiteHarness } from './harness.ts';
import { person, playNowOnline, sayName, startOnlineHarness } from './online-harness.ts';

declare global {
  interface Window {
    /** Every frequency the page's sounds set, in order (the low-time beep is 880 Hz). */
    __tones: number[];
  }
}

/**
 * Issue 31: the turn's clock is noticed. On the player's own timed turn a large countdown shows
 * above the hand; near the end it changes colour, beeps once (sound on) and says so once to a
 * screen reader. The clock runs for real here (a 15 s turn, warned at 5 s).
 */
describe.runIf(browserTestsWanted())('the turn clock', () => {
  const h = suiteHarness(() => startOnlineHarness('web-turn-clock'));

  it('counts down large on the player’s turn and warns once when time runs low', async () => {
    const page = await person(h, PHONE);
    await page.addInitScript(() => {
      window.__tones = [];
      const proto = AudioParam.prototype;
      const set = Object.getOwnPropertyDescriptor(proto, 'setValueAtTime')?.value as (this: AudioParam, value: number, at: number) => AudioParam;
      proto.setValueAtTime = function (this: AudioParam, value: number, at: number) {
        window.__tones.push(value);
        return set.call(this, value, at);
      };
    });
    await page.reload();
    await sayName(page, 'Rosa');
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    await page.getByText('More options').click();
    await page.getByLabel('Turn timer').selectOption('15');
    await playNowOnline(page, 2);
    await waitForTurn(page);

    const clock = page.locator('.turn-clock');
    await clock.waitFor();
    expect(await clock.getAttribute('role')).toBe('timer');
    // Large: its digits at least 20 px, not the seat ring's 13.
    const size = await clock.locator('.secs').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(20);
    const calm = await clock.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await clock.evaluate((el) => el.classList.contains('low'))).toBe(false);
    expect(await page.evaluate(() => window.__tones.filter((f) => f === 880).length)).toBe(0);

    // The player waits: at 5 s left the clock turns low.
    await page.locator('.turn-clock.low').waitFor({ timeout: 15_000 });
    await shot(page, 'turn-clock-low');
    expect(await clock.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(calm);
    const warning = page.locator('[aria-live="assertive"]', { hasText: 'Hurry: 5 seconds left on your turn.' });
    await warning.waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => window.__tones.filter((f) => f === 880).length)).toBe(2);
    // Once a turn: a second later, still one warning and one beep (two tones).
    await page.waitForFunction(() => Number(document.querySelector('.turn-clock .secs')?.textContent) <= 3);
    expect(await page.evaluate(() => window.__tones.filter((f) => f === 880).length)).toBe(2);
    expect(await page.locator('[aria-live="assertive"]').allTextContents()).toEqual(['Hurry: 5 seconds left on your turn.']);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
