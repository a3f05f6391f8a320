import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { English } from '../../src/i18n/en.ts';
import { fr } from '../../src/i18n/fr.ts';
import { pt } from '../../src/i18n/pt.ts';
import type { Translation } from '../../src/i18n/types.ts';
import { axeProblems } from './axe.ts';
import { DESKTOP, PHONE, browserTestsWanted, newPage, shot, suiteHarness } from './harness.ts';

/**
 * A French browser and a Brazilian one (issue 28): each gets its language from the first page on,
 * <html lang> says which (pt-BR for Brazil's Portuguese), and a practice table is played through
 * in it, the table's words and the live log included; axe finds nothing serious on either page.
 */
const BROWSERS = [
  { locale: 'fr-FR', lang: 'fr', words: fr, size: PHONE, played: / posé /, title: 'All Fives — dominos' },
  { locale: 'pt-BR', lang: 'pt-BR', words: pt, size: DESKTOP, played: / jogou /, title: 'All Fives — dominó' },
] as const satisfies readonly { locale: string; lang: string; words: Translation<English>; size: { width: number; height: number }; played: RegExp; title: string }[];

/** Plays the player's moves until `moves` tiles are down or the hand ends, reading only the page, in the page's words. */
async function play(page: Page, words: Translation<English>, moves: number): Promise<number> {
  let played = 0;
  for (let i = 0; i < 60 && played < moves; i++) {
    const turn = await page.waitForFunction(
      ({ draw, pass }) => {
        if (document.querySelector('[role=dialog]')) return 'over';
        if (document.querySelector('.hand .tile.glow')) return 'play';
        const buttons = [...document.querySelectorAll('.actions button')].map((b) => b.textContent?.trim());
        if (buttons.includes(draw)) return 'draw';
        if (buttons.includes(pass)) return 'pass';
        return false;
      },
      { draw: words['table.draw'], pass: words['table.pass'] },
    );
    const what = (await turn.jsonValue()) as 'over' | 'play' | 'draw' | 'pass';
    if (what === 'over') break;
    if (what !== 'play') {
      await page.getByRole('button', { name: words[what === 'draw' ? 'table.draw' : 'table.pass'], exact: true }).click();
      continue;
    }
    const before = await page.locator('.hand .tile').count();
    await page.locator('.hand .tile.glow').first().click();
    const targets = page.locator('.board [data-end]');
    if ((await page.locator('.hand .tile').count()) === before && (await targets.count()) > 0) await targets.first().click();
    await expect.poll(() => page.locator('.hand .tile').count()).toBeLessThan(before);
    played++;
  }
  return played;
}

describe.runIf(browserTestsWanted())('the page in Portuguese (Brazil) and French', () => {
  const h = suiteHarness();

  for (const b of BROWSERS) {
    it(`plays a practice table in ${b.locale}, <html lang="${b.lang}">, axe-clean`, async () => {
      const page = await newPage(h, b.size, `?seed=${b.lang}&delay=0`, false, b.locale);
      await page.getByRole('heading', { name: b.words['lobby.newGame'] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(b.lang);
      expect(await page.title()).toBe(b.title);
      expect(await page.getByRole('heading', { name: b.words['how.title'] }).isVisible()).toBe(true);
      await page.getByLabel(b.words['name.label']).fill('Rosa');
      await page.getByRole('button', { name: b.words['name.save'] }).click();
      await page.getByRole('button', { name: b.words['name.rename'] }).waitFor();
      expect(await axeProblems(page), `${b.locale} lobby`).toEqual([]);
      // The switch names each language in itself, and marks each option with its own language.
      expect(await page.locator('option[value="pt"]').getAttribute('lang')).toBe('pt-BR');
      expect(await page.locator('option[value="pt"]').textContent()).toBe('Português (Brasil)');
      expect(await page.locator('option[value="fr"]').textContent()).toBe('Français');
      await shot(page, `lobby-${b.lang}`);

      await page.getByRole('button', { name: b.words['lobby.practice'] }).click();
      await page.locator('.table-screen').waitFor();
      expect(await page.getByRole('toolbar', { name: b.words['hand.label'] }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: b.words['bar.sheet'] }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: b.words['board.endsTitle'] }).count()).toBe(1);
      expect(await play(page, b.words, 3)).toBeGreaterThan(0);
      // What happened, said in the language: the live log's lines of plays.
      expect(await page.getByRole('log').textContent()).toMatch(b.played);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(b.lang);
      expect(await axeProblems(page), `${b.locale} table`).toEqual([]);
      await shot(page, `table-${b.lang}`);

      await page.getByRole('button', { name: b.words['bar.leave'] }).click();
      await page.getByRole('dialog', { name: b.words['leave.title'] }).waitFor();
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 60_000);
  }
});
