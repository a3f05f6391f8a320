import { type Board, type BoardRules, END_NAMES, type End, boardCount, cloneBoard, copyBoardInto, endsFor, fitMask, fitMaskHigh, placeLead, placeOn } from './board.ts';
import type { Rules } from './rules.ts';
import { playScore } from './scoring.ts';
import { HIGH_BASE, type Tile, type TileMask, formatTile, holds, low, lowestTile } from './tiles.ts';

/** One place a tile can go, with what it would make (seed 003: shown on each end a tile fits). */
export interface Hint {
  readonly tile: string;
  /** null for the lead. */
  readonly end: End | null;
  /** The count the layout would show after this play. */
  readonly count: number;
  /** What the play would score, in the rules' unit (before any Muggins claim). */
  readonly points: number;
}

/**
 * Every legal play from `hand` on `board` (tile and end), in tile order, with its count. `hand` is
 * a hand's low word; `handHigh` its high word on a double-nine set (tiles.ts).
 */
export function hintsFor(rules: Rules, br: BoardRules, board: Board, hand: TileMask, forcedLead: Tile | null = null, handHigh: TileMask = 0): Hint[] {
  const out: Hint[] = [];
  const scratch = cloneBoard(board);
  const add = (t: Tile, end: End | null): void => {
    const count = boardCount(scratch);
    out.push({ tile: formatTile(t), end, count, points: playScore(rules, count) });
    copyBoardInto(board, scratch);
  };
  if (board.tiles === 0) {
    const lead = (t: Tile): void => {
      placeLead(scratch, br, t, low(t));
      add(t, null);
    };
    if (forcedLead !== null) {
      if (holds(hand, handHigh, forcedLead)) lead(forcedLead);
      return out;
    }
    for (let m = hand; m !== 0; m &= m - 1) lead(lowestTile(m));
    for (let m = handHigh; m !== 0; m &= m - 1) lead((HIGH_BASE + lowestTile(m)) as Tile);
    return out;
  }
  const follow = (t: Tile): void => {
    const ends = endsFor(board, t);
    for (let i = 0; i < 4; i++) {
      if ((ends & (1 << i)) === 0) continue;
      placeOn(scratch, br, i, t);
      add(t, END_NAMES[i] as End);
    }
  };
  for (let m = hand & fitMask(board); m !== 0; m &= m - 1) follow(lowestTile(m));
  for (let m = handHigh & fitMaskHigh(board); m !== 0; m &= m - 1) follow((HIGH_BASE + lowestTile(m)) as Tile);
  return out;
}
