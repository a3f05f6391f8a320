import { describe, expect, it } from 'vitest';
import { playUntil, startPractice, tapMove } from './driver.ts';
import { PHONE, browserTestsWanted, watchPolicy } from './harness.ts';
import { suiteServedClient } from './served-harness.ts';

/**
 * The built client, served by the game server itself with its security headers (the content
 * security policy above all), works in Chromium: the page loads, a whole practice hand is
 * played, the API and a same-origin WebSocket are reachable, and the browser reports no
 * policy violation.
 */
describe.runIf(browserTestsWanted())('the web client under the server’s security headers', () => {
  const served = suiteServedClient('web-csp-secret-0123456789');

  it('plays a practice hand with no content security policy violation', async () => {
    const context = await served.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', hasTouch: true });
    const page = await context.newPage();
    const watch = await watchPolicy(page);
    const response = await page.goto(`${served.url}/?seed=csp&delay=0`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await startPractice(page, 2);
    expect(await page.locator('.hand .tile').count()).toBeGreaterThan(0);
    expect(await playUntil(page, tapMove, async () => false)).toBe('handOver');
    // What the online client will need: the API, and a WebSocket to this origin.
    const reached = await page.evaluate(async () => {
      const api = (await fetch('/api/open-tables')).ok;
      const ws = await new Promise<boolean>((resolve) => {
        const socket = new WebSocket(`${location.origin.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
        socket.onopen = () => {
          socket.close();
          resolve(true);
        };
        socket.onerror = () => resolve(false);
      });
      return { api, ws };
    });
    expect(reached).toEqual({ api: true, ws: true });
    expect(await watch.violations()).toEqual([]);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
