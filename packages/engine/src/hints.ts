import { type Board, type BoardRules, END_NAMES, type End, boardCount, cloneBoard, copyBoardInto, endsFor, fitMask, placeLead, placeOn } from './board.ts';
import type { Rules } from './rules.ts';
import { playScore } from './scoring.ts';
import { type Tile, type TileMask, formatTile, low, lowestTile } from './tiles.ts';

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

/** Every legal play from `hand` on `board` (tile and end), in tile order, with its count. */
export function hintsFor(rules: Rules, br: BoardRules, board: Board, hand: TileMask, forcedLead: Tile | null = null): Hint[] {
  const out: Hint[] = [];
  const scratch = cloneBoard(board);
  const add = (t: Tile, end: End | null): void => {
    const count = boardCount(scratch);
    out.push({ tile: formatTile(t), end, count, points: playScore(rules, count) });
    copyBoardInto(board, scratch);
  };
  if (board.tiles === 0) {
    const leads = forcedLead === null ? hand : hand & (1 << forcedLead);
    for (let m = leads; m !== 0; m &= m - 1) {
      const t = lowestTile(m);
      placeLead(scratch, br, t, low(t));
      add(t, null);
    }
    return out;
  }
  for (let m = hand & fitMask(board); m !== 0; m &= m - 1) {
    const t = lowestTile(m);
    const ends = endsFor(board, t);
    for (let i = 0; i < 4; i++) {
      if ((ends & (1 << i)) === 0) continue;
      placeOn(scratch, br, i, t);
      add(t, END_NAMES[i] as End);
    }
  }
  return out;
}
