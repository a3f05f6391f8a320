import type { BoardRules } from './board.ts';
import type { Rules } from './rules.ts';
import { variantRules } from './variant.ts';

/** What the board needs of the rules: whether a spinner exists, and when its sides open. */
export function boardRules(rules: Rules): BoardRules {
  // Every move asks; a table's rules object is the same one each time, so remember the last.
  if (rules === lastRules && lastBoardRules !== null) return lastBoardRules;
  const br: BoardRules = { spinner: variantRules(rules).spinner, opensImmediately: rules.spinnerOpens === 'immediately' };
  lastRules = rules;
  lastBoardRules = br;
  return br;
}

let lastRules: Rules | null = null;
let lastBoardRules: BoardRules | null = null;
