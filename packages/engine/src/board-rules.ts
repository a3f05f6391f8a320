import type { BoardRules } from './board.ts';
import type { Rules } from './rules.ts';
import { variantRules } from './variant.ts';

/** What the board needs of the rules: whether a spinner exists, and when its sides open. */
export function boardRules(rules: Rules): BoardRules {
  return { spinner: variantRules(rules).spinner, opensImmediately: rules.spinnerOpens === 'immediately' };
}
