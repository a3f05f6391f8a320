/** Asks until `test` holds (a bounded number of times, each a short wait apart): a state to reach, not a time to measure. */
export async function until(what: string, test: () => Promise<boolean> | boolean, tries = 200, everyMs = 50): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await test()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`never: ${what}`);
}
