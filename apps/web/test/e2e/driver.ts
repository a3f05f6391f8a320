import type { Page } from 'playwright-core';

/** Drives the table as a player would: reads only what is on screen, clicks or types like a person. */

export async function startPractice(page: Page, players: 2 | 3 | 4, preset = 'allFives', level = 'medium'): Promise<void> {
  const name = page.getByLabel('Your name');
  // Named the same every time (a newcomer's picked name is random), so each run reads alike.
  if ((await name.inputValue()) !== 'Rosa') {
    await name.fill('Rosa');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Rename' }).waitFor();
  }
  await page.getByRole('radiogroup', { name: 'Players at the table' }).getByText(String(players), { exact: true }).click();
  await page.getByRole('combobox', { name: 'Rules' }).first().selectOption(preset);
  await page.getByRole('radiogroup', { name: 'Computer level' }).getByText(level, { exact: true }).click();
  await page.getByRole('button', { name: 'Practice vs computer' }).click();
  await page.locator('.table-screen').waitFor();
}

export type Turn = 'play' | 'draw' | 'pass' | 'claim' | 'handOver' | 'gameOver';

/** Waits until the player has something to do, and says what; with `muggins`, a Call Muggins! button showing comes first. */
export async function waitForTurn(page: Page): Promise<Turn>;
export async function waitForTurn(page: Page, muggins: true): Promise<Turn | 'muggins'>;
export async function waitForTurn(page: Page, muggins = false): Promise<Turn | 'muggins'> {
  const handle = await page.waitForFunction((calls) => {
    if (document.querySelector('[role=dialog][aria-label="Score sheet"]')) return 'gameOver';
    if (document.querySelector('[role=dialog]')) return 'handOver';
    if (calls && document.querySelector('.muggins')) return 'muggins';
    if (document.querySelector('.claim')) return 'claim';
    if (document.querySelector('.hand .tile.glow')) return 'play';
    const buttons = [...document.querySelectorAll('.actions button')].map((b) => b.textContent?.trim());
    if (buttons.includes('Draw')) return 'draw';
    if (buttons.includes('Pass')) return 'pass';
    return false;
  }, muggins);
  return (await handle.jsonValue()) as Turn | 'muggins';
}

/** Starts counting the lines of the table's live log that begin with `prefix`; `count` reads how many so far. */
export async function countLogLines(page: Page, prefix: string): Promise<{ count: () => Promise<number> }> {
  await page.evaluate((p) => {
    const w = window as unknown as { logLines: number };
    w.logLines = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.textContent?.startsWith(p)) w.logLines++;
    }).observe(document.querySelector('[role=log]') as Node, { childList: true });
  }, prefix);
  return { count: () => page.evaluate(() => (window as unknown as { logLines: number }).logLines) };
}

/** The layout's arm lengths, from the board's data attributes. */
export async function arms(page: Page): Promise<{ west: number; east: number; north: number; south: number }> {
  return page.locator('.board').evaluate((el) => ({
    west: Number(el.getAttribute('data-west')),
    east: Number(el.getAttribute('data-east')),
    north: Number(el.getAttribute('data-north')),
    south: Number(el.getAttribute('data-south')),
  }));
}

/**
 * One move by tapping: a glowing tile, then (if it fits several ends) an end target. Prefers
 * tiles that fit north or south, so that layouts grow all four arms for the pictures.
 */
export async function tapMove(page: Page, turn: Turn, onChoose?: () => Promise<void>): Promise<void> {
  if (turn === 'draw' || turn === 'pass') {
    await page.getByRole('button', { name: turn === 'draw' ? 'Draw' : 'Pass', exact: true }).click();
    return;
  }
  if (turn === 'claim') {
    await page.getByRole('button', { name: 'No score' }).click();
    return;
  }
  const tiles = page.locator('.hand .tile.glow');
  const before = await page.locator('.hand .tile').count();
  await tiles.first().click();
  const targets = page.locator('.board [data-end]');
  if ((await page.locator('.hand .tile').count()) === before && (await targets.count()) > 0) {
    await onChoose?.();
    const ends = await targets.evaluateAll((els) => els.map((e) => e.getAttribute('data-end')));
    const i = Math.max(ends.indexOf('north'), ends.indexOf('south'), 0);
    await targets.nth(i).click();
  }
}

/** One move with the keyboard alone: arrows along the hand, Enter to pick, arrows and Enter for the end. */
export async function keyMove(page: Page, turn: Turn): Promise<void> {
  if (turn === 'draw') return page.keyboard.press('d');
  if (turn === 'pass') return page.keyboard.press('p');
  if (turn === 'claim') {
    await page.getByRole('button', { name: 'No score' }).focus();
    return page.keyboard.press('Enter');
  }
  const focused = (): Promise<{ tile: string | null; glow: boolean }> =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tile: el?.getAttribute('data-tile') ?? null, glow: el?.classList.contains('glow') ?? false };
    });
  if ((await focused()).tile === null) await page.locator('.hand .tile[tabindex="0"]').focus();
  for (let i = 0; i < 30 && !(await focused()).glow; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  if ((await page.locator('.board [data-end]').count()) > 0) await page.keyboard.press('Enter');
}

/** Plays the player's moves until `stop` says so, or the hand or game ends; says which. */
export async function playUntil(page: Page, move: (page: Page, turn: Turn) => Promise<void>, stop: () => Promise<boolean>): Promise<'stopped' | 'handOver' | 'gameOver'> {
  for (let i = 0; i < 200; i++) {
    if (await stop()) return 'stopped';
    const turn = await waitForTurn(page);
    if (turn === 'handOver' || turn === 'gameOver') return turn;
    await move(page, turn);
  }
  throw new Error('the hand did not end');
}

/** A stop condition: the layout has grown all four arms. */
export const fourArms = (page: Page) => async (): Promise<boolean> => {
  const a = await arms(page);
  return a.west > 1 && a.east > 1 && a.north > 0 && a.south > 0;
};
