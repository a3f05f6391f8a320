import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The tests that need the built app: the browser tests, and the two that read the build itself. */
const BUILT = ['test/e2e/**/*.test.ts', 'test/first-load.test.ts', 'test/served.test.ts'];

/**
 * One tier of the web client's tests: `unit`, in Node, or `built`, those that need the app built
 * (once per run, by global-build.ts): the browser tests, which drive Chromium, and the build's own.
 * The root config runs each as a project of its own, this file's default both (`pnpm vitest` in
 * apps/web).
 */
export function webTier(name: string, tier: 'unit' | 'built' | 'all'): TestProjectInlineConfiguration {
  return {
    plugins: [svelte()],
    resolve: { conditions: ['browser'] },
    test: {
      name,
      root: fileURLToPath(new URL('.', import.meta.url)),
      include: tier === 'built' ? BUILT : ['test/**/*.test.ts'],
      exclude: tier === 'unit' ? ['**/node_modules/**', ...BUILT] : ['**/node_modules/**'],
      globalSetup: tier === 'unit' ? [] : ['test/e2e/global-build.ts'],
      environment: 'node',
      // Tests against a real server wait on computer players; a busy machine (CI beside other work) slows them several times over.
      testTimeout: 30_000,
    },
  };
}

export default defineConfig(webTier('web', 'all'));
