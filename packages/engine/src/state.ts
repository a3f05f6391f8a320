import type { Board, End } from './board.ts';
import type { Rules, RulesInput } from './rules.ts';
import type { Tile, TileMask } from './tiles.ts';

/** A seat at the table, 0..players-1; play goes 0 → 1 → … → 0. */
export type Seat = number;

/** The tiles as dealt: each seat's hand, and the boneyard in drawing order. */
export interface Deal {
  readonly hands: readonly (readonly Tile[])[];
  readonly boneyard: readonly Tile[];
}

export type Action =
  | {
      readonly type: 'play';
      readonly seat: Seat;
      readonly tile: Tile;
      /** Which open end; may be left out when the tile fits exactly one, and must be for the lead. */
      readonly end?: End;
      /** For the lead only: the number shown at the west end (default: the tile's low half). */
      readonly west?: number;
    }
  | { readonly type: 'draw'; readonly seat: Seat }
  | { readonly type: 'pass'; readonly seat: Seat }
  | { readonly type: 'claim'; readonly seat: Seat; readonly points: number }
  | { readonly type: 'noScore'; readonly seat: Seat }
  | { readonly type: 'muggins'; readonly seat: Seat };

export type ActionType = Action['type'];

export interface Award {
  readonly seat: Seat;
  readonly points: number;
}

export type HandEndReason = 'domino' | 'blocked';

/** What happened, in order; all of it is public except which tile a draw took. */
export type HandEvent =
  | {
      readonly type: 'play';
      readonly seat: Seat;
      readonly tile: Tile;
      readonly end: End | null;
      /** The lead's west number; absent on other plays. */
      readonly west?: number;
      readonly count: number;
      readonly scored: number;
    }
  | { readonly type: 'draw'; readonly seat: Seat }
  | { readonly type: 'pass'; readonly seat: Seat }
  | { readonly type: 'claim'; readonly seat: Seat; readonly points: number; readonly scored: number }
  | { readonly type: 'noScore'; readonly seat: Seat; readonly scored: number }
  | { readonly type: 'muggins'; readonly seat: Seat; readonly scored: number }
  | HandEndEvent;

export interface HandEndEvent {
  readonly type: 'handEnd';
  readonly reason: HandEndReason;
  readonly awards: readonly Award[];
  /** Pips left in each seat's hand when the hand ended. */
  readonly pips: readonly number[];
  /** The seat that went out, or null when blocked. */
  readonly out: Seat | null;
}

/** A count the player failed to claim under Muggins, open to the opponents until the next play. */
export interface Missed {
  readonly by: Seat;
  readonly points: number;
}

export interface HandState {
  readonly deal: Deal;
  readonly leader: Seat;
  /** The tile the leader must lead (highest-double rules), or null when any tile may lead. */
  readonly forcedLead: Tile | null;
  /** Each seat's tiles: on a double-nine set, the low word of its hand (tiles.ts). */
  readonly hands: readonly TileMask[];
  /** On a double-nine set only: each seat's high word (its tiles with a 7, 8 or 9). */
  readonly handsHigh?: readonly TileMask[];
  /** How many tiles have been drawn from the front of `deal.boneyard`. */
  readonly drawn: number;
  readonly board: Board;
  /** Who must act next (after a play under Muggins, the player who must claim). */
  readonly turn: Seat;
  readonly awaiting: 'move' | 'claim';
  /** Passes in a row; the hand is blocked when every seat has passed. */
  readonly passes: number;
  readonly missed: Missed | null;
  readonly log: readonly HandEvent[];
  readonly end: HandEndEvent | null;
}

export type GameStatus = 'dealing' | 'playing' | 'over';

export interface HandSummary {
  readonly reason: HandEndReason | null;
  /** What each side scored in the hand (plays, claims, Muggins and awards). */
  readonly scored: readonly number[];
  /** Running totals per side after the hand. */
  readonly scores: readonly number[];
}

export interface GameState {
  /** The rules as given (kept for the record), and as resolved (what the engine reads). */
  readonly rulesInput: RulesInput;
  readonly rules: Rules;
  readonly status: GameStatus;
  /** Running totals per side (a seat, or a team with partnerships), in the rules' score unit. */
  readonly scores: readonly number[];
  /** The hand being played, or the last one played; null before the first deal. */
  readonly hand: HandState | null;
  /** One entry per hand started so far. */
  readonly hands: readonly HandSummary[];
  /** The winning side once the game is over. */
  readonly winner: number | null;
}
