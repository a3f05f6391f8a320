import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, browserTestsWanted, newPage, shot, suiteHarness } from './harness.ts';

/** A Spanish browser gets the Spanish page; the switch in the settings changes it, and it is remembered. */
describe.runIf(browserTestsWanted())('the page in the browser’s language', () => {
  const h = suiteHarness();

  it('speaks Spanish to a Spanish browser, down to <html lang>, and switches to English when asked', async () => {
    const page = await newPage(h, PHONE, '', false, 'es-ES');
    await page.getByRole('heading', { name: 'Nueva partida' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.title()).toBe('All Fives — dominó');
    await expect.poll(() => page.getByRole('button', { name: 'Practicar contra la máquina' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Cómo se juega' }).isVisible()).toBe(true);
    await shot(page, 'lobby-es-phone');

    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  for (const [size, name] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    it(`plays a practice table in Spanish on a ${name}`, async () => {
      const page = await newPage(h, size, '?seed=es&delay=0', false, 'es-ES');
      await page.getByLabel('Tu nombre').fill('Rosa');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await shot(page, `lobby-es-${name}`);
      await page.getByRole('button', { name: 'Practicar contra la máquina' }).click();
      await page.locator('.table-screen').waitFor();
      expect(await page.getByRole('button', { name: 'Hoja de puntos' }).isVisible()).toBe(true);
      expect(await page.getByRole('toolbar', { name: 'Tus fichas' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Extremos abiertos' }).count()).toBe(1);
      await shot(page, `table-es-${name}`);
      await page.getByRole('button', { name: 'Dejar la mesa' }).click();
      await page.getByRole('dialog', { name: '¿Dejar esta partida?' }).waitFor();
      await shot(page, `leave-ask-es-${name}`);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 30_000);
  }
});
