import { type Board, type BoardRules, type MutableBoard, EMPTY_BOARD, boardCount, cloneBoard, copyBoardInto, endsFor, fitMask, placeLead, placeOn } from './board.ts';
import { boardRules } from './board-rules.ts';
import { type Rules, sideCount, sideOf } from './rules.ts';
import { countScore, handAwards, winnerOf } from './scoring.ts';
import type { Deal, GameState, Seat } from './state.ts';
import { type Tile, type TileMask, low, lowestTile, maskOf, maskPips } from './tiles.ts';
import { type VariantRules, variantRules } from './variant.ts';

/**
 * A hand played in place, for search: no log, no validation, no allocation per move. Bots copy
 * one of these per simulation (`copyFrom` reuses the arrays) and play it out; the bench measures
 * it. It follows the same board and scoring code as `apply`, and a property test plays both side
 * by side. Under Muggins every count is taken as claimed correctly.
 *
 * A move is a number: `tile << 2 | end` (end 0..3 = west, east, north, south; 0 for the lead).
 */
export class Playout {
  readonly rules: Rules;
  readonly br: BoardRules;
  readonly variant: VariantRules;
  readonly players: number;
  readonly hands: number[];
  readonly board: MutableBoard;
  readonly scores: number[];
  boneyard: readonly Tile[];
  drawn = 0;
  turn: Seat = 0;
  passes = 0;
  forcedLead = -1;
  /** The winning side, or -1. */
  winner = -1;
  handOver = false;
  /** The seat that went out, or -1. */
  out = -1;
  private readonly scratch: MutableBoard;

  constructor(rules: Rules, deal: Deal, leader: Seat, scores?: readonly number[]) {
    this.rules = rules;
    this.br = boardRules(rules);
    this.variant = variantRules(rules);
    this.players = rules.players;
    this.hands = Array.from({ length: rules.players }, (_, s) => maskOf(deal.hands[s] ?? []));
    this.boneyard = deal.boneyard;
    this.board = cloneBoard(EMPTY_BOARD);
    this.scratch = cloneBoard(EMPTY_BOARD);
    this.scores = scores ? scores.slice() : new Array<number>(sideCount(rules)).fill(0);
    this.turn = leader;
  }

  /** The current hand of a full game state (server side: it sees every tile). */
  static fromState(state: GameState): Playout {
    const hand = state.hand;
    if (hand === null) throw new Error('Playout.fromState needs a dealt hand');
    const p = new Playout(state.rules, hand.deal, hand.turn, state.scores);
    for (let s = 0; s < p.players; s++) p.hands[s] = hand.hands[s] as number;
    copyBoardInto(hand.board, p.board);
    p.drawn = hand.drawn;
    p.passes = hand.passes;
    p.forcedLead = hand.board.tiles === 0 && hand.forcedLead !== null ? hand.forcedLead : -1;
    p.handOver = hand.end !== null;
    p.winner = state.winner ?? -1;
    return p;
  }

  /**
   * A position put together by hand — what a bot does after sampling the tiles it cannot see:
   * every seat's tiles, the boneyard still to draw (in the order it will be drawn), the board.
   */
  static fromParts(parts: {
    readonly rules: Rules;
    readonly hands: readonly TileMask[];
    readonly boneyard: readonly Tile[];
    readonly board: Board;
    readonly turn: Seat;
    readonly passes: number;
    readonly scores: readonly number[];
    readonly forcedLead?: Tile | null;
  }): Playout {
    const p = new Playout(parts.rules, { hands: [], boneyard: parts.boneyard }, parts.turn, parts.scores);
    for (let s = 0; s < p.players; s++) p.hands[s] = parts.hands[s] ?? 0;
    copyBoardInto(parts.board, p.board);
    p.passes = parts.passes;
    p.forcedLead = parts.board.tiles === 0 && parts.forcedLead != null ? parts.forcedLead : -1;
    p.winner = winnerOf(parts.rules, p.scores) ?? -1;
    return p;
  }

