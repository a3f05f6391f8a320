import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One tier of the server's tests (CONTRIBUTING.md, "The test tiers"): the root config runs each
 * as a project of its own, this file's default all of them (`pnpm vitest` in apps/server).
 */
export function serverTier(name: string, include: readonly string[]): TestProjectInlineConfiguration {
  return { test: { name, root: fileURLToPath(new URL('.', import.meta.url)), include: [...include], testTimeout: 20_000 } };
}

export default defineConfig(serverTier('server', ['test/**/*.test.ts']));
