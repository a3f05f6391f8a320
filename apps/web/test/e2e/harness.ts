import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, inject, onTestFailed } from 'vitest';

/** The built app served by `vite preview` on a free port, and Debian's Chromium to drive it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Harness {
  readonly url: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

/**
 * Whether to run the browser tests. A missing Chromium fails them (a skipped browser test
 * proves nothing) unless FIVES_SKIP_BROWSER=1 says so on purpose.
 */
export function browserTestsWanted(): boolean {
  if (process.env.FIVES_SKIP_BROWSER === '1') return false;
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set FIVES_SKIP_BROWSER=1 to skip the browser tests)`);
  return true;
}

/** The app built for this run (by `global-build.ts`), or built here when the run has none. */
export async function builtClient(): Promise<{ dir: string; own: boolean }> {
  const shared = inject('webDist');
  return shared ? { dir: shared, own: false } : { dir: await buildClient(), own: true };
}

/** Builds the app into a folder of its own. */
export async function buildClient(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'fives-web-'));
  // The build that ships: under Vitest NODE_ENV is 'test', which makes Vite pick the packages'
  // development builds (Svelte's among them), so the tests would measure and drive another app.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: ROOT, logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The built app on `vite preview`: the offline practice table, no game server. */
export async function startHarness(): Promise<Harness> {
  const { dir: outDir, own } = await builtClient();
  const server: PreviewServer = await preview({ root: ROOT, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false, proxy: {} } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not say where it listens');
  const browser = await launchBrowser();
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      if (own) await rm(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * One harness for a test file's suite: started before its tests, closed after them. The suite
 * reads it as if it were the harness itself (a test that runs before it started fails saying so).
 */
export function suiteHarness(start: () => Promise<Harness> = startHarness): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await start();
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  const current = (): Harness => {
    if (!started) throw new Error('the browser harness has not started (its beforeAll failed or has not run)');
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get browser() {
      return current().browser;
    },
    close: () => current().close(),
  };
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
export const SMALL_PHONE = { width: 320, height: 568 } as const;

/**
 * A fresh browser context at `size`, in `locale` (the browser's language: English unless a test
 * says otherwise). Animations are off (the system asks for reduced motion) unless `motion` is set. Page errors are collected in `errors` for the test to check.
 */
export async function newPage(h: Harness, size: { width: number; height: number }, query = '', motion = false, locale = 'en-US'): Promise<Page & { errors: string[] }> {
  const context = await h.browser.newContext({ viewport: size, deviceScaleFactor: 1, reducedMotion: motion ? 'no-preference' : 'reduce', hasTouch: size.width < 500, locale });
  const page = watchErrors(await context.newPage());
  await page.goto(`${h.url}${query}`);
  return page;
}

/** Collects the page's uncaught errors in `errors`, for the test to check. */
export function watchErrors(p: Page): Page & { errors: string[] } {
  const page = Object.assign(p, { errors: [] as string[] });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}

declare global {
  interface Window {
    __policyViolations: string[];
  }
}

/** What a page under the server's security headers must not produce: errors, and content security policy violations. */
export interface PolicyWatch {
  readonly errors: string[];
  violations(): Promise<string[]>;
}

/** Collects the page's uncaught and console errors and the policy violations it reports (from its first script on). */
export async function watchPolicy(page: Page): Promise<PolicyWatch> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.addInitScript(() => {
    window.__policyViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__policyViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { errors, violations: () => page.evaluate(() => window.__policyViolations) };
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/**
 * Marks the steps of a long browser test. If the test fails (a timeout says only that the whole
 * test ran out of time) the steps it reached are printed with the seconds each one took, so a
 * step that stalls on a loaded machine is named rather than guessed at.
 */
export function traceSteps(): (label: string) => void {
  const steps: { label: string; at: number }[] = [];
  onTestFailed(() => {
    const now = performance.now();
    const lines = steps.map((s, i) => `  ${(((steps[i + 1]?.at ?? now) - s.at) / 1000).toFixed(1)} s  ${s.label}${i === steps.length - 1 ? '  (where it stopped)' : ''}`);
    console.error(`the test's steps:\n${lines.join('\n')}`);
  });
  return (label) => void steps.push({ label, at: performance.now() });
}
