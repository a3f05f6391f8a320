import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPractice, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, type Harness, browserTestsWanted, startHarness, watchErrors } from './harness.ts';

/**
 * Issue 15, point 8: with the player's permission, a notification when their turn comes while
 * the tab is hidden; none while they look at the table, none without the permission.
 *
 * Chromium's permission is granted through the browser context, as a player's "Allow" would.
 * A headless page is never hidden, so the page's `document.hidden` (what the client reads) is
 * a switch the test turns; and `Notification` is the browser's own, counted as it is made.
 */
const SPY = (): void => {
  const w = window as unknown as { notes: { title: string; body: string | undefined; tag: string | undefined }[]; hideTab: boolean };
  w.notes = [];
  w.hideTab = false;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.hideTab });
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.hideTab ? 'hidden' : 'visible') });
  const Real = window.Notification;
  class Counted extends Real {
    constructor(title: string, options?: NotificationOptions) {
      w.notes.push({ title, body: options?.body, tag: options?.tag });
      super(title, options);
    }
  }
  window.Notification = Counted;
  // The player turned notifications on in the settings before.
  if (localStorage.getItem('fives.settings') === null) localStorage.setItem('fives.settings', JSON.stringify({ notify: true }));
};

describe.runIf(browserTestsWanted())('the turn notification', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  async function open(permitted: boolean): Promise<{ page: Page & { errors: string[] }; context: BrowserContext }> {
    const context = await h.browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'en-US' });
    if (permitted) await context.grantPermissions(['notifications'], { origin: new URL(h.url).origin });
    await context.addInitScript(SPY);
    const page = watchErrors(await context.newPage());
    await page.goto(`${h.url}?seed=notify&delay=300`);
    return { page, context };
  }
  const notes = (page: Page): Promise<{ title: string; body: string | undefined; tag: string | undefined }[]> =>
    page.evaluate(() => (window as unknown as { notes: { title: string; body: string | undefined; tag: string | undefined }[] }).notes);
  const hideTab = (page: Page, hidden: boolean): Promise<void> =>
    page.evaluate((h) => {
      (window as unknown as { hideTab: boolean }).hideTab = h;
    }, hidden);

  /** Plays the player's turns until `turns` of them have come (each one waited for on screen). */
  async function playTurns(page: Page, turns: number): Promise<void> {
    for (let i = 0; i < turns; i++) {
      const turn = await waitForTurn(page);
      if (turn === 'handOver' || turn === 'gameOver') throw new Error(`the hand ended after ${i} turns: pick another seed`);
      await tapMove(page, turn);
    }
  }

  it('comes when the turn does in a hidden tab, with the permission; not while the tab is seen', async () => {
    const { page, context } = await open(true);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    await startPractice(page, 2);
    // Looking at the table: three turns, no notification.
    await playTurns(page, 3);
    expect(await notes(page)).toEqual([]);
    // The player looks at another tab, having moved: the next turn notifies.
    await hideTab(page, true);
    await playTurns(page, 1);
    await page.waitForFunction(() => (window as unknown as { notes: unknown[] }).notes.length > 0);
    // One a turn: the bot may answer the move tapped above before the page is read, so a second turn may have come too.
    const hidden = await notes(page);
    expect(hidden.length).toBeGreaterThan(0);
    for (const note of hidden) expect(note).toEqual({ title: 'Your turn', body: 'All Fives: it is your move.', tag: 'fives-turn' });
    // Back at the table: the turns after that do not.
    await hideTab(page, false);
    const whileHidden = (await notes(page)).length;
    await playTurns(page, 2);
    await waitForTurn(page);
    expect(await notes(page)).toHaveLength(whileHidden);
    expect(page.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('does not come without the permission, even in a hidden tab', async () => {
    const { page, context } = await open(false);
    expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
    await hideTab(page, true);
    await startPractice(page, 2);
    await playTurns(page, 3);
    await waitForTurn(page);
    expect(await notes(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await context.close();
  }, 90_000);
});
