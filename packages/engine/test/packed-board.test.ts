import { describe, expect, it } from 'vitest';
import {
  ALL_TILES,
  type BoardRules,
  EMPTY_BOARD,
  type MutableBoard,
  type Tile,
  boardCount,
  cloneBoard,
  countAfterPlacing,
  endFit,
  low,
  placeLead,
  placeOn,
  seededRandom,
} from '../src/index.ts';
import { packBoard, packedCount, packedCountAfter, packedFit, packedLeads, placeOnPacked, unpackBoard } from '../src/packed-board.ts';

const RULES: readonly BoardRules[] = [
  { spinner: true, opensImmediately: false },
  { spinner: true, opensImmediately: true },
  { spinner: false, opensImmediately: false },
  { spinner: false, opensImmediately: true },
];

/** Every play on `board`: [end, tile] for each tile of the set that fits an open end. */
function playsOn(board: MutableBoard): [number, Tile][] {
  const plays: [number, Tile][] = [];
  for (let e = 0; e < 4; e++) for (const t of ALL_TILES) if ((endFit(board, e) & (1 << t)) !== 0) plays.push([e, t]);
  return plays;
}

describe('the packed board decides as board.ts does', () => {
  it('on every board of 300 random layouts per board rule: fits, counts, laying a tile, and the way back to a Board', { timeout: 30_000 }, () => {
    // Mismatches are gathered and compared once: an expect per check would take minutes.
    const wrong: string[] = [];
    const check = (what: string, got: unknown, want: unknown): void => {
      if (got !== want && wrong.length < 10) wrong.push(`${what}: ${String(got)} != ${String(want)}`);
    };
    let checked = 0;
    for (const br of RULES) {
      const random = seededRandom(`packed ${br.spinner} ${br.opensImmediately}`);
      const leads = packedLeads(br);
      for (let walk = 0; walk < 300; walk++) {
        // Any tile may follow any other here (no hands): the layouts a real game reaches and more.
        const lead = ALL_TILES[random.int(ALL_TILES.length)] as Tile;
        const board = cloneBoard(EMPTY_BOARD);
        placeLead(board, br, lead, low(lead));
        check(`lead ${lead}`, leads[lead], packBoard(board));
        for (let laid = 1; laid < 14; laid++) {
          const packed = packBoard(board);
          const at = JSON.stringify(board);
          check(`unpack ${at}`, JSON.stringify(unpackBoard(packed, board.tiles)), at);
          check(`count ${at}`, packedCount(packed), boardCount(board));
          for (let e = 0; e < 4; e++) check(`fit ${e} ${at}`, packedFit(packed, e), endFit(board, e));
          const plays = playsOn(board);
          for (const [e, t] of plays) {
            const placed = cloneBoard(board);
            placeOn(placed, br, e, t);
            check(`place ${t} on ${e} ${at}`, placeOnPacked(packed, br, e, t), packBoard(placed));
            check(`count after ${t} on ${e} ${at}`, packedCountAfter(packed, br, e, t), countAfterPlacing(board, br, e, t));
            checked++;
          }
          if (plays.length === 0) break;
          const [e, t] = plays[random.int(plays.length)] as [number, Tile];
          placeOn(board, br, e, t);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  });
});
