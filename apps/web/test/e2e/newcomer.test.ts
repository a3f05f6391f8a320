import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type Harness, browserTestsWanted } from './harness.ts';
import { person, sayName, startOnlineHarness } from './online-harness.ts';

const PICKED = /^[A-Z][a-z]+ \d{3}$/;

/**
 * A newcomer plays at once (issue 31): the lobby picks a name for them, says so, and every play
 * button works before they save one; the name stays theirs to change, after a reload too.
 */
describe.runIf(browserTestsWanted())('a newcomer in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startOnlineHarness('web-newcomer');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('plays practice at once under a picked name, without saving one', async () => {
    const page = await person(h, DESKTOP);
    const name = page.getByLabel('Your name');
    await expect.poll(() => name.inputValue()).toMatch(PICKED);
    const picked = await name.inputValue();
    expect(await page.getByText('We picked this name so you can play at once; change it whenever you like.').isVisible()).toBe(true);
    // Typed, not saved: practice still works (under the picked name).
    await name.fill('Someone typing');
    await page.getByRole('button', { name: 'Practice vs computer' }).click();
    await page.locator('.table-screen').waitFor();
    expect(await page.locator('.mine').textContent()).toContain(picked);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('plays online at once too, keeps the picked name over a reload, and renames like anyone', async () => {
    const page = await person(h, DESKTOP);
    const name = page.getByLabel('Your name');
    await expect.poll(() => name.inputValue()).toMatch(PICKED);
    const picked = await name.inputValue();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Play now online' && !b.disabled));
    await page.reload();
    await expect.poll(() => name.inputValue()).toBe(picked);
    await sayName(page, 'Rosa');
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    expect(await page.getByText('We picked this name so you can play at once; change it whenever you like.').count()).toBe(0);
    await page.reload();
    await expect.poll(() => name.inputValue()).toBe('Rosa');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
