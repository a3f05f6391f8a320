import { type Playout, type Tile, pips } from '@fives/engine';

/**
 * Plays a simulated hand to its end with every seat greedy: the play that scores most, ties
 * to the heaviest tile. Cheap (no allocation), so the search can afford thousands per move.
 */
export function rolloutGreedy(p: Playout, buf: Int32Array): void {
  while (!p.done) {
    const n = p.legalPlays(buf);
    if (n === 0) {
      p.drawOrPass();
      continue;
    }
    let best = buf[0] as number;
    if (n > 1) {
      let bestValue = -1;
      for (let i = 0; i < n; i++) {
        const move = buf[i] as number;
        const value = p.pointsFor(move) * 64 + pips((move >> 2) as Tile);
        if (value > bestValue) {
          bestValue = value;
          best = move;
        }
      }
    }
    p.play(best);
  }
}
