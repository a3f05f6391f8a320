import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core, injected into the page under test: the accessibility rules a screen reader's user relies on. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * Moderate findings kept on purpose, each with why. Anything else moderate fails the test, and
 * critical or serious ones always do.
 */
export const MODERATE_KEPT: Readonly<Record<string, string>> = {};

export async function axe(page: Page): Promise<Violation[]> {
  // Evaluated, not added as a <script>: the server's Content-Security-Policy allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
    };
    const result = await w.axe.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  });
}

/** What must be fixed: critical and serious findings, and moderate ones not kept on purpose. */
export async function axeProblems(page: Page): Promise<Violation[]> {
  return (await axe(page)).filter((v) => v.impact === 'critical' || v.impact === 'serious' || (v.impact === 'moderate' && MODERATE_KEPT[v.id] === undefined) || v.impact === null);
}
