import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { browserTestsWanted, buildClient } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app built once for every browser test file of the run; empty when they do not run. */
    webDist: string;
  }
}

/** Builds the app once per run for all the browser test files (each used to build its own). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = browserTestsWanted() ? await buildClient() : '';
  project.provide('webDist', dir);
  return async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  };
}
