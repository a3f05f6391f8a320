import type { Action, RandomSource, TableView } from '@fives/engine';

/**
 * Muggins (docs/rules.md#muggins), for every level: how often it counts its own play right, and how
 * often it notices an opponent's miss. 1 is always; the levels below make human mistakes.
 */
export interface Attention {
  readonly claimsRight: number;
  readonly callsMuggins: number;
}

export const SHARP: Attention = { claimsRight: 1, callsMuggins: 1 };

/**
 * The part of a move that is about counting, not playing: a Muggins call when one is open and
 * noticed, and the claim after our own play. Null when the decision is a play, draw or pass.
 */
export function countingAction(view: TableView, legal: readonly Action[], attention: Attention, random: RandomSource): Action | null | 'play' {
  const muggins = legal.find((a) => a.type === 'muggins');
  if (muggins !== undefined && chance(random, attention.callsMuggins)) return muggins;
  const hand = view.hand;
  if (hand === null || view.seat === null || hand.turn !== view.seat) return null;
  if (hand.awaiting === 'claim') {
    const claim = legal.find((a) => a.type === 'claim');
    const scores = claim !== undefined && claim.points > 0 && claim.points % 5 === 0;
    const noScore = legal.find((a) => a.type === 'noScore') ?? null;
    if (!scores) return noScore;
    return chance(random, attention.claimsRight) ? claim : noScore;
  }
  return 'play';
}

export function chance(random: RandomSource, p: number): boolean {
  if (p >= 1) return true;
  if (p <= 0) return false;
  return random.int(1_000_000) < p * 1_000_000;
}
