import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemoryTableStore, build as buildServer } from '@fives/server';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playUntil, startPractice, tapMove } from './driver.ts';
import { PHONE, ROOT, browserTestsWanted } from './harness.ts';

declare global {
  interface Window {
    __violations: string[];
  }
}

/**
 * The built client, served by the game server itself with its security headers (the content
 * security policy above all), works in Chromium: the page loads, a whole practice hand is
 * played, the API and a same-origin WebSocket are reachable, and the browser reports no
 * policy violation.
 */
describe.runIf(browserTestsWanted())('the web client under the server’s security headers', () => {
  let outDir: string;
  let server: Awaited<ReturnType<typeof buildServer>>;
  let url: string;
  let browser: Browser;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'fives-web-csp-'));
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await buildServer({ store: new MemoryTableStore(), secret: 'web-csp-secret-0123456789', logger: false, webRoot: outDir });
    url = await server.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  it('plays a practice hand with no content security policy violation', async () => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`${url}/?seed=csp&delay=0`);
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
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
