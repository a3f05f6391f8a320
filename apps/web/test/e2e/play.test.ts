import { legalActions, view } from '@fives/engine';
import { type TableDoc, fromStored } from '@fives/table';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Turn, arms, countLogLines, fourArms, keyMove, playUntil, startPractice, tapMove, waitForTurn } from './driver.ts';
import { axeProblems } from './axe.ts';
import { DESKTOP, PHONE, browserTestsWanted, newPage, shot, suiteHarness } from './harness.ts';

/** The practice table's document as the page keeps it, read back as the page reads it. */
async function storedDoc(page: Page): Promise<TableDoc> {
  const raw = await page.evaluate(() => localStorage.getItem('fives.practice'));
  const out = fromStored((JSON.parse(raw ?? 'null') as { table?: unknown } | null)?.table);
  if (!out.ok) throw new Error(`the practice table is not kept: ${out.error.message}`);
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

/**
 * Playing in a real browser: the built app, served the way it ships, played through its UI —
 * taps, drags, keys — against the offline practice table. Seeds make every run the same game.
 */
describe.runIf(browserTestsWanted())('the table in Chromium', () => {
  const h = suiteHarness();

  it('plays a whole two-player hand by tapping on a phone', async () => {
    const page = await newPage(h, PHONE, '?seed=tap-2&delay=0');
    await startPractice(page, 2);
    expect(await page.locator('.hand .tile').count()).toBe(9);
    let pictured = false;
    let chose = false;
    const tapAndPicture = (p: Page, turn: Turn) =>
      tapMove(p, turn, async () => {
        // Seed 003: a tile that fits several ends shows, at each, the count it would make.
        const bubbles = await p.locator('.board .bubble-text').allTextContents();
        expect(bubbles.length).toBeGreaterThan(1);
        for (const b of bubbles) expect(b).toMatch(/^\d+$/);
        if (!chose) await shot(p, 'choose-end-phone');
        chose = true;
      });
    const end = await playUntil(page, tapAndPicture, async () => {
      if (!pictured && (await fourArms(page)())) {
        pictured = true;
        await shot(page, 'table-2p-phone');
      }
      return false;
    });
    expect(end).toBe('handOver');
    expect(chose, 'some tile fitted two ends during the hand').toBe(true);
    if (!pictured) await shot(page, 'table-2p-phone');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('columnheader', { name: 'Pips left' }).isVisible()).toBe(true);
    await shot(page, 'hand-end-phone');
    await dialog.getByRole('button', { name: 'Next hand' }).click();
    await expect.poll(() => page.locator('.hand .tile').count()).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('plays a hand with every animation on, and a score flies to whoever made it', async () => {
    const page = await newPage(h, PHONE, '?seed=anim&delay=60', true);
    await startPractice(page, 2);
    let flew = false;
    const end = await playUntil(page, tapMove, async () => {
      if (!flew && (await page.locator('.flight').count()) > 0) {
        flew = true;
        await shot(page, 'score-flight-phone');
      }
      return false;
    });
    expect(end).toBe('handOver');
    expect(page.errors).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 40_000);

  it('makes playable tiles glow with spoken labels, drags a tile onto an end, and can hide hints', async () => {
    const page = await newPage(h, DESKTOP, '?seed=drag&delay=0');
    await startPractice(page, 2);
    let dragged = false;
    for (let i = 0; i < 40 && !dragged; i++) {
      const turn = await waitForTurn(page);
      if (turn === 'handOver' || turn === 'gameOver') break;
      if (turn !== 'play') {
        await tapMove(page, turn);
        continue;
      }
      const glowing = page.locator('.hand .tile.glow');
      for (const label of await glowing.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) expect(label).toMatch(/^(double \w+|\w+–\w+), playable$/);
      const tile = glowing.first();
      const name = await tile.getAttribute('data-tile');
      const before = await page.locator('.hand .tile').count();
      // Pick it up by tapping to see where it fits; several ends means a drag has a choice to make.
      await tile.click();
      const targets = page.locator('.board [data-end]');
      if ((await page.locator('.hand .tile').count()) < before || (await targets.count()) < 2) continue;
      await page.keyboard.press('Escape');
      await expect.poll(() => targets.count()).toBe(0);
      const from = await tile.boundingBox();
      await page.mouse.move((from?.x ?? 0) + 10, (from?.y ?? 0) + 10);
      await page.mouse.down();
      await page.mouse.move((from?.x ?? 0) + 40, (from?.y ?? 0) - 40, { steps: 4 });
      // While dragging, every end the tile fits is a drop target.
      await expect.poll(() => targets.count()).toBeGreaterThan(1);
      const end = await targets.last().getAttribute('data-end');
      const to = await targets.last().boundingBox();
      await page.mouse.move((to?.x ?? 0) + (to?.width ?? 0) / 2, (to?.y ?? 0) + (to?.height ?? 0) / 2, { steps: 6 });
      await page.mouse.up();
      await expect.poll(() => page.locator(`.hand .tile[data-tile="${name}"]`).count()).toBe(0);
      expect(await page.locator('[aria-live=polite]').textContent()).toContain(
        `on the ${end === 'west' ? 'left' : end === 'east' ? 'right' : end === 'north' ? 'top' : 'bottom'} end`,
      );
      dragged = true;
    }
    expect(dragged, 'a tile was dragged onto one of several ends').toBe(true);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('checkbox', { name: /^Hints/ }).uncheck({ timeout: 3000 });
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('.hand .tile.glow').count()).toBe(0);
    expect(await page.locator('.hand .tile[aria-label$="playable"]').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('asks for a claim under Muggins and lets the player call Muggins!', async () => {
    const page = await newPage(h, PHONE, '?seed=muggins&delay=0');
    await startPractice(page, 2, 'muggins', 'easy');
    // No count box under Muggins: players count for themselves.
    expect(await page.locator('.count-box').count()).toBe(0);
    // Count the calls the table took, as the live log says them.
    const taken = await countLogLines(page, 'You called Muggins!');
    let claimed = false;
    let called = false;
    let calls = 0;
    // Hand after hand until the easy computer player misses a count the player can call.
    for (let i = 0; i < 400 && !(claimed && called); i++) {
      const turn = await waitForTurn(page, true);
      if (turn === 'gameOver') break;
      if (turn === 'handOver') {
        const next = page.getByRole('dialog').getByRole('button', { name: 'Next hand' });
        if ((await next.count()) === 0) break;
        await next.click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        continue;
      }
      if (turn === 'muggins') {
        if (!called) await shot(page, 'muggins-call-phone');
        await page.getByRole('button', { name: 'Call Muggins!' }).click();
        // The button shows only when the engine takes the call: a missed count, never a right "no score".
        calls++;
        await expect.poll(() => taken.count(), { message: 'the call the table offered was taken' }).toBe(calls);
        called = true;
        continue;
      }
      if (turn === 'claim') {
        expect(await page.getByRole('group', { name: 'Claim your count' }).isVisible()).toBe(true);
        if (!claimed) await shot(page, 'muggins-claim-phone');
        claimed = true;
        await page.getByRole('button', { name: 'No score' }).click();
        continue;
      }
      await tapMove(page, turn);
    }
    expect(claimed && called).toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('draws and passes by itself when the player asks it to', async () => {
    const page = await newPage(h, PHONE, '?seed=auto-52&delay=0');
    await page.getByLabel('Your name').fill('Rosa');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('checkbox', { name: /^Draw and pass/ }).check();
    await startPractice(page, 2);
    // Count the player's draws as the live log says them.
    await page.evaluate(() => {
      const w = window as unknown as { drew: number };
      w.drew = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.textContent === 'You drew a tile.') w.drew++;
      }).observe(document.querySelector('[role=log]') as Node, { childList: true });
    });
    let waited = 0;
    const end = await playUntil(
      page,
      async (p, turn) => {
        if (turn !== 'draw' && turn !== 'pass') return tapMove(p, turn);
        // Nobody clicks: the button goes away because the table drew or passed by itself.
        waited++;
        await p.waitForFunction(() => ![...document.querySelectorAll('.actions button')].some((b) => /^(Draw|Pass)$/.test(b.textContent?.trim() ?? '')));
      },
      async () => false,
    );
    expect(end).toBe('handOver');
    // This deal makes the player draw several times, some of them one after another.
    expect(await page.evaluate(() => (window as unknown as { drew: number }).drew)).toBeGreaterThanOrEqual(2);
    expect(waited).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('plays a whole three-player hand with the keyboard alone', async () => {
    const page = await newPage(h, DESKTOP, '?seed=keys-3&delay=0');
    await startPractice(page, 3);
    await page.locator('.hand .tile[tabindex="0"]').focus();
    const end = await playUntil(page, keyMove, async () => false);
    expect(end).toBe('handOver');
    // The live region said what the computer players did, under their names.
    expect(await page.locator('[aria-live=polite]').textContent()).toMatch(/Ada|Basil|Cleo|hand/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('plays a whole Fives-and-Threes game: no drawing, no spinner, and the sheet pegs the scores on a cribbage track', async () => {
    const page = await newPage(h, PHONE, '?seed=practice-threes&delay=0');
    await startPractice(page, 2, 'fivesAndThrees', 'beginner');
    expect(await page.locator('.hand .tile').count()).toBe(7);
    let hands = 0;
    for (let i = 0; i < 600; i++) {
      const turn = await waitForTurn(page);
      if (turn === 'gameOver') break;
      expect(turn, 'nobody draws in Fives-and-Threes').not.toBe('draw');
      if (turn === 'handOver') {
        hands++;
        await page.getByRole('dialog').getByRole('button', { name: 'Next hand' }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        continue;
      }
      expect((await arms(page)).north, 'no spinner: no north arm').toBe(0);
      await tapMove(page, turn);
    }
    const sheet = page.getByRole('dialog', { name: 'Score sheet' });
    expect(await sheet.isVisible(), 'the game was played to its end').toBe(true);
    expect(hands).toBeGreaterThan(0);
    const doc = await storedDoc(page);
    expect(doc.phase).toBe('over');
    const scores = doc.state?.scores ?? [];
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(61);
    // The pegs, as a screen reader is told them.
    const track = sheet.getByRole('img', { name: /^Playing to 61: / });
    expect(await track.getAttribute('aria-label')).toMatch(new RegExp(`^Playing to 61: .+ ${scores[0]}, .+ ${scores[1]}$`));
    await shot(page, 'threes-sheet-phone');
    expect(await axeProblems(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('plays a whole Latin game in pairs with the bonuses: the 6-6 leads, nobody draws, the sheet scores two pairs to 100', async () => {
    const page = await newPage(h, DESKTOP, '?seed=practice-latin&delay=0');
    await page.getByRole('radiogroup', { name: 'Players at the table' }).getByText('4', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Rules' }).first().selectOption('latin');
    await page.getByText('More options').click();
    await page.getByLabel('Capicúa and pase bonuses (25 each)').check();
    expect(await page.getByText('every pip left in all four hands').count()).toBeGreaterThan(0);
    await startPractice(page, 4, 'latin', 'beginner');
    expect(await page.locator('.hand .tile').count()).toBe(7);
    const start = await storedDoc(page);
    expect(start.state?.rules).toMatchObject({ preset: 'latin', partnerships: true, bonuses: true, handSize: 7, target: 100 });
    const first = start.state?.hand;
    expect(first?.deal.hands[first.leader]).toContain(27);
    expect(first?.forcedLead).toBe(27);
    // Holding the 6-6, the player may lead nothing else: one tile glows.
    if (first?.leader === 0) {
      expect(await waitForTurn(page)).toBe('play');
      expect(await page.locator('.hand .tile.glow').count()).toBe(1);
    }
    let hands = 0;
    for (let i = 0; i < 600; i++) {
      const turn = await waitForTurn(page);
      if (turn === 'gameOver') break;
      expect(turn, 'nobody draws in the Latin game').not.toBe('draw');
      if (turn === 'handOver') {
        hands++;
        await page.getByRole('dialog').getByRole('button', { name: 'Next hand' }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        continue;
      }
      expect((await arms(page)).north, 'no spinner: no north arm').toBe(0);
      await tapMove(page, turn);
    }
    const sheet = page.getByRole('dialog', { name: 'Score sheet' });
    expect(await sheet.isVisible(), 'the game was played to its end').toBe(true);
    expect(hands).toBeGreaterThan(0);
    const doc = await storedDoc(page);
    expect(doc.phase).toBe('over');
    const scores = doc.state?.scores ?? [];
    expect(scores).toHaveLength(2);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(100);
    // Two pairs on the sheet, and how their hands scored.
    expect(await sheet.locator('thead th').count()).toBe(3);
    expect(await sheet.getByText('The pair that wins a hand scores every pip left in all four hands. Bonuses: capicúa 25, each pase 25.').count()).toBe(1);
    await shot(page, 'latin-sheet-desktop');
    expect(await axeProblems(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('plays a whole Cuban game on a double-nine set: ten tiles each, the highest double dealt leads, nobody draws, two pairs to 100', async () => {
    const page = await newPage(h, DESKTOP, '?seed=practice-cuban&delay=0');
    await page.getByRole('radiogroup', { name: 'Players at the table' }).getByText('4', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Rules' }).first().selectOption('cuban');
    expect(await page.getByText('ten tiles each, fifteen left face down').count()).toBeGreaterThan(0);
    await startPractice(page, 4, 'cuban', 'beginner');
    expect(await page.locator('.hand .tile').count()).toBe(10);
    const start = await storedDoc(page);
    expect(start.state?.rules).toMatchObject({ preset: 'cuban', maxPip: 9, partnerships: true, handSize: 10, target: 100 });
    const first = start.state?.hand;
    expect(first?.deal.boneyard).toHaveLength(15);
    // The highest double dealt (ids of doubles rise with their number) is the leader's, and forced.
    const doubles = [0, 7, 13, 18, 22, 25, 27, 35, 44, 54];
    const dealtDoubles = (first?.deal.hands.flat() ?? []).filter((t) => doubles.includes(t));
    expect(first?.forcedLead).toBe(Math.max(...dealtDoubles));
    expect(first?.deal.hands[first.leader]).toContain(first?.forcedLead);
    let hands = 0;
    let high = 0;
    for (let i = 0; i < 800; i++) {
      const turn = await waitForTurn(page);
      if (turn === 'gameOver') break;
      expect(turn, 'nobody draws in the Cuban game').not.toBe('draw');
      if (turn === 'handOver') {
        hands++;
        await page.getByRole('dialog').getByRole('button', { name: 'Next hand' }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        continue;
      }
      expect((await arms(page)).north, 'no spinner: no north arm').toBe(0);
      // A half of 7, 8 or 9 is drawn with as many pips (pips.ts) somewhere in the hand or on the table.
      high = Math.max(high, await page.locator('.domino').evaluateAll((ds) => Math.max(0, ...ds.map((d) => d.querySelectorAll('.pip').length))));
      await tapMove(page, turn);
    }
    const sheet = page.getByRole('dialog', { name: 'Score sheet' });
    expect(await sheet.isVisible(), 'the game was played to its end').toBe(true);
    expect(hands).toBeGreaterThan(0);
    expect(high, 'a tile with more than 12 pips was shown').toBeGreaterThan(12);
    const doc = await storedDoc(page);
    expect(doc.phase).toBe('over');
    const scores = doc.state?.scores ?? [];
    expect(scores).toHaveLength(2);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(100);
    expect(await sheet.locator('thead th').count()).toBe(3);
    await shot(page, 'cuban-sheet-desktop');
    expect(await axeProblems(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('plays a whole Muggins game: a missed count can be called, a right one cannot; the bots think in a worker; a reload keeps the game', async () => {
    const page = await newPage(h, PHONE, '?seed=practice-muggins&delay=0');
    await startPractice(page, 2, 'muggins', 'beginner');
    let taken = await countLogLines(page, 'You called Muggins!');
    let calls = 0;
    let called = 0;
    let rightCounts = 0;
    let reloaded = false;
    let asked = false;
    let hands = 0;
    for (let i = 0; i < 1500; i++) {
      const turn = await waitForTurn(page, true);
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
        await expect.poll(() => taken.count(), { message: 'the call the table offered was taken' }).toBe(calls);
        continue;
      }
      if (countedRight(doc)) rightCounts++;
      if (!asked && hands === 0 && i > 3) {
        // Leaving a game under way asks first; staying keeps it.
        await page.getByRole('button', { name: 'Leave the table' }).click();
        await page.getByRole('dialog', { name: 'Leave this game?' }).getByRole('button', { name: 'Stay' }).click();
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
        taken = await countLogLines(page, 'You called Muggins!');
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
