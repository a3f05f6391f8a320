import type { GameState, RecordHand, RulesInput } from '@fives/engine';
import type { BotLevel, Phase, PlayerId, TableId } from '@fives/protocol';

/** A seat as the server keeps it: the player id of a person is private to the server. */
export type SeatRecord =
  | { readonly kind: 'open' }
  | { readonly kind: 'human'; readonly playerId: PlayerId; readonly name: string }
  | { readonly kind: 'bot'; readonly level: BotLevel };

/**
 * Everything the server knows of a table, as it is stored. `version` grows by one with every
 * change; a change is written only if the stored version is still the one it was made on.
 * `state` is the engine's whole `GameState` (hidden tiles included): it never leaves the server
 * except through `view`.
 */
export interface TableDoc {
  readonly id: TableId;
  readonly version: number;
  readonly createdAt: string;
  readonly hostId: PlayerId;
  /** The rules as the host gave them (checked); kept for the game records. */
  readonly rulesInput: RulesInput;
  readonly seats: readonly SeatRecord[];
  readonly phase: Phase;
  /** The current or last game's number, from 1; 0 before the first start. */
  readonly game: number;
  readonly state: GameState | null;
}

/** A finished hand (or the hand a game ended in) to append to a game's record with a change. */
export interface RecordAppend {
  readonly game: number;
  readonly hand: RecordHand;
}
