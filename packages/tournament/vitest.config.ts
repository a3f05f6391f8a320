import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tournament',
    include: ['test/**/*.test.ts'],
  },
});
