/**
 * The default clock for time budgets. The package is written for any JavaScript runtime (it
 * has no Node types), and every one of them has a global `performance`.
 */
export function defaultNow(): number {
  return (globalThis as unknown as { performance: { now(): number } }).performance.now();
}
