import {
  type MutableBoard,
  type Playout,
  type Tile,
  EMPTY_BOARD,
  boardCount,
  cloneBoard,
  copyBoardInto,
  countAfterPlacing,
  endFit,
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

/**
 * Wary: greedy, less most of what the next player (when an opponent) could score straight back
 * from the tiles they hold in this simulated deal. A better model of a good opponent than plain
 * greedy, at a few times the cost. Counts are read with `countAfterPlacing`, so a reply is
 * weighed without laying it on a copy of the board; only the play itself is laid, and only when
 * a reply is weighed.
 */
export function rolloutWary(p: Playout, buf: Int32Array): void {
  const rules = p.rules;
  const br = p.br;
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
      const lead = p.board.tiles === 0;
      let bestValue = -Infinity;
      for (let i = 0; i < n; i++) {
        const move = buf[i] as number;
        const t = (move >> 2) as Tile;
        let points = 0;
        if (lead) {
          copyBoardInto(p.board, after);
          placeLead(after, br, t, low(t));
          if (scoring) points = p.points(boardCount(after));
        } else if (scoring) points = p.points(countAfterPlacing(p.board, br, move & 3, t));
        // A reply only takes value away, so a play that could not beat the best so far even
        // unanswered needs none weighed: the same choice, for less.
        const most = points * 64 + pips(t);
        if (most <= bestValue) continue;
        let back = 0;
        if (scoring && theirs !== 0 && (p.hands[seat] as number) !== 1 << t) {
          if (!lead) {
            copyBoardInto(p.board, after);
            placeOn(after, br, move & 3, t);
          }
          back = bestReply(after, p, theirs);
        }
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

/** The most the hand `hand` could score with one play on `board`. */
function bestReply(board: MutableBoard, p: Playout, hand: number): number {
  let best = 0;
  for (let e = 0; e < 4; e++) {
    for (let m = hand & endFit(board, e); m !== 0; m &= m - 1) {
      const t = (31 - Math.clz32(m & -m)) as Tile;
      const points = p.points(countAfterPlacing(board, p.br, e, t));
      if (points > best) best = points;
    }
  }
  return best;
}

export function rollout(kind: RolloutKind, p: Playout, buf: Int32Array): void {
  if (kind === 'greedy') rolloutGreedy(p, buf);
  else rolloutWary(p, buf);
}
