import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type Harness, browserTestsWanted } from './harness.ts';
import { startOnlineHarness, twoAtATable } from './online-harness.ts';

/**
 * The reactions' limit from the sender's side (issue 31): past it the server refuses the
 * reaction, and the sender is told so, politely, by the reactions' button (a polite status).
 */
describe.runIf(browserTestsWanted())('a refused reaction in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startOnlineHarness('web-reaction-limit');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('tells the sender, politely and by the reactions button, when the limit refuses a reaction', async () => {
    const { ada, bob } = await twoAtATable(h, DESKTOP, DESKTOP);
    const limited = 'Thanks! That is plenty for now: you can react again in a few seconds.';
    // The limit is 5 a player per 30 s: the sixth and seventh are refused.
    for (let i = 0; i < 7; i++) {
      await ada.getByRole('button', { name: 'React' }).click();
      await ada.getByRole('group', { name: 'Quick reactions' }).getByRole('button', { name: 'Nice!', exact: true }).click();
    }
    const note = ada.locator('.reactions').getByRole('status');
    await expect.poll(() => note.textContent(), { timeout: 10_000 }).toBe(limited);
    expect(await note.isVisible()).toBe(true);
    // Opening the menu again, it says so there too.
    await ada.getByRole('button', { name: 'React' }).click();
    expect(await ada.getByRole('group', { name: 'Quick reactions' }).getByRole('status').textContent()).toBe(limited);
    await ada.keyboard.press('Escape');
    // Only the sender is told.
    expect(await bob.getByText(limited).count()).toBe(0);
    expect(ada.errors).toEqual([]);
  }, 90_000);
});
