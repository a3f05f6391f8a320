import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { serverTier } from './apps/server/vitest.config.ts';
import { webTier } from './apps/web/vitest.config.ts';

// Every package and app is a project, and the server's and the web client's tests are split in
// tiers by what they need (CONTRIBUTING.md, "The test tiers"), so that `pnpm vitest run --project
// NAME` runs one tier and `pnpm test:quick` the quick ones. Test files run side by side: most of a
// server test's time is spent waiting (on sockets, Redis, timers), and every file owns its ports,
// key prefix and database. Two groups, one after the other: first the tiers that run in one
// process, then those that start processes of their own (server nodes, redis-servers, a Redis
// Cluster, Sentinels, HAProxy, Chromium), which keep both cores busy by themselves, so fewer of
// them run at once.
const IN_PROCESS = { sequence: { groupOrder: 0 }, maxWorkers: 3 };
const MULTI_PROCESS = { sequence: { groupOrder: 1 }, maxWorkers: 2 };

function within(project: TestProjectInlineConfiguration, group: typeof IN_PROCESS): TestProjectInlineConfiguration {
  return { ...project, test: { ...project.test, ...group } };
}

export default defineConfig({
  test: {
    projects: [
      ...['packages/engine', 'packages/protocol', 'packages/table', 'packages/tournament', 'packages/bots', 'apps/cli'].map((dir) => ({
        extends: `./${dir}/vitest.config.ts`,
        test: { root: `./${dir}`, ...IN_PROCESS },
      })),
      within(serverTier('server-unit', ['test/unit/**/*.test.ts']), IN_PROCESS),
      within(serverTier('server-contract', ['test/contract/**/*.test.ts']), IN_PROCESS),
      within(serverTier('server', ['test/server/**/*.test.ts']), IN_PROCESS),
      within(webTier('web-unit', 'unit'), IN_PROCESS),
      within(serverTier('server-cluster', ['test/cluster/**/*.test.ts']), MULTI_PROCESS),
      within(webTier('web-built', 'built'), MULTI_PROCESS),
    ],
  },
});
