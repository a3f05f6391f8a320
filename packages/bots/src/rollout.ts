import {
  type MutableBoard,
  type Playout,
  type Tile,
  EMPTY_BOARD,
  boardCount,
  cloneBoard,
  copyBoardInto,
  countScore,
  endsFor,
  fitMask,
  low,
  pips,
  placeLead,
  placeOn,
  sideOf,
} from '@fives/engine';

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

const after: MutableBoard = cloneBoard(EMPTY_BOARD);
const reply: MutableBoard = cloneBoard(EMPTY_BOARD);

/**
 * Wary: greedy, less most of what the next player (when an opponent) could score straight back
 * from the tiles they hold in this simulated deal. A better model of a good opponent than plain
 * greedy, at a few times the cost.
 */
export function rolloutWary(p: Playout, buf: Int32Array): void {
  const rules = p.rules;
  const scoring = p.variant.scoresDuringPlay;
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
        copyBoardInto(p.board, after);
        if (after.tiles === 0) placeLead(after, p.br, t, low(t));
        else placeOn(after, p.br, move & 3, t);
        const points = scoring ? countScore(rules, boardCount(after)) : 0;
        let back = 0;
        if (scoring && theirs !== 0 && (p.hands[seat] as number) !== 1 << t) back = bestReply(after, p, theirs);
        const value = (points - 0.75 * back) * 64 + pips(t);
        if (value > bestValue) {
          bestValue = value;
          best = move;
        }
      }
    }
    p.play(best);
  }
}

function bestReply(board: MutableBoard, p: Playout, hand: number): number {
  let best = 0;
  for (let m = hand & fitMask(board); m !== 0; m &= m - 1) {
    const t = (31 - Math.clz32(m & -m)) as Tile;
    const ends = endsFor(board, t);
    for (let e = 0; e < 4; e++) {
      if ((ends & (1 << e)) === 0) continue;
      copyBoardInto(board, reply);
      placeOn(reply, p.br, e, t);
      const points = countScore(p.rules, boardCount(reply));
      if (points > best) best = points;
    }
  }
  return best;
}

export function rollout(kind: RolloutKind, p: Playout, buf: Int32Array): void {
  if (kind === 'greedy') rolloutGreedy(p, buf);
  else rolloutWary(p, buf);
}
