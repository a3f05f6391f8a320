import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [svelte()],
  resolve: { conditions: ['browser'] },
  test: {
    name: 'web',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/e2e/global-build.ts'],
    environment: 'node',
    // Tests against a real server wait on computer players; a busy machine (CI beside other work) slows them several times over.
    testTimeout: 30_000,
  },
});
