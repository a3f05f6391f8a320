import type { ArchivedGame, GameId, GamesCursor, LeaderboardEntry, PlayerGames, PlayerId, PlayerProfile, Rating, RatingHistory } from '@fives/protocol';

/** A page of a player's games: strictly older than `before` (none: from the newest), at most `limit`. */
export interface GamesPage {
  readonly before: GamesCursor | null;
  readonly limit: number;
}

/** What writing a finished game did: wrote it, or found it written already (by this node or another). */
export type Written = 'written' | 'exists';

/**
 * Where finished games are kept for good: PostgreSQL (durable, shared by every node) or this
 * process's memory (lost at exit). Both pass `test/archive.contract.ts`. Every game is written
 * through the archive job (`archiveGame`), which may run more than once and on two nodes at
 * once: `write` is idempotent by game id, and a rated game is rated in the same step as it is
 * written, so exactly once.
 */
export interface GameArchive {
  readonly kind: 'postgres' | 'memory';
  readonly durable: boolean;
  write(game: ArchivedGame): Promise<Written>;
  game(id: GameId): Promise<ArchivedGame | null>;
  /** Null for a player with no archived game. */
  player(id: PlayerId): Promise<PlayerProfile | null>;
  /** Newest first (finish time, then game id); null for a player with no archived game. */
  playerGames(id: PlayerId, page: GamesPage): Promise<PlayerGames | null>;
  /**
   * A deleted account: its name is forgotten and every seat of it shows as a deleted player
   * (`deleted: true`, name ""), in its games and profile; the games themselves stay.
   */
  forget(id: PlayerId): Promise<void>;
  /** An operator's new name for the player, shown on their page and the leaderboards from now on (their archived games keep the names they played under); false: no such player. */
  rename(id: PlayerId, name: string, at: Date): Promise<boolean>;
  /** Their rating after each rated game, per key, oldest first; null for a player with no archived game. */
  ratingHistory(id: PlayerId): Promise<RatingHistory | null>;
  /**
   * When they left rated games (each game's finish, ms), at or after `sinceMs`, newest first:
   * what a queue ban is counted from. Written with the game (so once, however many nodes archive it).
   */
  leaves(id: PlayerId, sinceMs: number): Promise<number[]>;
  /** These people's ratings of `key` as of now (RD grown by idle days); a person never rated is missing. */
  ratings(ids: readonly PlayerId[], key: string): Promise<Map<PlayerId, Rating>>;
  /** The best `limit` ratings of `key` with RD (as of now) ≤ SHOWN_RD and a rated game in the last LEADERBOARD_DAYS. */
  leaderboard(key: string, limit: number): Promise<LeaderboardEntry[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
