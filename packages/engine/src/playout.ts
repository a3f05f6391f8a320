import { type Board, type BoardRules, EAST, NORTH, SOUTH, WEST } from './board.ts';
import { boardRules } from './board-rules.ts';
import { type PackedBoard, packBoard, packedCount, packedCountAfter, packedFit, packedLeads, placeOnPacked, unpackBoard } from './packed-board.ts';
import { type Rules, maxPipOf, sideCount, sideOf } from './rules.ts';
import { CAPICUA_BONUS, PASE_BONUS, countScore, inUnits, isCapicua, paseBonuses, sideAwards, winnerOf } from './scoring.ts';
import type { Deal, GameState, Seat } from './state.ts';
import type { RandomSource } from './random.ts';
import { ALL_TILES, FULL_SET, MAX_PIP, type Tile, type TileMask, lowestTile, maskOf, maskPips } from './tiles.ts';
import { type VariantRules, scoresDuringPlay, variantRules } from './variant.ts';

/**
 * A hand played in place, for search: no log, no validation, no allocation per move or per
 * deal. Bots fill one of these per sampled deal (`setHidden`), copy it per candidate (`copyFrom`
 * reuses the typed arrays) and play it out; the bench measures it. It follows the same rules as
 * `apply` — the board's on the packed layout of `packed-board.ts`, checked against `board.ts`
 * by a test — and a property test plays both side by side. Under Muggins every count is taken
 * as claimed correctly.
 *
 * A move is a number: `tile << 2 | end` (end 0..3 = west, east, north, south; 0 for the lead).
 */
export class Playout {
  readonly rules: Rules;
  readonly br: BoardRules;
  readonly variant: VariantRules;
  readonly players: number;
  /** Each seat's tiles, as masks. */
  readonly hands: Int32Array;
  /** The board's ends and spinner, packed (`packed-board.ts`); read it as a `Board` with `board`. */
  ends: PackedBoard = 0;
  /** Tiles on the table. */
  tiles = 0;
  /** Per side, in the rules' unit. */
  readonly scores: Float64Array;
  /** The boneyard in drawing order: its first `boneyardSize` entries (shared, never written). */
  boneyard: ArrayLike<number>;
  boneyardSize: number;
  drawn = 0;
  turn: Seat = 0;
  passes = 0;
  forcedLead = -1;
  /** The winning side, or -1. */
  winner = -1;
  handOver = false;
  /** The seat that went out, or -1. */
  out = -1;
  /**
   * `countScore` of each count a board can show (at most 4 ends × 12, so under 64): the rule's
   * answers read from a table, without its modulo and unit test, on every play and every reply
   * a search weighs. Read it with `points(count)`.
   */
  readonly countPoints: Float64Array;
  /** The rules' answers read on every move, kept as fields: `scoresDuringPlay(rules)`, `draws`, `target`, each seat's side. */
  private readonly scoring: boolean;
  private readonly draws: boolean;
  private readonly target: number;
  private readonly sides: Int8Array;
  /** The packed board each tile's lead makes (`packedLeads`). */
  private readonly leads: Int32Array;
  private readonly pips: Int32Array;
  /** sideAwards' answer at a hand's end, per side. */
  private readonly awards: Float64Array;
  /** Under `bonuses`: the pases earned so far in this hand, per side, in points (added at its end, as `apply` does). */
  private readonly bonus: Float64Array;
  private readonly bonuses: boolean;
  /** `redeal`'s shuffled set: the hands from the front, the boneyard after them. */
  private readonly order: Int8Array;
  /** `redeal`'s boneyard, copied from the end of `order` (a subarray would be an object a deal). */
  private readonly pile: Int8Array;

