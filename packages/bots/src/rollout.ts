import { type Playout, type Tile, pips, sideOf } from '@fives/engine';

/**
 * The policies every seat follows in a simulated hand. Cheap (no allocation), so the search can
 * afford thousands of hands per move.
 */
export type RolloutKind = 'greedy' | 'wary';

/** Greedy: the play that scores most, ties to the heaviest tile. */
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

/**
 * Wary: greedy, less most of what the next player (when an opponent) could score straight back
 * from the tiles they hold in this simulated deal. A better model of a good opponent than plain
 * greedy, at a few times the cost. A play and the replies to it are weighed on the playout's
 * packed board (`pointsFor`, `replyPoints`), without laying anything.
 */
export function rolloutWary(p: Playout, buf: Int32Array): void {
  const rules = p.rules;
  const scoring = p.variant.countScoring !== 'none';
  while (!p.done) {
    const n = p.legalPlays(buf);
    if (n === 0) {
      p.drawOrPass();
      continue;
    }
    let best = buf[0] as number;
    if (n > 1) {
      const seat = p.turn;
      const next = (seat + 1) % p.players;
      const theirs = sideOf(rules, next) !== sideOf(rules, seat) ? (p.hands[next] as number) : 0;
      let bestValue = -Infinity;
      for (let i = 0; i < n; i++) {
        const move = buf[i] as number;
        const t = (move >> 2) as Tile;
        const points = p.pointsFor(move);
        // A reply only takes value away, so a play that could not beat the best so far even
        // unanswered needs none weighed: the same choice, for less.
        const most = points * 64 + pips(t);
        if (most <= bestValue) continue;
        let back = 0;
        if (scoring && theirs !== 0 && (p.hands[seat] as number) !== 1 << t) back = p.replyPoints(move, theirs);
        const value = most - 0.75 * back * 64;
        if (value > bestValue) {
          bestValue = value;
          best = move;
        }
      }
    }
    p.play(best);
  }
}

export function rollout(kind: RolloutKind, p: Playout, buf: Int32Array): void {
  if (kind === 'greedy') rolloutGreedy(p, buf);
  else rolloutWary(p, buf);
}
