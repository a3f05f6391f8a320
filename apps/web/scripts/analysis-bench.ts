import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { archived } from '../test/archive/fixtures.ts';
import { playedRecord } from '../test/archive/records.ts';

/**
 * `pnpm --filter @fives/web bench:analysis [runs]`: how long the replay page's analysis takes in
 * Chromium for one player of a 2-player All Fives game to 250 (played by the greedy bot on both
 * sides from a fixed seed), at each depth and in hindsight. The built client on `vite preview`,
 * the game served by `page.route`; the time is the worker's own, from the request to the answer.
 * Prints the median and the range of `runs` runs (default 3) per setting.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 3);
const game = archived('benchgame', 1, playedRecord({ preset: 'allFives', players: 2 }, 'analysis-bench'), '2026-11-30T10:00:00.000Z');

const outDir = await mkdtemp(path.join(tmpdir(), 'fives-web-bench-'));
await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false, proxy: {} } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (url === undefined) throw new Error('vite preview did not say where it listens');
  const page = await browser.newPage();
  await page.route('**/api/games/*', (route) => route.fulfill({ json: game }));
  await page.goto(`${url}/g/${game.id}`);
  await page.getByRole('heading', { name: 'Analysis' }).waitFor();
  process.stdout.write(`game: ${game.record.hands.length} hands, final ${game.seats.map((s) => s.score).join('–')}; analysing seat 0 (${runs} runs each)\n`);
  for (const [mode, depth] of [
    ['fair', 'quick'],
    ['fair', 'normal'],
    ['fair', 'deep'],
    ['hindsight', null],
  ] as const) {
    await page.getByRole('tab', { name: mode === 'fair' ? 'What they knew' : 'Hindsight' }).click();
    if (depth !== null) await page.getByRole('combobox', { name: 'Depth' }).selectOption(depth);
    const times: number[] = [];
    let decisions = '';
    for (let i = 0; i < runs; i++) {
      // A new seed each run: a result already shown for the same settings is not worked out again.
      if (depth !== null) await page.getByRole('textbox', { name: 'Seed' }).fill(`bench-${i}`);
      else if (i > 0) await page.reload().then(() => page.getByRole('tab', { name: 'Hindsight' }).click());
      await page.getByRole('button', { name: 'Analyse' }).click();
      const took = page.locator(`[data-mode="${mode}"] [data-ms]`);
      await took.waitFor({ timeout: 600_000 });
      times.push(Number(await took.getAttribute('data-ms')));
      decisions = (await page.locator(`[data-mode="${mode}"] [data-summary="decisions"]`).textContent()) ?? '';
      if (depth !== null && i + 1 < runs) await page.getByRole('textbox', { name: 'Seed' }).fill('');
    }
    times.sort((a, b) => a - b);
    const label = depth === null ? 'hindsight' : `${depth} (${{ quick: 60, normal: 200, deep: 600 }[depth]} samples)`;
    process.stdout.write(`${label.padEnd(22)} ${decisions} decisions: median ${times[Math.floor(times.length / 2)]} ms (${times[0]}–${times.at(-1)} ms)\n`);
  }
} finally {
  await browser.close();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
