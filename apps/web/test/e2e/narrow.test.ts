import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { countLogLines, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, SMALL_PHONE, browserTestsWanted, shot, suiteHarness } from './harness.ts';
import { person, playNowOnline, sayName, startOnlineHarness, twoAtATable } from './online-harness.ts';

/**
 * Issue 31 at 320 px, measured in Chromium: every box the player reads stays inside the screen
 * and its card or panel, none overlaps another in a seat panel, and no text is cut (an element
 * whose content is wider or taller than its box, as an ellipsis or a line clamp makes it).
 */
interface Measured {
  readonly what: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** Its text is cut: content wider or taller than the box. */
  readonly cut: boolean;
}

function measure(locator: Locator): Promise<Measured[]> {
  return locator.evaluateAll((els) =>
    els
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        const what = `${el.getAttribute('class') ?? ''} "${el.textContent?.trim() ?? ''}"`;
        return { what, x: r.x, y: r.y, w: r.width, h: r.height, cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 };
      }),
  );
}

const inside = (a: Measured, b: { x: number; y: number; w: number; h: number }): boolean =>
  a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.w <= b.x + b.w + 0.5 && a.y + a.h <= b.y + b.h + 0.5;
const apart = (a: Measured, b: Measured): boolean => a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;
const SCREEN = { x: 0, y: 0, w: SMALL_PHONE.width, h: SMALL_PHONE.height };

/** Every seat panel: its parts inside it, apart from each other, and its badges whole. */
async function expectSeatsWhole(page: Page): Promise<void> {
  const seats = page.locator('.seat');
  for (let i = 0; i < (await seats.count()); i++) {
    const seat = seats.nth(i);
    const [box] = await measure(seat);
    if (box === undefined) continue;
    expect(inside(box, SCREEN), `${box.what} leaves the screen`).toBe(true);
    const parts = await measure(seat.locator('.dot, .name, .rating, .note, .score, .count, .timer, .badge'));
    for (const p of parts) expect(inside(p, box), `${p.what} leaves its seat panel ${box.what}`).toBe(true);
    for (let a = 0; a < parts.length; a++)
      for (let b = a + 1; b < parts.length; b++) expect(apart(parts[a]!, parts[b]!), `${parts[a]!.what} overlaps ${parts[b]!.what}`).toBe(true);
    for (const badge of await measure(seat.locator('.badge'))) expect(badge.cut, `${badge.what} is cut`).toBe(false);
  }
}

/** The status row: each part on the screen, the status line's words whole. */
async function expectStatusRowWhole(page: Page): Promise<void> {
  for (const part of await measure(page.locator('.status-row > *, .status-row button'))) expect(inside(part, SCREEN), `${part.what} leaves the screen`).toBe(true);
  const [status] = await measure(page.locator('.status'));
  expect(status?.cut, `the status line is cut: ${status?.what} in ${status?.w.toFixed(0)}×${status?.h.toFixed(0)} px`).toBe(false);
}

describe.runIf(browserTestsWanted())('nothing cut off or overlapping at 320 px', () => {
  // A long pause between hands: the stand-in cannot play the game to its end while a player is away.
  const h = suiteHarness(() => startOnlineHarness('web-narrow', 60_000));

  it('the table-code card keeps its Join button inside it', async () => {
    const page = await person(h, SMALL_PHONE);
    await sayName(page, 'Rosa');
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    await page.locator('#table-code').fill('ABCDEF');
    const [card] = await measure(page.locator('section.card', { has: page.locator('#table-code') }));
    const [join] = await measure(page.locator('form.code button[type=submit]'));
    expect(card && join && inside(join, card), `Join ${JSON.stringify(join)} leaves its card ${JSON.stringify(card)}`).toBe(true);
    // Across the screen (the card may be scrolled below it).
    expect(join && join.x >= 0 && join.x + join.w <= SCREEN.w + 0.5, 'Join leaves the screen').toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('a player at a timed table of four: own seat, turn and opponents’ badges all whole', async () => {
    const page = await person(h, SMALL_PHONE);
    await sayName(page, 'Rosalinda');
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    await page.getByText('More options').click();
    await page.getByLabel('Turn timer').selectOption('15');
    await playNowOnline(page, 4);
    // A few turns of the player's own, a Draw button among them when the hand asks for one.
    for (let i = 0; i < 4; i++) {
      const turn = await waitForTurn(page);
      if (turn === 'handOver' || turn === 'gameOver') break;
      await shot(page, `narrow-player-${i}`);
      await expectSeatsWhole(page);
      await expectStatusRowWhole(page);
      await tapMove(page, turn);
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('a spectator: the Reactions button on the screen, the seat at the bottom whole', async () => {
    const player = await person(h, DESKTOP);
    await sayName(player, 'Rosalinda');
    await player.getByRole('button', { name: 'Rename' }).waitFor();
    await playNowOnline(player, 4);
    const watcher = await person(h, SMALL_PHONE, new URL(player.url()).pathname);
    await watcher.getByRole('button', { name: 'Just watch' }).click();
    await watcher.locator('.table-screen').waitFor();
    await watcher.getByRole('button', { name: 'Reactions' }).waitFor();
    await shot(watcher, 'narrow-spectator');
    await expectSeatsWhole(watcher);
    await expectStatusRowWhole(watcher);
    expect(watcher.errors).toEqual([]);
    await watcher.context().close();
    await player.context().close();
  }, 90_000);

  it('the stand-in notice shows whole, not cut to "While you…"', async () => {
    const { ada, bob } = await twoAtATable(h, SMALL_PHONE, DESKTOP);
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
      if (turn === null || turn === 'handOver' || turn === 'gameOver') break;
      await tapMove(bob, turn);
    }
    await back.click();
    await expect.poll(() => ada.locator('.status').textContent()).toMatch(/^While you were away/);
    await shot(ada, 'narrow-stood-in');
    const [status] = await measure(ada.locator('.status'));
    expect(status?.cut, `the notice is cut in ${status?.w.toFixed(0)}×${status?.h.toFixed(0)} px`).toBe(false);
    expect(status && inside(status, SCREEN)).toBe(true);
    await expectSeatsWhole(ada);
    expect(ada.errors).toEqual([]);
    await ada.context().close();
    await bob.context().close();
  }, 120_000);
});
