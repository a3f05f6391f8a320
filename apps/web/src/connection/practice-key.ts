/**
 * Where a practice game under way is kept in the browser (practice-store.ts), in a module of its
 * own so the first page can tell whether one is there without loading the practice table.
 */
export const PRACTICE_KEY = 'fives.practice';