  constructor(rules: Rules, deal: Deal, leader: Seat, scores?: ArrayLike<number>) {
    // Its hands are one word and its packed board holds numbers up to 6: a double-nine hand is
    // played through `apply` (tiles.ts), and a search over one needs a playout of two words.
    if (maxPipOf(rules) !== MAX_PIP) throw new Error('the in-place playout plays a double-six set only');
    this.rules = rules;
    this.br = boardRules(rules);
    this.variant = variantRules(rules);
    this.players = rules.players;
    this.scoring = scoresDuringPlay(rules);
    this.draws = this.variant.draws;
    this.countPoints = Float64Array.from({ length: 64 }, (_, c) => countScore(rules, c));
    this.target = rules.target;
    this.sides = Int8Array.from({ length: rules.players }, (_, s) => sideOf(rules, s));
    this.leads = packedLeads(this.br);
    this.hands = new Int32Array(rules.players);
    for (let s = 0; s < rules.players; s++) this.hands[s] = maskOf(deal.hands[s] ?? []);
    this.boneyard = deal.boneyard;
    this.boneyardSize = deal.boneyard.length;
    this.scores = new Float64Array(sideCount(rules));
    if (scores !== undefined) this.scores.set(scores);
    this.pips = new Int32Array(rules.players);
    this.awards = new Float64Array(sideCount(rules));
    this.bonus = new Float64Array(sideCount(rules));
    this.bonuses = rules.bonuses;
    this.order = Int8Array.from(ALL_TILES);
    this.pile = new Int8Array(ALL_TILES.length);
    this.turn = leader;
  }

  /** The current hand of a full game state (server side: it sees every tile). */
  static fromState(state: GameState): Playout {
    const hand = state.hand;
    if (hand === null) throw new Error('Playout.fromState needs a dealt hand');
    const p = new Playout(state.rules, hand.deal, hand.turn, state.scores);
    for (let s = 0; s < p.players; s++) p.hands[s] = hand.hands[s] as number;
    p.setBoard(hand.board);
    p.drawn = hand.drawn;
    p.passes = hand.passes;
    p.forcedLead = hand.board.tiles === 0 && hand.forcedLead !== null ? hand.forcedLead : -1;
    p.handOver = hand.end !== null;
    if (p.bonuses && hand.end === null) p.bonus.set(paseBonuses(state.rules, hand.log));
    p.winner = state.winner ?? -1;
    return p;
  }

  /**
   * A position put together by hand — what a bot does after sampling the tiles it cannot see:
   * every seat's tiles, the boneyard still to draw (in the order it will be drawn), the board.
   */
  static fromParts(parts: {
    readonly rules: Rules;
    readonly hands: ArrayLike<TileMask>;
    readonly boneyard: ArrayLike<number>;
    readonly boneyardSize?: number;
    readonly board: Board;
    readonly turn: Seat;
    readonly passes: number;
    readonly scores: ArrayLike<number>;
    readonly forcedLead?: Tile | null;
  }): Playout {
    const p = new Playout(parts.rules, { hands: [], boneyard: [] }, parts.turn, parts.scores);
    p.setHidden(parts.hands, parts.boneyard, parts.boneyardSize ?? parts.boneyard.length);
    p.setBoard(parts.board);
    p.passes = parts.passes;
    p.forcedLead = parts.board.tiles === 0 && parts.forcedLead != null ? parts.forcedLead : -1;
    p.winner = winnerOf(parts.rules, p.scores) ?? -1;
    return p;
  }

  /** The board as `board.ts` has it (made afresh on each read: for tests and the edges, not the hot loop). */
  get board(): Board {
    return unpackBoard(this.ends, this.tiles);
  }

  private setBoard(b: Board): void {
    this.ends = packBoard(b);
    this.tiles = b.tiles;
  }

  /** Puts in another guess at the hidden tiles: every seat's hand and the boneyard, the rest unchanged. */
  setHidden(hands: ArrayLike<TileMask>, boneyard: ArrayLike<number>, boneyardSize: number): void {
    for (let s = 0; s < this.players; s++) this.hands[s] = hands[s] ?? 0;
    this.boneyard = boneyard;
    this.boneyardSize = boneyardSize;
    this.drawn = 0;
  }

