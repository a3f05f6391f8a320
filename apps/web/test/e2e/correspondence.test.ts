import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './axe.ts';
import { DESKTOP, type Harness, SMALL_PHONE, browserTestsWanted } from './harness.ts';
import { person, playNowOnline, sayName, startOnlineHarness } from './online-harness.ts';

/**
 * A correspondence game from the lobby against the real server, in Chromium on a 320 px phone and
 * a 1440 px desktop (issue 27): the turn timer offers days a move; the table's clock says days and
 * hours; the lobby's "Your move" card lists the game while the move is the player's and opens it
 * again with one click; going back to the lobby asks nothing and leaves the game hers. axe-core
 * finds nothing on the card.
 */
describe.runIf(browserTestsWanted())('a correspondence game in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startOnlineHarness('web-correspondence');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  for (const [size, name] of [
    [SMALL_PHONE, '320 px phone'],
    [DESKTOP, '1440 px desktop'],
  ] as const) {
    it(`is made with a day a move, and waits in the lobby's "Your move" for the player, on a ${name}`, async () => {
      const ada = await person(h, size);
      await sayName(ada, 'Ada');
      await ada.getByText('More options', { exact: true }).click();
      const timer = ada.getByLabel('Turn timer');
      expect(await timer.locator('optgroup').getAttribute('label')).toBe('By correspondence (days a move)');
      await timer.selectOption({ label: '1 day a move' });
      await playNowOnline(ada, 2);
      // Her turn's clock: a day, told in hours, not in seconds (the computer player moved at once if it led).
      const clock = ada.getByRole('timer', { name: /^(23h 59m|1d 0h) left$/ });
      await clock.first().waitFor({ timeout: 20_000 });

      // Later, in another tab: the lobby lists the game as hers to move.
      const later = await ada.context().newPage();
      await later.goto(`${h.url}/`);
      const card = later.getByRole('region', { name: 'Your move' });
      await card.waitFor({ timeout: 20_000 });
      await card.getByText(/^With /).waitFor();
      expect(await card.getByText(/Your time runs out /).count()).toBe(1);
      expect(await axeProblems(later)).toEqual([]);
      expect(await later.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await card.getByRole('button', { name: 'Play your move' }).click();
      await later.locator('.table-screen').waitFor();
      await later
        .getByRole('timer', { name: /^(23h 59m|1d 0h) left$/ })
        .first()
        .waitFor({ timeout: 20_000 });
      // Back to the lobby with no question: the game waits for her, still hers to move.
      await later.getByRole('button', { name: 'Leave the table' }).click();
      expect(await later.getByRole('dialog', { name: 'Leave this game?' }).count()).toBe(0);
      await later.getByRole('region', { name: 'Your move' }).getByRole('button', { name: 'Play your move' }).waitFor({ timeout: 20_000 });
      expect(ada.errors).toEqual([]);
      await ada.context().close();
    }, 90_000);
  }
});
