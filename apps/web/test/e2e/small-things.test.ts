import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPractice, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, type Harness, PHONE, SMALL_PHONE, browserTestsWanted, newPage, shot, startHarness } from './harness.ts';

/**
 * Issue 15, point 7, "smaller things players noticed", each where a player would see it: the
 * phone's score sheet and seat panels with four players and three-digit scores, the sentence
 * when a tile fits two ends (its verb by input, above the lifted tile), the icon buttons' size,
 * the focus when the table opens, muting kept over a reload, and no AudioContext
 * warning before the first tap.
 */
describe.runIf(browserTestsWanted())('the smaller things of issue 15', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  /** Late in a game every score has three digits: the numbers on screen are made so, to measure what they take. */
  const threeDigits = (page: Page, selector: string, text: string): Promise<void> =>
    page.evaluate(
      ({ selector, text }) => {
        for (const el of document.querySelectorAll(selector)) el.textContent = text;
      },
      { selector, text },
    );

  for (const [name, size] of [
    ['320 px', SMALL_PHONE],
    ['390 px', PHONE],
  ] as const) {
    it(`shows every column of the score sheet and keeps scores off the tile backs, four players at ${name}`, async () => {
      const page = await newPage(h, size, '?seed=small-things&delay=0');
      await startPractice(page, 4);
      await tapMove(page, await waitForTurn(page));
      await waitForTurn(page);
      // The seat panels: a score of 245 ends before the tile backs begin, inside its panel.
      await threeDigits(page, '.seat .score', '245');
      const panels = await page.locator('.seat').evaluateAll((seats) =>
        seats.map((seat) => {
          const box = seat.getBoundingClientRect();
          const score = seat.querySelector('.score')?.getBoundingClientRect();
          const backs = seat.querySelector('.backs');
          const first = backs && getComputedStyle(backs).display !== 'none' ? backs.getBoundingClientRect() : null;
          const inside = [...seat.querySelectorAll('.row > *')].every((el) => {
            const r = el.getBoundingClientRect();
            return r.width === 0 || (r.left >= box.left - 0.5 && r.right <= box.right + 0.5);
          });
          return { scoreRight: score?.right ?? 0, backsLeft: first?.left ?? Number.POSITIVE_INFINITY, inside };
        }),
      );
      for (const p of panels) {
        expect(p.scoreRight, JSON.stringify(panels)).toBeLessThanOrEqual(p.backsLeft);
        expect(p.inside, JSON.stringify(panels)).toBe(true);
      }
      // The score sheet: four players' columns, each cell "+25 245", all in sight without scrolling sideways.
      await page.getByRole('button', { name: 'Score sheet' }).click();
      const sheet = page.getByRole('dialog', { name: 'Score sheet' });
      await sheet.waitFor();
      expect(await sheet.locator('thead th').count()).toBe(5);
      expect(await sheet.locator('.sub').textContent()).toBe('Playing to 200');
      await threeDigits(page, '[role=dialog] .gain', '+25');
      await threeDigits(page, '[role=dialog] .run', '245');
      await threeDigits(page, '[role=dialog] .total', '245');
      const fit = await sheet.getByRole('region', { name: 'Score sheet' }).evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth }));
      expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.width);
      await shot(page, `small-things-sheet-${size.width}`);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 60_000);
  }

  for (const [device, size, verb] of [
    ['phone (touch)', PHONE, 'Tap'],
    ['small phone (touch)', SMALL_PHONE, 'Tap'],
    ['desktop (mouse)', DESKTOP, 'Click'],
  ] as const) {
    it(`says "${verb} where the … goes" on a ${device} when a tile fits two ends, in sight above the lifted tile`, async () => {
      const page = await newPage(h, size, '?seed=two-ends&delay=0');
      await startPractice(page, 2);
      let said: { text: string; covered: boolean } | null = null;
      for (let move = 0; move < 40 && said === null; move++) {
        const turn = await waitForTurn(page);
        if (turn === 'handOver' || turn === 'gameOver') break;
        await tapMove(page, turn, async () => {
          await shot(page, `small-things-choose-${size.width}`);
          said = await page.locator('.status').evaluate((status) => {
            // The sentence's glyphs, line by line, against the picked (raised) tile's box.
            const range = document.createRange();
            range.selectNodeContents(status);
            const lines = [...range.getClientRects()];
            const tile = document.querySelector('.hand .tile.picked')?.getBoundingClientRect();
            const overlaps = (a: DOMRect, b: DOMRect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            return { text: status.textContent?.trim() ?? '', covered: tile === undefined || lines.some((line) => overlaps(line, tile)) };
          });
        });
      }
      expect(said, 'no tile fitted two ends in this hand: pick another seed').not.toBeNull();
      const seen = said as unknown as { text: string; covered: boolean };
      expect(seen.text).toMatch(new RegExp(`^${verb} where the .+ goes$`));
      expect(seen.covered).toBe(false);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 90_000);
  }

  it('has icon buttons of 44 px or more, focuses the table when it opens, keeps muting over a reload, and warns of no AudioContext before a tap', async () => {
    for (const size of [SMALL_PHONE, DESKTOP]) {
      const page = await newPage(h, size, '?seed=small-things&delay=0');
      await startPractice(page, 3);
      await page.locator('.table-screen h1').waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      const sizes = await page.locator('button.icon').evaluateAll((buttons) => buttons.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height]));
      expect(sizes.length).toBeGreaterThanOrEqual(4);
      for (const [w, hgt] of sizes) expect(Math.min(w ?? 0, hgt ?? 0), JSON.stringify(sizes)).toBeGreaterThanOrEqual(44);
      await page.getByRole('button', { name: 'Mute sounds' }).click();
      const audioWarnings: string[] = [];
      page.on('console', (m) => {
        if (/AudioContext/.test(m.text())) audioWarnings.push(m.text());
      });
      await page.reload();
      // The practice game comes back, muted.
      await page.getByRole('button', { name: 'Turn sounds on' }).waitFor();
      // Sound back on, no tap yet: the computer plays on to the player's turn with no AudioContext warning.
      await page.evaluate(() => {
        const kept = JSON.parse(localStorage.getItem('fives.settings') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('fives.settings', JSON.stringify({ ...kept, sound: true }));
      });
      await page.reload();
      await page.getByRole('button', { name: 'Mute sounds' }).waitFor();
      await waitForTurn(page);
      expect(audioWarnings).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  }, 90_000);
});
