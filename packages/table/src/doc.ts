import type { GameState, RecordHand, RulesInput } from '@fives/engine';
import type { BotLevel, Phase, PlayerId, TableCode, TableId } from '@fives/protocol';

/**
 * A seat as the server keeps it: the player id of a person is private to the server. `away`: the
 * person is gone (past the grace period, or left mid-game) and a computer player plays for them.
 * A computer player's `name` is nobody else's at the table (`bot-seats.ts`). `kept`: the person
 * had kept their name with a passkey when they sat down (absent: a guest, whose name another
 * guest may share), so the table shows guests as guests. Optional, so older documents read as
 * they are (all guests until they sit again).
 */
export type SeatRecord =
  | { readonly kind: 'open' }
  | {
      readonly kind: 'human';
      readonly playerId: PlayerId;
      readonly name: string;
      readonly away?: boolean;
      /** Went away before the game's first hand's third move (`abort.ts`): if still away at its end, the game is aborted. */
      readonly leftEarly?: true;
      readonly rating?: SeatRating;
      readonly kept?: true;
    }
  | { readonly kind: 'bot'; readonly level: BotLevel; readonly name: string };

/** A person's rating of the table's rules key as it stood when they sat down (absent: never rated). */
export interface SeatRating {
  readonly rating: number;
  readonly rd: number;
}

/** What the host chooses about the table beyond the rules. */
export interface TableSettings {
  /** Seconds per turn; null: no turn timer. */
  readonly turnSeconds: number | null;
  /** Shown in the open-tables list while it waits for players. */
  readonly listed: boolean;
  /**
   * Its games count in the players' ratings (when every seat is a person's): always for a queue
   * table, a private table's host's choice before the first start.
   */
  readonly rated: boolean;
}

/** The clocks running at the table, in ms since the epoch (see `tables/clock.ts`). */
export interface TableClock {
  /** A person's timed turn: which one (game, hand, seat) and when it runs out. */
  readonly turn: { readonly seat: number; readonly game: number; readonly hand: number; readonly at: number } | null;
  /** Until when the count just missed may be called (Muggins); null when nothing is missed. */
  readonly muggins: number | null;
}

export const NO_CLOCK: TableClock = { turn: null, muggins: null };

/**
 * Everything the server knows of a table, as it is stored. `version` grows by one with every
 * change; a change is written only if the stored version is still the one it was made on.
 * `state` is the engine's whole `GameState` (hidden tiles included): it never leaves the server
 * except through `view`.
 */
export interface TableDoc {
  readonly id: TableId;
  /** The short code that finds the table, as its invite link does; never changes. */
  readonly code: TableCode;
  readonly version: number;
  readonly createdAt: string;
  /** When the last change was made (abandoned tables expire some time after it). */
  readonly updatedAt: string;
  /** The host: may change (a host who leaves hands the role on). */
  readonly hostId: PlayerId;
  /** The rules as the host gave them (checked); kept for the game records. */
  readonly rulesInput: RulesInput;
  readonly seats: readonly SeatRecord[];
  readonly phase: Phase;
  /** The current or last game's number, from 1; 0 before the first start. */
  readonly game: number;
  /**
   * When the current (or last) game was dealt, for its archive entry. Absent on tables stored
   * before it was kept, and on a table before its first game.
   */
  readonly gameStartedAt?: string;
  readonly state: GameState | null;
  readonly settings: TableSettings;
  readonly clock: TableClock;
  /**
   * The seeds the hands were dealt from. The current hand's seed is as secret as the hands
   * themselves: only `fairnessOf` reads it, and only once the hand is over.
   */
  readonly fair: FairDeals | null;
  /** The host's rematch offer once a game is over, until everyone seated accepts (the next game) or one declines. Absent: none. */
  readonly rematch?: RematchOffer;
}

/** A rematch offered by the host: the people who have said yes (the host first), and who said no (the offer stands no more). */
export interface RematchOffer {
  readonly by: PlayerId;
  readonly accepted: readonly PlayerId[];
  readonly declined: PlayerId | null;
}

/** A hand's seed (docs/fairness.md): secret while the hand is played, public once it is over. */
export interface DealSecret {
  readonly game: number;
  /** The hand in its game, from 1. */
  readonly hand: number;
  readonly seed: string;
  /** SHA-256 of `seed`, published when the hand is dealt. */
  readonly commitment: string;
}

/** The seeds of the table's current (or last) hand and of the hand before it. */
export interface FairDeals {
  readonly current: DealSecret;
  readonly previous: DealSecret | null;
}

/** A finished hand (or the hand a game ended in) to append to a game's record with a change. */
export interface RecordAppend {
  readonly game: number;
  readonly hand: RecordHand;
}
