import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET, firstLoad, kb } from '../scripts/first-load.ts';
import { builtClient } from './e2e/harness.ts';

describe('the first page’s JavaScript', () => {
  let cleanup = async (): Promise<void> => {};
  afterAll(() => cleanup());

  it(`stays within ${kb(FIRST_LOAD_BUDGET)} gzipped; the table screen and practice come when used`, { timeout: 120_000 }, async () => {
    const { dir, own } = await builtClient();
    if (own) cleanup = () => rm(dir, { recursive: true, force: true });
    const { files, gzip } = await firstLoad(dir);
    expect(gzip, `the first page loads ${kb(gzip)} of JavaScript gzipped (${files.join(', ')}); the budget is ${kb(FIRST_LOAD_BUDGET)}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    // What moved out of it stays out: a static import of either would bring it back.
    expect(
      files.some((f) => /TableScreen|practice/.test(f)),
      files.join(', '),
    ).toBe(false);
  });
});