  /**
   * Starts a fresh hand in place on a random deal (a Fisher–Yates shuffle of its own set of tiles,
   * so no array is made), led by `leader`, with the scores kept unless the game was over. For benchmarks and
   * self-play; the leader rules of the real game are the caller's business.
   */
  redeal(random: RandomSource, leader: Seat): void {
    const order = this.order;
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      const tmp = order[i] as number;
      order[i] = order[j] as number;
      order[j] = tmp;
    }
    const n = this.rules.handSize;
    let k = 0;
    for (let s = 0; s < this.players; s++) {
      let m = 0;
      for (let i = 0; i < n; i++) m |= 1 << (order[k++] as number);
      this.hands[s] = m;
    }
    const pile = this.pile;
    for (let i = k; i < order.length; i++) pile[i - k] = order[i] as number;
    this.boneyard = pile;
    this.boneyardSize = order.length - k;
    if (this.winner >= 0) this.scores.fill(0);
    this.ends = 0;
    this.tiles = 0;
    this.drawn = 0;
    this.turn = leader;
    this.passes = 0;
    this.forcedLead = -1;
    this.winner = -1;
    this.handOver = false;
    this.out = -1;
    this.bonus.fill(0);
  }

  copyFrom(o: Playout): void {
    // Loops, not TypedArray.set: for two to four entries the call costs more than the copy.
    for (let s = 0; s < this.players; s++) this.hands[s] = o.hands[s] as number;
    for (let s = 0; s < this.scores.length; s++) this.scores[s] = o.scores[s] as number;
    if (this.bonuses) for (let s = 0; s < this.bonus.length; s++) this.bonus[s] = o.bonus[s] as number;
    this.ends = o.ends;
    this.tiles = o.tiles;
    this.boneyard = o.boneyard;
    this.boneyardSize = o.boneyardSize;
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
    if (this.tiles === 0) return this.forcedLead >= 0 ? hand & (1 << this.forcedLead) : hand & FULL_SET;
    const b = this.ends;
    return hand & (packedFit(b, WEST) | packedFit(b, EAST) | packedFit(b, NORTH) | packedFit(b, SOUTH));
  }

  /**
   * Writes the legal plays of the seat on turn into `buf` (room for 32: a hand has at most 28
   * plays, and three entries past them may be written); returns how many. 0 means draw or pass.
   */
  legalPlays(buf: Int32Array): number {
    let n = 0;
    const hand = this.hands[this.turn] as number;
    if (this.tiles === 0) {
      const m0 = this.forcedLead >= 0 ? hand & (1 << this.forcedLead) : hand;
      for (let m = m0; m !== 0; m &= m - 1) buf[n++] = lowestTile(m) << 2;
      return n;
    }
    // Each end's fitting tiles once, then each playable tile's ends from them (endsOf), in the
    // order of tiles then ends, as endsFor would list them. The four ends are written without a
    // branch, each kept by moving on only where it fits (how many ends fit is too random for the
    // branch predictor); so `buf` holds the plays and up to three entries past them.
    const b = this.ends;
    const w = packedFit(b, WEST);
    const e = packedFit(b, EAST);
    const no = packedFit(b, NORTH);
    const so = packedFit(b, SOUTH);
    for (let m = hand & (w | e | no | so); m !== 0; m &= m - 1) {
      const t = lowestTile(m);
      const tt = t << 2;
      buf[n] = tt;
      n += (w >>> t) & 1;
      buf[n] = tt | 1;
      n += (e >>> t) & 1;
      buf[n] = tt | 2;
      n += (no >>> t) & 1;
      buf[n] = tt | 3;
      n += (so >>> t) & 1;
    }
    return n;
  }

  /** What a count scores by itself (`countScore`), from the table. */
  points(count: number): number {
    return this.countPoints[count] as number;
  }

  /** The count a play would make, without making it. */
  countAfter(move: number): number {
    if (this.tiles === 0) return packedCount(this.leads[move >> 2] as number);
    return packedCountAfter(this.ends, this.br, move & 3, (move >> 2) as Tile);
  }

  /** What a play would score now, in the rules' unit. */
  pointsFor(move: number): number {
    return this.scoring ? this.points(this.countAfter(move)) : 0;
  }

  /**
   * The most the tiles `hand` could score with one play on the board this play would leave
   * (what the wary rollout weighs a reply by), without making the play.
   */
  replyPoints(move: number, hand: TileMask): number {
    const after = this.boardAfter(move);
    let best = 0;
    for (let e = 0; e < 4; e++) {
      for (let m = hand & packedFit(after, e); m !== 0; m &= m - 1) {
        const points = this.points(packedCountAfter(after, this.br, e, lowestTile(m)));
        if (points > best) best = points;
      }
    }
    return best;
  }

  /** Plays a legal move for the seat on turn; returns what it scored. */
  play(move: number): number {
    const seat = this.turn;
    const before = this.ends;
    this.ends = this.boardAfter(move);
    this.tiles++;
    const left = (this.hands[seat] as number) & ~(1 << (move >> 2));
    this.hands[seat] = left;
    this.passes = 0;
    this.forcedLead = -1;
    const points = this.scoring ? this.points(packedCount(this.ends)) : 0;
    // Added even when nothing was scored: a branch on whether a play scored is one the
    // predictor misses often, and adding 0 changes nothing (addScore only asks winnerOf at
    // the target, and unchanged scores there give the same answer).
    if (this.addScore(seat, points)) return points;
    if (left === 0) {
      if (this.bonuses && this.tiles > 1 && this.capicua(before, (move >> 2) as Tile)) {
        const side = this.sides[seat] as number;
        this.bonus[side] = (this.bonus[side] as number) + CAPICUA_BONUS;
      }
      this.endHand(seat);
    } else this.turn = seat + 1 === this.players ? 0 : seat + 1;
    return points;
  }

  /** For a seat with nothing to play: draws one tile if the rules allow and any are left, else passes. */
  drawOrPass(): void {
    if (this.draws && this.drawn < this.boneyardSize) {
      const t = this.boneyard[this.drawn++] as number;
      this.hands[this.turn] = (this.hands[this.turn] as number) | (1 << t);
      return;
    }
    this.passes++;
    if (this.bonuses && this.passes === this.players - 1) {
      // Every other player has passed since the last play: a pase for the side that made it.
      const side = this.sides[this.turn + 1 === this.players ? 0 : this.turn + 1] as number;
      this.bonus[side] = (this.bonus[side] as number) + PASE_BONUS;
    }
    if (this.passes >= this.players) this.endHand(-1);
    else this.turn = this.turn + 1 === this.players ? 0 : this.turn + 1;
  }

  /** isCapicua for `t` on the packed board `b`: an end's number is its three low bits less one. */
  private capicua(b: PackedBoard, t: Tile): boolean {
    return isCapicua(((packedFit(b, WEST) >>> t) & 1) !== 0, ((packedFit(b, EAST) >>> t) & 1) !== 0, (b & 7) - 1, ((b >>> 5) & 7) - 1);
  }

  /** The packed board a legal move leaves. */
  private boardAfter(move: number): PackedBoard {
    if (this.tiles === 0) return this.leads[move >> 2] as number;
    return placeOnPacked(this.ends, this.br, move & 3, (move >> 2) as Tile);
  }

  private addScore(seat: Seat, points: number): boolean {
    const side = this.sides[seat] as number;
    const score = (this.scores[side] as number) + points;
    this.scores[side] = score;
    // No side had won before this play (the hand was on), and only this side's score moved:
    // below the target there is still no winner, so winnerOf need not be asked.
    if (score < this.target) return false;
    this.winner = winnerOf(this.rules, this.scores) ?? -1;
    return this.winner >= 0;
  }

  private endHand(out: Seat): void {
    this.handOver = true;
    this.out = out;
    for (let s = 0; s < this.players; s++) this.pips[s] = maskPips(this.hands[s] as number);
    // The same rule as handAwards (sideAwards), added in place.
    sideAwards(this.rules, this.pips, out < 0 ? null : out, this.awards);
    for (let side = 0; side < this.scores.length; side++) {
      const bonus = this.bonuses ? (this.bonus[side] as number) : 0;
      this.scores[side] = (this.scores[side] as number) + inUnits(this.rules, (this.awards[side] as number) + bonus);
    }
    this.winner = winnerOf(this.rules, this.scores) ?? -1;
  }
}
