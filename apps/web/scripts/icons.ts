import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/**
 * `pnpm --filter @fives/web exec tsx scripts/icons.ts`: draws public/icon.svg as the PNG icons
 * the web app manifest names (192 and 512 px; phones want PNGs to install an app). Run again
 * after changing the SVG; the PNGs are committed.
 */
const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const svg = await readFile(path.join(PUBLIC, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await writeFile(path.join(PUBLIC, `icon-${size}.png`), await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
