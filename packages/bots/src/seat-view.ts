import {
  type Board,
  type MutableBoard,
  type Rules,
  type TableView,
  type Tile,
  type TileMask,
  type BoardRules,
  EMPTY_BOARD,
  FULL_SET,
  MAX_PIP,
  boardRules,
  cloneBoard,
  countAfterPlacing,
  endIndex,
  endsFor,
  fitMask,
  maxPipOf,
  parseTile,
  placeLead,
  placeOn,
  playScore,
  scoresDuringPlay,
} from '@fives/engine';

/**
 * A seat's view turned into the numbers the bots compute with: its own tiles as a mask, the
 * tiles it has seen played, and — replayed from the public log — which numbers each player was
 * shown to lack when they drew or passed.
 */
export interface SeatView {
  readonly rules: Rules;
  readonly seat: number;
  readonly mine: TileMask;
  readonly board: Board;
  readonly forcedLead: Tile | null;
  /** Passes in a row at the end of the log (the hand blocks when every seat has passed). */
  readonly passes: number;
  readonly played: TileMask;
  /** Every tile the seat cannot see: in other hands or in the boneyard. */
  readonly unseen: TileMask;
  readonly tileCounts: readonly number[];
  readonly boneyard: number;
  readonly scores: readonly number[];
  /** Per seat: what is known of its hidden tiles (empty for the viewer). */
  readonly groups: readonly (readonly TileGroup[])[];
  /**
   * Per seat: the unseen tiles it passed over, ones that would have scored more than the play
   * it made. Not proof (it may not have held them, or played for later), so the sampler only
   * deals them to it less often (`PASSED_OVER_WEIGHT`); 0 for the viewer.
   */
  readonly passedOver: readonly TileMask[];
}

/**
 * Some of a player's hidden tiles, known to show none of the numbers in `lacks` (bit v for the
 * number v): they were in the hand when the player drew or passed with those numbers open.
 */
export interface TileGroup {
  readonly size: number;
  readonly lacks: number;
}

export function tileOfText(text: string): Tile {
  return (parseTile(text) as { tile: Tile }).tile;
}

export function maskOfTexts(tiles: readonly string[]): TileMask {
  let m = 0;
  for (const t of tiles) m |= 1 << tileOfText(t);
  return m;
}

/**
 * The seat view of a player's table view; null for a spectator, when no hand is dealt, and on a
 * double-nine set, whose 55 tiles its one-word masks cannot hold (nine.ts decides there).
 */
export function readSeatView(view: TableView): SeatView | null {
  const hand = view.hand;
  const seat = view.seat;
  if (hand === null || seat === null || hand.tiles === null || maxPipOf(view.rules) !== MAX_PIP) return null;
  const rules = view.rules;
  const mine = maskOfTexts(hand.tiles);
  const { groups, passedOver } = inferGroups(view, seat);
  let played = 0;
  let passes = 0;
  for (const e of hand.log) {
    if (e.type === 'play') {
      played |= 1 << tileOfText(e.tile);
      passes = 0;
    } else if (e.type === 'pass') passes++;
  }
  const unseen = FULL_SET & ~mine & ~played;
  return {
    rules,
    seat,
    mine,
    board: hand.board,
    forcedLead: hand.forcedLead === null ? null : tileOfText(hand.forcedLead),
    passes,
    played,
    unseen,
    tileCounts: hand.tileCounts,
    boneyard: hand.boneyard,
    scores: view.scores,
    groups,
    passedOver: passedOver.map((m) => m & unseen),
  };
}

interface MutableGroup {
  size: number;
  lacks: number;
}

/**
 * Replays the hand's public log on a board of our own to learn, at each draw and pass, which
 * numbers were open: the player held none of them then. A drawn tile is a fresh, unknown group;
 * a tile played straight after drawing is the drawn one; any other play comes out of whichever
 * group could hold it — when more than one could, those groups are merged, keeping only what
 * is true of all of them, so the knowledge never claims more than the log proves.
 *
 * At each play it also notes, for the player, the tiles it could have scored more with: most
 * players take a score they hold, so those are likelier elsewhere (`passedOver`).
 */
