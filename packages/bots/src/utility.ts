import { type Rules, sideOf } from '@fives/engine';

/**
 * What a position at the end of a (simulated) hand is worth to a seat: its chance of winning
 * the game. A finished game is 1 or 0. Otherwise the lead over the best other side is weighed
 * against how much is left to play: the game's remaining swing grows like the square root of
 * the points still to score, so a 20-point lead near the target is nearly a win and early on
 * is little. This is what makes the search play safe when ahead and take risks when behind.
 * A small share of the raw lead is added so that, when the outcome is all but certain, more
 * points are still preferred to fewer.
 */
export function utility(rules: Rules, seat: number, scores: ArrayLike<number>, winner: number): number {
  const side = sideOf(rules, seat);
  if (winner >= 0) return winner === side ? 1 : 0;
  const unit = rules.scoreUnit === 'fives' ? 5 : 1;
  const mine = scores[side] ?? 0;
  let best = -Infinity;
  let top = mine;
  for (let s = 0; s < scores.length; s++) {
    const v = scores[s] as number;
    if (v > top) top = v;
    if (s !== side && v > best) best = v;
  }
  const lead = (mine - best) * unit;
  const left = Math.max(5, (rules.target - top) * unit);
  const spread = SPREAD * Math.sqrt(left);
  return 1 / (1 + Math.exp((-1.7 * lead) / spread)) + 0.0005 * lead;
}

/** Standard deviation of the final lead per √point still to play, as measured roughly in greedy games. */
const SPREAD = 5.5;
