import { describe, expect, it } from 'vitest';
import { countLogLines, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, PHONE, browserTestsWanted, shot, suiteHarness } from './harness.ts';
import { person, playNowOnline, sayName, startOnlineHarness, twoAtATable } from './online-harness.ts';

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
    // Attached: on a phone the player's own panel leaves the name out (the hand below is theirs).
    await page.locator('.seat.bottom .name', { hasText: 'Rosa (you)' }).waitFor({ state: 'attached' });
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('tells a returning player what the computer played for them while they were away', async () => {
    // Two people (a table of one person pauses while that person is away: nothing is played for them).
    const { ada, bob } = await twoAtATable(h, PHONE, DESKTOP);

    // Ada leaves; Bob plays on, and sees the computer play Ada's seat.
    const adaPlayed = await countLogLines(bob, 'Ada played');
    await ada.getByRole('button', { name: 'Leave the table' }).click();
    await ada.getByRole('dialog', { name: 'Leave this game?' }).getByRole('button', { name: 'Leave' }).click();
    const back = ada.getByRole('button', { name: 'Return to it' });
    await back.waitFor();
    for (let i = 0; i < 30 && (await adaPlayed.count()) === 0; i++) {
      const turn = await Promise.race([
        waitForTurn(bob),
        expect
          .poll(() => adaPlayed.count(), { timeout: 20_000 })
          .toBeGreaterThan(0)
          .then(() => null),
      ]);
      if (turn === null) break;
      if (turn === 'handOver' || turn === 'gameOver') break;
      await tapMove(bob, turn);
    }
    expect(await adaPlayed.count()).toBeGreaterThan(0);

    // Back at the table, Ada is told, counted from the table's log since she left it.
    await back.click();
    await ada.locator('.seat.bottom .name', { hasText: 'Ada (you)' }).waitFor({ state: 'attached' });
    await expect.poll(() => ada.locator('.status').textContent()).toMatch(/^While you were away the computer played (\d+ tiles? for you|your seat: \d+ hands? ended)\.$/);
    await shot(ada, 'stood-in-phone');
    expect(ada.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    await ada.context().close();
    await bob.context().close();
  }, 90_000);
});
