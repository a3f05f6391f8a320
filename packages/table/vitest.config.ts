import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'table',
    include: ['test/**/*.test.ts'],
  },
});
