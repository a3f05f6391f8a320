import type { Fairness } from '@fives/protocol';
import type { TableDoc } from './doc.ts';

/**
 * What `table:state` says about the deal: the current hand's commitment, with its seed only
 * once the hand is over (ended, or the game ended in it), and the hand before it revealed.
 */
export function fairnessOf(doc: TableDoc): Fairness | null {
  const fair = doc.fair;
  const hand = doc.state?.hand;
  if (fair === null || doc.state === null || hand == null) return null;
  const over = hand.end !== null || doc.state.status === 'over';
  const { game, hand: n, commitment, seed } = fair.current;
  return {
    current: { game, hand: n, commitment, seed: over ? seed : null },
    previous: fair.previous === null ? null : { ...fair.previous },
  };
}
