import { describe, expect, it } from 'vitest';
import { startPractice, tapMove, waitForTurn } from './driver.ts';
import { PHONE, browserTestsWanted, newPage, suiteHarness } from './harness.ts';

/**
 * Installable, and practice with no network (issue 15, point 10): the page names its manifest,
 * the service worker takes the built app in on the first visit, and with the network gone a
 * reload still opens the app — from the worker — where a practice game starts and a move is played.
 */
describe.runIf(browserTestsWanted())('the client with no network', () => {
  const h = suiteHarness();

  it('has a manifest with icons a phone can install from', async () => {
    const page = await newPage(h, PHONE);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(new URL(href ?? '', h.url).href)).json()) as { display: string; start_url: string; icons: { sizes: string; type: string }[] };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeDefined();
    }
    expect((await page.request.get(new URL('/icon-512.png', h.url).href)).ok()).toBe(true);
    await page.context().close();
  });

  it('reloads offline from the service worker and plays a practice move', { timeout: 90_000 }, async () => {
    const page = await newPage(h, PHONE, '?delay=0');
    // The first visit: the worker installs, takes every file of the build in and takes the page over.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.context().setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the page came from the service worker').toBe(true);
    await startPractice(page, 2, 'allFives', 'easy');
    for (let moves = 0; moves < 1;) {
      const turn = await waitForTurn(page);
      if (turn === 'handOver' || turn === 'gameOver') break;
      const before = await page.locator('.board g.placed').count();
      await tapMove(page, turn);
      if (turn === 'play') {
        await expect.poll(() => page.locator('.board g.placed').count()).toBeGreaterThan(before);
        moves++;
      }
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
