import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playUntil, startPractice, tapMove, waitForTurn } from './driver.ts';
import { DESKTOP, type Harness, PHONE, SMALL_PHONE, browserTestsWanted, newPage, shot, startHarness } from './harness.ts';

/**
 * Issue 15, point 7, "smaller things players noticed", each where a player would see it: the
 * phone's score sheet and seat panels with four players and three-digit scores, the sentence
 * when a tile fits two ends (its verb by input, above the lifted tile), the icon buttons' size,
 * the focus when the table opens, muting kept over a reload, no AudioContext
 * warning before the first tap; score pills under the dialogs, the score sheet's wording between
 * hands, and the end-of-hand panel put aside to look at the finished layout.
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

  /**
   * Keeps every score pill where it is, at the height of its flight (fully shown, just above the
   * felt's middle), from its first frame on: a pill flies for 900 ms, too short to catch otherwise.
   */
  const holdPills = (page: Page): Promise<void> =>
    page.evaluate(() => {
      const hold = (): void => {
        for (const a of document.getAnimations()) {
          const el = (a.effect as KeyframeEffect | null)?.target;
          if (!(el instanceof HTMLElement) || !el.classList.contains('flight') || a.playState !== 'running') continue;
          a.pause();
          a.currentTime = 0.3 * Number(a.effect?.getTiming().duration ?? 0);
        }
        requestAnimationFrame(hold);
      };
      hold();
    });

  /**
   * Each pill showing, hit-tested at its middle as if it took the pointer (it does not: it would
   * never be hit otherwise): what is on top there is the dialog's backdrop or the dialog, not the pill.
   */
  const pillsUnderDialog = (page: Page): Promise<{ pill: string; inView: boolean; under: boolean; top: string }[]> =>
    page.locator('.flight').evaluateAll((pills) =>
      pills.map((pill) => {
        const r = pill.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        (pill as HTMLElement).style.pointerEvents = 'auto';
        const top = document.elementFromPoint(x, y);
        (pill as HTMLElement).style.pointerEvents = '';
        return {
          pill: pill.textContent ?? '',
          inView: x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight,
          under: top !== null && !pill.contains(top) && top.closest('.backdrop') !== null,
          top: top === null ? 'nothing' : `${top.tagName}.${top.getAttribute('class') ?? ''}`,
        };
      }),
    );

  it('draws the score pills under an open dialog: the leave question and the end-of-hand panel', async () => {
    const page = await newPage(h, PHONE, '?seed=pills&delay=0', true);
    await startPractice(page, 2);
    await holdPills(page);
    const pills = page.locator('.flight');
    // Play until someone scores: the pill stays up (held), and the leave question opens over it.
    expect(await playUntil(page, tapMove, async () => (await pills.count()) > 0)).toBe('stopped');
    await page.getByRole('button', { name: 'Leave the table' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave this game?' });
    await ask.waitFor();
    const asked = await pillsUnderDialog(page);
    await shot(page, 'small-things-pill-leave');
    expect(asked.length).toBeGreaterThan(0);
    for (const p of asked) expect(p, JSON.stringify(asked)).toMatchObject({ inView: true, under: true });
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    // The end of the hand: its panel opens as the last scores fly, and they fly under it.
    expect(await playUntil(page, tapMove, async () => false)).toBe('handOver');
    await page.getByRole('dialog', { name: 'Hand 1 is over' }).waitFor();
    const ended = await pillsUnderDialog(page);
    await shot(page, 'small-things-pill-hand-end');
    expect(ended.length).toBeGreaterThan(0);
    for (const p of ended) expect(p, JSON.stringify(ended)).toMatchObject({ inView: true, under: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('says "being played" on the score sheet only while a hand is, and lets the player look at the finished layout from the end-of-hand panel', async () => {
    const page = await newPage(h, PHONE, '?seed=between-hands&delay=0');
    await startPractice(page, 2);
    const sheet = page.getByRole('dialog', { name: 'Score sheet' });
    const rowHeads = (): Promise<string[]> => sheet.locator('tbody th').allTextContents();
    const legend = async (): Promise<string> => ((await sheet.locator('.legend').count()) === 0 ? '' : ((await sheet.locator('.legend').textContent()) ?? ''));

    // Mid-hand: the hand's row is marked as being played.
    await tapMove(page, await waitForTurn(page));
    await waitForTurn(page);
    await page.getByRole('button', { name: 'Score sheet' }).click();
    await sheet.waitFor();
    expect(await rowHeads()).toEqual(['1 …']);
    expect(await legend()).toContain('… being played');
    await sheet.getByRole('button', { name: 'Back to the table' }).click();
    await sheet.waitFor({ state: 'detached' });

    // Between hands (the next one waits for the player): the sheet has the hand complete, nothing being played.
    expect(await playUntil(page, tapMove, async () => false)).toBe('handOver');
    const panel = page.getByRole('dialog', { name: 'Hand 1 is over' });
    await panel.waitFor();
    const layout = (await page.locator('.board svg').getAttribute('aria-label')) ?? '';
    const tiles = Number(/(\d+) tiles?$/.exec(layout)?.[1] ?? 0);
    expect(tiles, layout).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Score sheet' }).click();
    await sheet.waitFor();
    const heads = await rowHeads();
    expect(heads).toHaveLength(1);
    expect(heads[0]).toMatch(/^1( ⊘)?$/);
    expect(await legend()).not.toContain('being played');
    await shot(page, 'small-things-sheet-between-hands');
    await sheet.getByRole('button', { name: 'Back to the table' }).click();
    await panel.waitFor();

    // Look at the table: the panel steps aside and every tile of the finished layout is in sight, nothing over it.
    await panel.getByRole('button', { name: 'Look at the table' }).click();
    await panel.waitFor({ state: 'detached' });
    const back = page.getByRole('button', { name: 'Back to the results' });
    await back.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('.board svg').getAttribute('aria-label')).toBe(layout);
    const seen = await page.locator('.board g.placed').evaluateAll((placed) =>
      placed.map((g) => {
        const r = g.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        return {
          tile: g.getAttribute('data-tile'),
          inView: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
          clear: top !== null && top.closest('g.placed') === g,
        };
      }),
    );
    await shot(page, 'small-things-look-at-layout');
    expect(seen).toHaveLength(tiles);
    for (const s of seen) expect(s, JSON.stringify(seen)).toMatchObject({ inView: true, clear: true });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Back to the results');

    // And back: the panel again, as it was.
    await back.click();
    await panel.waitFor();
    expect(await back.count()).toBe(0);
    await panel.getByRole('button', { name: 'Next hand' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