function inferGroups(view: TableView, me: number): { groups: MutableGroup[][]; passedOver: TileMask[] } {
  const hand = view.hand;
  const players = view.rules.players;
  const groups: MutableGroup[][] = Array.from({ length: players }, () => []);
  const passedOver: TileMask[] = Array.from({ length: players }, () => 0);
  if (hand === null) return { groups, passedOver };
  const scoring = scoresDuringPlay(view.rules);
  // Tiles the viewer cannot see at the time of a play: not its own, not yet played.
  let gone = hand.tiles === null ? 0 : maskOfTexts(hand.tiles);
  for (let s = 0; s < players; s++) if (s !== me) groups[s] = [{ size: view.rules.handSize, lacks: 0 }];
  const br = boardRules(view.rules);
  const board: MutableBoard = cloneBoard(EMPTY_BOARD);
  const leadWest = leadWestOf(view);
  let lastDrawBy = -1;
  for (const e of hand.log) {
    switch (e.type) {
      case 'play': {
        const t = tileOfText(e.tile);
        if (scoring && e.seat !== me && e.end !== null && board.tiles > 0) {
          passedOver[e.seat] = (passedOver[e.seat] as number) | scoredMore(view.rules, br, board, endIndex(e.end), t, FULL_SET & ~gone & ~(1 << t));
        }
        gone |= 1 << t;
        if (e.end === null) placeLead(board, br, t, leadWest ?? (parseTile(e.tile) as { first: number }).first);
        else placeOn(board, br, endIndex(e.end), t);
        const g = groups[e.seat] as MutableGroup[];
        if (e.seat !== me) takeTile(g, t, lastDrawBy === e.seat);
        lastDrawBy = -1;
        break;
      }
      case 'draw':
      case 'pass': {
        if (e.seat === me) break;
        const g = groups[e.seat] as MutableGroup[];
        const open = openNumbers(board);
        for (const x of g) x.lacks |= open;
        if (e.type === 'draw') {
          g.push({ size: 1, lacks: 0 });
          lastDrawBy = e.seat;
        } else lastDrawBy = -1;
        break;
      }
      // Nothing said about anyone's hand.
      case 'claim':
      case 'noScore':
      case 'muggins':
      case 'handEnd':
        break;
    }
  }
  // A safety net: should the replay ever disagree with the table's tile counts, know nothing.
  for (let s = 0; s < players; s++) {
    if (s === me) continue;
    const g = groups[s] as MutableGroup[];
    const total = g.reduce((a, x) => a + x.size, 0);
    if (total !== hand.tileCounts[s]) groups[s] = [{ size: hand.tileCounts[s] ?? 0, lacks: 0 }];
  }
  return { groups: groups.map((g) => g.filter((x) => x.size > 0)), passedOver };
}

/** Of the tiles in `among`, those that would have scored more somewhere on `board` than `t` did on `end`. */
function scoredMore(rules: Rules, br: BoardRules, board: Board, end: number, t: Tile, among: TileMask): TileMask {
  const made = playScore(rules, countAfterPlacing(board, br, end, t));
  let out = 0;
  for (let m = among & fitMask(board); m !== 0; m &= m - 1) {
    const c = (31 - Math.clz32(m & -m)) as Tile;
    const ends = endsFor(board, c);
    for (let i = 0; i < 4; i++) {
      if ((ends & (1 << i)) !== 0 && playScore(rules, countAfterPlacing(board, br, i, c)) > made) {
        out |= 1 << c;
        break;
      }
    }
  }
  return out;
}

function takeTile(g: MutableGroup[], t: Tile, justDrew: boolean): void {
  const last = g[g.length - 1];
  if (justDrew && last !== undefined && last.size === 1 && last.lacks === 0) {
    g.pop();
    return;
  }
  const nums = numbersOf(t);
  const could = g.filter((x) => x.size > 0 && (x.lacks & nums) === 0);
  if (could.length === 1) {
    (could[0] as MutableGroup).size--;
    return;
  }
  // Ambiguous (or, were the log inconsistent, impossible): merge the candidates into one group.
  const from = could.length > 0 ? could : g;
  let size = -1;
  let lacks = 0x7f;
  for (const x of from) {
    size += x.size;
    lacks &= x.lacks;
  }
  const rest = g.filter((x) => !from.includes(x));
  g.length = 0;
  g.push(...rest, { size: Math.max(0, size), lacks });
}

/** Bit v set for each number v that the tile shows. */
export function numbersOf(t: Tile): number {
  return NUMS[t] as number;
}

const NUMS: number[] = (() => {
  const out: number[] = [];
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) out.push((1 << a) | (1 << b));
  return out;
})();

export function openNumbers(board: Board): number {
  if (board.tiles === 0) return 0;
  let m = 0;
  for (let i = 0; i < 4; i++) {
    const v = board.open[i] as number;
    if (v >= 0) m |= 1 << v;
  }
  return m;
}

/** Which number the lead showed to the west, read from the public layout. */
function leadWestOf(view: TableView): number | null {
  const hand = view.hand;
  if (hand === null) return null;
  const lead = hand.log.find((e) => e.type === 'play' && e.end === null);
  if (lead === undefined || lead.type !== 'play') return null;
  const placed = hand.layout.line.find((p) => p.tile === lead.tile);
  return placed === undefined ? null : placed.a;
}