  copyFrom(o: Playout): void {
    for (let s = 0; s < this.players; s++) this.hands[s] = o.hands[s] as number;
    for (let s = 0; s < this.scores.length; s++) this.scores[s] = o.scores[s] as number;
    copyBoardInto(o.board, this.board);
    this.boneyard = o.boneyard;
    this.drawn = o.drawn;
    this.turn = o.turn;
    this.passes = o.passes;
    this.forcedLead = o.forcedLead;
    this.winner = o.winner;
    this.handOver = o.handOver;
    this.out = o.out;
  }

  get done(): boolean {
    return this.handOver || this.winner >= 0;
  }

  /** The tiles the seat on turn could play now. */
  playableMask(): TileMask {
    const hand = this.hands[this.turn] as number;
    if (this.board.tiles === 0 && this.forcedLead >= 0) return hand & (1 << this.forcedLead);
    return hand & fitMask(this.board);
  }

  /** Writes the legal plays of the seat on turn into `buf`; returns how many. 0 means draw or pass. */
  legalPlays(buf: Int32Array): number {
    let n = 0;
    const m0 = this.playableMask();
    if (this.board.tiles === 0) {
      for (let m = m0; m !== 0; m &= m - 1) buf[n++] = lowestTile(m) << 2;
      return n;
    }
    for (let m = m0; m !== 0; m &= m - 1) {
      const t = lowestTile(m);
      const ends = endsFor(this.board, t);
      for (let i = 0; i < 4; i++) if ((ends & (1 << i)) !== 0) buf[n++] = (t << 2) | i;
    }
    return n;
  }

  /** The count a play would make, without making it. */
  countAfter(move: number): number {
    copyBoardInto(this.board, this.scratch);
    place(this.scratch, this.br, move);
    return boardCount(this.scratch);
  }

  /** What a play would score now, in the rules' unit. */
  pointsFor(move: number): number {
    return this.variant.scoresDuringPlay ? countScore(this.rules, this.countAfter(move)) : 0;
  }

  /** Plays a legal move for the seat on turn; returns what it scored. */
  play(move: number): number {
    const seat = this.turn;
    place(this.board, this.br, move);
    this.hands[seat] = (this.hands[seat] as number) & ~(1 << (move >> 2));
    this.passes = 0;
    this.forcedLead = -1;
    const points = this.variant.scoresDuringPlay ? countScore(this.rules, boardCount(this.board)) : 0;
    if (points > 0 && this.addScore(seat, points)) return points;
    if (this.hands[seat] === 0) this.endHand(seat);
    else this.turn = (seat + 1) % this.players;
    return points;
  }

  /** For a seat with nothing to play: draws one tile if the rules allow and any are left, else passes. */
  drawOrPass(): void {
    if (this.variant.draws && this.drawn < this.boneyard.length) {
      const t = this.boneyard[this.drawn++] as Tile;
      this.hands[this.turn] = (this.hands[this.turn] as number) | (1 << t);
      return;
    }
    this.passes++;
    if (this.passes >= this.players) this.endHand(-1);
    else this.turn = (this.turn + 1) % this.players;
  }

  private addScore(seat: Seat, points: number): boolean {
    const side = sideOf(this.rules, seat);
    this.scores[side] = (this.scores[side] as number) + points;
    this.winner = winnerOf(this.rules, this.scores) ?? -1;
    return this.winner >= 0;
  }

  private endHand(out: Seat): void {
    this.handOver = true;
    this.out = out;
    const pips = this.hands.map(maskPips);
    for (const a of handAwards(this.rules, pips, out < 0 ? null : out)) {
      const side = sideOf(this.rules, a.seat);
      this.scores[side] = (this.scores[side] as number) + a.points;
    }
    this.winner = winnerOf(this.rules, this.scores) ?? -1;
  }
}

function place(b: MutableBoard, br: BoardRules, move: number): void {
  const t = (move >> 2) as Tile;
  if (b.tiles === 0) placeLead(b, br, t, low(t));
  else placeOn(b, br, move & 3, t);
}
