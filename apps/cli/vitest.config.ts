import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts'],
    // Most tests run the command itself, a fresh Node with tsx each time (about 2 s apiece on a
    // busy 2-core machine, several per test): vitest's 5 s default measures the machine, not the command.
    testTimeout: 30_000,
  },
});
