import type { MutableBoard } from './board.ts';
import { type Rules, sideOf } from './rules.ts';
import { CAPICUA_BONUS, handAwards, paseBonuses, winnerOf } from './scoring.ts';
import type { Deal, GameState, HandEndReason, HandEvent, HandState, Missed, Seat } from './state.ts';
import { type Tile, type TileMask, maskPips } from './tiles.ts';

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
    const pips = this.hands.map(maskPips);
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
    const hand: HandState = {
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
