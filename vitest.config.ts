import { defineConfig } from 'vitest/config';

// Each package and app is its own project, so `pnpm test` runs them all and a package's
// tests can be run alone with `pnpm vitest --project NAME`.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
