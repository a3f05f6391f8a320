import type { RulesInput } from '@fives/engine';
import type { PlayerId } from '@fives/protocol';
import type { TournamentGameId, TournamentId, UnitId } from './ids.ts';

export const FORMATS = ['arena', 'swiss'] as const;
export type Format = (typeof FORMATS)[number];
/** Open: listed for anyone to join. Link: unlisted, joined by whoever has its address. */
export const ACCESSES = ['open', 'link'] as const;
export type Access = (typeof ACCESSES)[number];
/** Who enters: one person, or a fixed pair (partnership rules: the two play as partners every game). */
export const ENTRIES = ['individuals', 'pairs'] as const;
export type Entry = (typeof ENTRIES)[number];

/** How long it lasts: an Arena a fixed time, a Swiss a fixed number of rounds. */
export type Length = { readonly format: 'arena'; readonly minutes: number } | { readonly format: 'swiss'; readonly rounds: number };

/** The settings once checked (settings.ts); times are ms since the epoch. */
export interface TournamentSettings {
  readonly name: string;
  readonly rules: RulesInput;
  readonly length: Length;
  readonly startsAt: number;
  readonly access: Access;
  readonly entry: Entry;
}

export interface Member {
  readonly playerId: PlayerId;
  readonly name: string;
}

/** An entry: one member, or two for a fixed pair (seated as partners). Withdrawn units stay in the standings. */
export interface Unit {
  readonly id: UnitId;
  readonly members: readonly Member[];
  readonly joinedAt: number;
  readonly withdrawnAt: number | null;
}

/**
 * A game's result. `played`: the points each side made at the table, in the game's unit order.
 * `forfeit`: a unit withdrew while the game was under way (no computer player takes a
 * tournament seat), so the other wins it, with no points either way.
 */
/**
 * One person asking another to enter a tournament of pairs with them: the pair is entered when
 * the other asks back (`pairWith`); a newer ask of the same person replaces the older.
 */
export interface PairOffer {
  readonly from: Member;
  readonly to: PlayerId;
  readonly at: number;
}

export type GameOutcome = { readonly kind: 'played'; readonly points: readonly [number, number] } | { readonly kind: 'forfeit'; readonly loser: UnitId };

export interface GameResult {
  readonly outcome: GameOutcome;
  readonly finishedAt: number;
  /**
   * Whether it counts in the standings: an Arena game that ends after the Arena's time is up is
   * kept (it was played and can be replayed) but does not count, as on lichess.
   */
  readonly counted: boolean;
  /** Arena: the tournament points each unit earned by it (streaks included); Swiss: [0, 0]. */
  readonly awarded: readonly [number, number];
}

/** One table of the tournament: two units (two people, or two pairs at a partnership table). */
export interface TournamentGame {
  readonly id: TournamentGameId;
  /** Swiss: the round (from 1); Arena: null. */
  readonly round: number | null;
  readonly units: readonly [UnitId, UnitId];
  readonly pairedAt: number;
  /** The table the runner opened for it, once it has one: for watching and replaying. */
  readonly table: string | null;
  readonly result: GameResult | null;
}

/** A Swiss round as paired: its games are in `games` with this round's number. */
export interface SwissRound {
  readonly number: number;
  readonly pairedAt: number;
  /** The unit left out of an odd count; it scores a win (rules.md, "Swiss"). */
  readonly bye: UnitId | null;
}

export const STATUSES = ['created', 'running', 'finished'] as const;
export type Status = (typeof STATUSES)[number];
/** Why a finished tournament ended: as planned, with fewer than two units at the start, or with no Swiss pairing left without a repeat. */
export const END_REASONS = ['completed', 'tooFewPlayers', 'noPairing'] as const;
export type EndReason = (typeof END_REASONS)[number];

/**
 * A tournament, as plain readonly data: it goes to a store and to JSON as it is. `version` grows
 * by one with every change, so a runner writes a change only on the version it was made on.
 */
export interface Tournament {
  readonly id: TournamentId;
  readonly version: number;
  readonly createdBy: PlayerId;
  readonly createdAt: number;
  readonly settings: TournamentSettings;
  readonly status: Status;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly endReason: EndReason | null;
  /** In entry order: a unit's number is its place here plus one. */
  readonly units: readonly Unit[];
  /** In pairing order. */
  readonly games: readonly TournamentGame[];
  /** Swiss: the rounds paired so far; Arena: always empty. */
  readonly rounds: readonly SwissRound[];
  /** Tournaments of pairs: the asks to partner not yet answered (absent in tournaments stored before them: none). */
  readonly offers?: readonly PairOffer[];
}
