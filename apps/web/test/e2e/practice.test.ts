import { legalActions, view } from '@fives/engine';
import { type TableDoc, fromStored } from '@fives/table';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Turn, startPractice, tapMove } from './driver.ts';
import { type Harness, PHONE, browserTestsWanted, newPage, startHarness } from './harness.ts';

/**
 * The practice table as it ships: the server's table machine run in the page, its computer
 * players in a Web Worker, the game kept across a reload. The table's own document (kept in
 * localStorage) says what the engine would take, so the screen is checked against the engine.
 */

/** The practice table's document as the page keeps it, read back as the page reads it. */
async function storedDoc(page: Page): Promise<TableDoc> {
  const raw = await page.evaluate(() => localStorage.getItem('fives.practice'));
  const out = fromStored((JSON.parse(raw ?? 'null') as { table?: unknown } | null)?.table);
  if (!out.ok) throw new Error(`the practice table is not kept: ${out.problem.message}`);
  return out.value;
}

/** Whether the table would take the player's Muggins call now: the engine's rule, and the table's window. */
async function engineTakesCall(page: Page, doc: TableDoc): Promise<boolean> {
  if (doc.state === null) return false;
  const now = await page.evaluate(() => Date.now());
  const open = doc.clock.muggins !== null && now <= doc.clock.muggins;
  return open && legalActions(view(doc.state, 0)).some((a) => a.type === 'muggins');
}

/** Whether the opponent's last word on its play was right: a count claimed (or "no score") and nothing missed. */
function countedRight(doc: TableDoc): boolean {
  const hand = doc.state?.hand;
  const last = hand?.log.at(-1);
  return hand != null && (last?.type === 'claim' || last?.type === 'noScore') && last.seat !== 0 && hand.missed === null;
}

async function nextTurn(page: Page): Promise<Turn | 'muggins'> {
  const handle = await page.waitForFunction(() => {
    if (document.querySelector('[role=dialog][aria-label="Score sheet"]')) return 'gameOver';
    if (document.querySelector('[role=dialog]')) return 'handOver';
    if (document.querySelector('.muggins')) return 'muggins';
    if (document.querySelector('.claim')) return 'claim';
    if (document.querySelector('.hand .tile.glow')) return 'play';
    const buttons = [...document.querySelectorAll('.actions button')].map((b) => b.textContent?.trim());
    if (buttons.includes('Draw')) return 'draw';
    if (buttons.includes('Pass')) return 'pass';
    return false;
  });
  return (await handle.jsonValue()) as Turn | 'muggins';
}

describe.runIf(browserTestsWanted())('the practice table in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('plays a whole Muggins game: a missed count can be called, a right one cannot; the bots think in a worker; a reload keeps the game', async () => {
    const page = await newPage(h, PHONE, '?seed=practice-muggins&delay=0');
    await startPractice(page, 2, 'muggins', 'beginner');
    await page.evaluate(() => {
      const w = window as unknown as { calls: number };
      w.calls = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.textContent?.startsWith('You called Muggins!')) w.calls++;
      }).observe(document.querySelector('[role=log]') as Node, { childList: true });
    });
    let calls = 0;
    let called = 0;
    let rightCounts = 0;
    let reloaded = false;
    let asked = false;
    let hands = 0;
    for (let i = 0; i < 1500; i++) {
      const turn = await nextTurn(page);
      if (turn === 'gameOver') break;
      if (turn === 'handOver') {
        hands++;
        await page.getByRole('dialog').getByRole('button', { name: 'Next hand' }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        continue;
      }
      // The player is to act, so the table holds still: the button shows exactly when the engine would take the call.
      const doc = await storedDoc(page);
      const offered = turn === 'muggins';
      expect(offered, `Call Muggins! ${offered ? 'shown' : 'hidden'} at version ${doc.version}`).toBe(await engineTakesCall(page, doc));
      if (offered) {
        await page.getByRole('button', { name: 'Call Muggins!' }).click();
        calls++;
        called++;
        await expect.poll(() => page.evaluate(() => (window as unknown as { calls: number }).calls), { message: 'the call the table offered was taken' }).toBe(calls);
        continue;
      }
      if (countedRight(doc)) rightCounts++;
      if (!asked && hands === 0 && i > 3) {
        // Leaving a game under way asks first; staying keeps it.
        await page.getByRole('button', { name: 'Leave the table' }).click();
        await page.getByRole('dialog', { name: 'Leave practice?' }).getByRole('button', { name: 'Keep playing' }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        asked = true;
      }
      if (!reloaded && hands === 1 && turn === 'play') {
        // Mid-game, the page loads again: the same table, the same hand, and play goes on.
        const tiles = await page.locator('.hand .tile').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));
        await page.reload();
        await page.locator('.table-screen').waitFor();
        await expect.poll(() => page.locator('.hand .tile').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')))).toEqual(tiles);
        expect((await storedDoc(page)).version).toBe(doc.version);
        await page.evaluate(() => {
          const w = window as unknown as { calls: number };
          w.calls = 0;
          new MutationObserver((records) => {
            for (const r of records) for (const n of r.addedNodes) if (n.textContent?.startsWith('You called Muggins!')) w.calls++;
          }).observe(document.querySelector('[role=log]') as Node, { childList: true });
        });
        calls = 0;
        reloaded = true;
        continue;
      }
      await tapMove(page, turn);
    }
    expect(await page.getByRole('dialog', { name: 'Score sheet' }).isVisible(), 'the game was played to its end').toBe(true);
    expect(reloaded && asked).toBe(true);
    expect(called, 'missed counts called').toBeGreaterThan(0);
    expect((await storedDoc(page)).phase).toBe('over');
    expect(rightCounts, 'positions after a right count, where no call was offered').toBeGreaterThan(0);
    // The computer players' moves were chosen in the worker (it counts its answers), not on the page.
    const workers = page.workers();
    expect(workers.length).toBeGreaterThan(0);
    const thinks = await Promise.all(workers.map((w) => w.evaluate(() => (self as unknown as { fivesThinks?: number }).fivesThinks ?? 0)));
    expect(Math.max(...thinks)).toBeGreaterThan(0);
    // Leaving a finished game asks nothing.
    await page.getByRole('dialog', { name: 'Score sheet' }).getByRole('button', { name: /leave/i }).click();
    await page.getByRole('button', { name: 'Practice vs computer' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('fives.practice'))).toBeNull();
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
