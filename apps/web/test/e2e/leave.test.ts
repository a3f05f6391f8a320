import { describe, expect, it } from 'vitest';
import { PHONE, browserTestsWanted, shot, suiteHarness } from './harness.ts';
import { person, playNowOnline, sayName, startOnlineHarness } from './online-harness.ts';

/** Issue 15, point 4: leaving a game under way asks first, and the lobby offers the way back while the seat is the player's. */
describe.runIf(browserTestsWanted())('leaving an online game and coming back', () => {
  // A long pause between hands: while the player is away the stand-in cannot play the game to its end.
  const h = suiteHarness(() => startOnlineHarness('web-leave', 60_000));

  it('asks before leaving, and the lobby returns the player to their seat', async () => {
    const page = await person(h, PHONE);
    await sayName(page, 'Rosa');
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    await playNowOnline(page, 2);
    const at = new URL(page.url()).pathname;
    expect(at).toMatch(/^\/t\/[a-z0-9]+$/);

    // One tap on the arrow only asks; Stay keeps the game.
    await page.getByRole('button', { name: 'Leave the table' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave this game?' });
    await ask.waitFor();
    await shot(page, 'leave-ask-phone');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.locator('.table-screen').isVisible()).toBe(true);

    // Leave for real: the lobby says the game is still on, and takes the player back to it.
    await page.getByRole('button', { name: 'Leave the table' }).click();
    await page.getByRole('dialog', { name: 'Leave this game?' }).getByRole('button', { name: 'Leave' }).click();
    const back = page.getByRole('button', { name: 'Return to it' });
    await back.waitFor();
    expect(await page.getByRole('heading', { name: /^Your game at table [A-Z0-9]{6} is still on\.$/ }).isVisible()).toBe(true);
    await shot(page, 'lobby-return-phone');
    await back.click();
    await page.locator('.table-screen').waitFor();
    expect(new URL(page.url()).pathname).toBe(at);
    await page.locator('.seat.bottom .name', { hasText: 'Rosa (you)' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
