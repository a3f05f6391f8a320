import { type Board, type MutableBoard, fitMask, fitMaskHigh } from './board.ts';
import { type Rules, sideOf } from './rules.ts';
import { CAPICUA_BONUS, handAwards, paseBonuses, winnerOf } from './scoring.ts';
import type { Deal, GameState, HandEndReason, HandEvent, HandState, Missed, Seat } from './state.ts';
import { HIGH_BASE, type Tile, type TileMask, maskPips, pipsOfWords, wordBit } from './tiles.ts';

/**
 * The mutable working copy of one action's changes. Moves edit it freely; `commit` freezes it
 * into the next state, so the state a caller holds is never touched — an illegal move simply
 * throws its draft away.
 */
export class Draft {
  readonly rules: Rules;
  readonly deal: Deal;
  readonly forcedLead: Tile | null;
  readonly hands: TileMask[];
  /** The hands' high words on a double-nine set (`HandState.handsHigh`); null on a double-six set. */
  readonly high: TileMask[] | null;
  readonly log: HandEvent[];
  readonly scores: number[];
  readonly handScored: number[];
  board: HandState['board'] | MutableBoard;
  drawn: number;
  turn: Seat;
  awaiting: HandState['awaiting'];
  passes: number;
  missed: Missed | null;
  end: HandState['end'] = null;
  winner: number | null = null;

  constructor(
    private readonly state: GameState,
    private readonly hand: HandState,
  ) {
    this.rules = state.rules;
    this.deal = hand.deal;
    this.forcedLead = hand.forcedLead;
    this.hands = hand.hands.slice();
    this.high = hand.handsHigh === undefined ? null : hand.handsHigh.slice();
    this.log = hand.log.slice();
    this.scores = state.scores.slice();
    this.handScored = (state.hands[state.hands.length - 1]?.scored ?? []).slice();
    this.board = hand.board;
    this.drawn = hand.drawn;
    this.turn = hand.turn;
    this.awaiting = hand.awaiting;
    this.passes = hand.passes;
    this.missed = hand.missed;
  }

  // A seat's tiles, read and changed through these so that a double-nine hand's high word is
  // never forgotten; on a double-six set `high` is null and a tile id is always below HIGH_BASE.

  holds(seat: Seat, t: Tile): boolean {
    const word = t < HIGH_BASE ? (this.hands[seat] as number) : ((this.high as TileMask[])[seat] as number);
    return (word & wordBit(t)) !== 0;
  }

  take(seat: Seat, t: Tile): void {
    if (t < HIGH_BASE) this.hands[seat] = (this.hands[seat] as number) & ~(1 << t);
    else (this.high as TileMask[])[seat] = ((this.high as TileMask[])[seat] as number) & ~wordBit(t);
  }

  give(seat: Seat, t: Tile): void {
    if (t < HIGH_BASE) this.hands[seat] = (this.hands[seat] as number) | (1 << t);
    else (this.high as TileMask[])[seat] = ((this.high as TileMask[])[seat] as number) | wordBit(t);
  }

  isEmpty(seat: Seat): boolean {
    return this.hands[seat] === 0 && (this.high === null || this.high[seat] === 0);
  }

  /** Whether the seat holds a tile that fits the board. */
  canPlay(seat: Seat, board: Board): boolean {
    if (((this.hands[seat] as number) & fitMask(board)) !== 0) return true;
    return this.high !== null && ((this.high[seat] as number) & fitMaskHigh(board)) !== 0;
  }

  passTurn(): void {
    this.turn = (this.turn + 1) % this.rules.players;
  }

  /** Adds points to the seat's side; true when that ends the game. */
  score(seat: Seat, points: number): boolean {
    if (points === 0) return false;
    const side = sideOf(this.rules, seat);
    this.scores[side] = (this.scores[side] as number) + points;
    this.handScored[side] = (this.handScored[side] as number) + points;
    this.winner = winnerOf(this.rules, this.scores);
    return this.winner !== null;
  }

  /** Ends the hand; `capicua` when the play out fitted both ends (isCapicua), worth a bonus under `bonuses`. */
  endHand(reason: HandEndReason, out: Seat | null, capicua = false): void {
    const high = this.high;
    const pips = high === null ? this.hands.map(maskPips) : this.hands.map((m, s) => pipsOfWords(m, high[s] as number));
    const awards = handAwards(this.rules, pips, out, this.rules.bonuses ? this.bonuses(out, capicua) : undefined);
    for (const a of awards) {
      const side = sideOf(this.rules, a.seat);
      this.scores[side] = (this.scores[side] as number) + a.points;
      this.handScored[side] = (this.handScored[side] as number) + a.points;
    }
    this.winner = winnerOf(this.rules, this.scores);
    this.missed = null;
    this.end = { type: 'handEnd', reason, awards, pips, out };
    this.log.push(this.end);
  }

  /**
   * The Latin game's bonuses of the hand now ending, per side: a pase for each play the log shows
   * followed by every other player passing, and the capicúa to the side out.
   */
  private bonuses(out: Seat | null, capicua: boolean): number[] {
    const bonus = paseBonuses(this.rules, this.log);
    if (capicua && out !== null) {
      const side = sideOf(this.rules, out);
      bonus[side] = (bonus[side] as number) + CAPICUA_BONUS;
    }
    return bonus;
  }

  /**
   * Written out field by field rather than spread: an object spread copies generically (about a
   * quarter of a move's cost in the bench) and gives the result a different hidden class from
   * the states `newGame` and `startHand` make, which slows every later read of it.
   */
  commit(): GameState {
    const h = this.hand;
    let hand: HandState = {
      deal: h.deal,
      leader: h.leader,
      forcedLead: h.forcedLead,
      hands: this.hands,
      drawn: this.drawn,
      board: this.board,
      turn: this.turn,
      awaiting: this.awaiting,
      passes: this.passes,
      missed: this.missed,
      log: this.log,
      end: this.end,
    };
    if (this.high !== null) hand = { ...hand, handsHigh: this.high };
    const s = this.state;
    const summaries = s.hands.slice();
    summaries[summaries.length - 1] = { reason: this.end?.reason ?? null, scored: this.handScored, scores: this.scores };
    const over = this.winner !== null;
    return {
      rulesInput: s.rulesInput,
      rules: s.rules,
      status: over ? 'over' : this.end !== null ? 'dealing' : 'playing',
      scores: this.scores,
      hand,
      hands: summaries,
      winner: this.winner,
    };
  }
}
