import type { Action } from '@fives/engine';
import type { Actor } from './actors.ts';
import type { RecordAppend, SeatRating, SeatRecord, TableDoc } from './doc.ts';

/** What a change did, for the log and the broadcast (never a tile). */
export type Cause =
  | { readonly kind: 'joined' | 'left' | 'away' | 'returned'; readonly seat: number }
  | { readonly kind: 'seat'; readonly seat: number; readonly to: SeatRecord['kind'] }
  | { readonly kind: 'started' | 'rematch' | 'dealt' | 'settings' }
  /** The host offered a rematch; a person accepted it (not yet everyone) or declined it. */
  | { readonly kind: 'rematchOffered' | 'rematchAccepted' | 'rematchDeclined'; readonly seat: number }
  /**
   * Nothing changed but the version: the table goes on from the state its store holds, numbered
   * past every version a client has seen (a failover lost the last changes: a version is never
   * used for two different tables).
   */
  | { readonly kind: 'resumed'; readonly from: number }
  | {
      readonly kind: 'action';
      readonly seat: number;
      readonly type: Action['type'];
      /** Who moved: the seat's person, its computer player, or a stand-in (away, out of time). */
      readonly by: 'person' | Actor['why'];
    };

/**
 * A decided change, before it is settled (`settle.ts`): the table as it is to become (version,
 * clocks and time not yet set), the hand it closed if any, and why.
 */
export interface Change {
  readonly doc: TableDoc;
  readonly append?: RecordAppend;
  readonly cause: Cause;
}

/** A person as the table knows them: the id is private to the server. */
export interface Person {
  readonly id: TableDoc['hostId'];
  readonly name: string;
  /** Their rating of the table's key, shown beside their name (the server looks it up). */
  readonly rating?: SeatRating;
  /** They kept their name with a passkey (the server asks its accounts): not shown as a guest. */
  readonly kept?: boolean;
}

/** A person's seat record. */
export function personSeat(p: Person): SeatRecord {
  return {
    kind: 'human',
    playerId: p.id,
    name: p.name,
    ...(p.rating === undefined ? {} : { rating: { rating: p.rating.rating, rd: p.rating.rd } }),
    ...(p.kept === true ? { kept: true as const } : {}),
  };
}

/** The person a seat record is: what a seat given back to them (no longer away) is made from. */
export function personOf(s: Extract<SeatRecord, { kind: 'human' }>): Person {
  return { id: s.playerId, name: s.name, ...(s.rating === undefined ? {} : { rating: s.rating }), ...(s.kept === true ? { kept: true } : {}) };
}
