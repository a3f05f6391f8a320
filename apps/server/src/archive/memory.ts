import {
  type ArchivedGame,
  type GameId,
  type GameSummary,
  type LeaderboardEntry,
  type PlayerGames,
  type PlayerId,
  type PlayerProfile,
  RATING_HISTORY_LIMIT,
  type Rating,
  type RatingHistory,
  type RatingPoint,
  gamesCursor,
  readGamesCursor,
} from '@fives/protocol';
import type { GameArchive, GamesPage, Written } from './archive.ts';
import { type StoredRating, keyOf, leaderboardOrder, leaderboardStanding, leaversOf, rateArchived, ratedPeople, ratingAt } from './ratings.ts';
import { type SeatLine, seatLines } from './seat-lines.ts';
import { bestHandOf, groupLines, statsOf } from './stats.ts';

interface PlayerRow {
  name: string;
  /** The finish of the game the name was last seen in (the latest game's name wins). */
  nameAt: number;
  firstSeen: string;
  lastSeen: string;
}

/**
 * The archive in this process's memory, for a server without DATABASE_URL: the same API as
 * PostgreSQL's, lost when the process stops (the server says so at start, as it does of the
 * memory store). Games are kept as JSON text, so nothing outside can change one once written.
 */
export class MemoryArchive implements GameArchive {
  readonly kind = 'memory';
  readonly durable = false;
  private readonly games = new Map<GameId, string>();
  private readonly players = new Map<PlayerId, PlayerRow>();
  /** Each player's lines, newest first (finish, then game id). */
  private readonly lines = new Map<PlayerId, SeatLine[]>();
  private readonly forgotten = new Set<PlayerId>();
  /** Ratings by key, then player. */
  private readonly ratingsByKey = new Map<string, Map<PlayerId, StoredRating>>();
  /** When each player left rated games (the games' finishes, ms), in the order written. */
  private readonly leavesOf = new Map<PlayerId, number[]>();
  /** Each player's rating after each rated game, by key, in the order rated. */
  private readonly history = new Map<PlayerId, Map<string, RatingPoint[]>>();

  /** `now`: the clock the RD's idle growth and the leaderboard's 90 days are counted on. */
  constructor(private readonly now: () => number = Date.now) {}

  async write(written: ArchivedGame): Promise<Written> {
    if (this.games.has(written.id)) return 'exists';
    const lines = seatLines(written);
    // A person who deleted their account while the game was played is kept as a deleted player.
    const game = maskDeleted(written, this.forgotten);
    this.games.set(game.id, JSON.stringify(game));
    for (const s of game.seats) {
      if (s.kind !== 'human') continue;
      const at = Date.parse(game.finishedAt);
      const row = this.players.get(s.playerId);
      if (row === undefined) {
        this.players.set(s.playerId, { name: s.name, nameAt: at, firstSeen: game.startedAt, lastSeen: game.finishedAt });
      } else {
        if (at >= row.nameAt) Object.assign(row, { name: s.name, nameAt: at });
        if (Date.parse(game.startedAt) < Date.parse(row.firstSeen)) row.firstSeen = game.startedAt;
        if (at > Date.parse(row.lastSeen)) row.lastSeen = game.finishedAt;
      }
    }
    for (const line of lines) {
      const list = this.lines.get(line.playerId) ?? [];
      list.push(line);
      list.sort(newestFirst);
      this.lines.set(line.playerId, list);
    }
    this.rate(game);
    for (const id of leaversOf(game)) this.leavesOf.set(id, [...(this.leavesOf.get(id) ?? []), Date.parse(game.finishedAt)]);
    return 'written';
  }

  async game(id: GameId): Promise<ArchivedGame | null> {
    const text = this.games.get(id);
    return text === undefined ? null : maskDeleted(JSON.parse(text) as ArchivedGame, this.forgotten);
  }

  async player(id: PlayerId): Promise<PlayerProfile | null> {
    const row = this.players.get(id);
    if (row === undefined) return null;
    const lines = this.lines.get(id) ?? [];
    const ratings: Record<string, Rating> = {};
    for (const [key, byPlayer] of this.ratingsByKey) {
      const s = byPlayer.get(id);
      if (s !== undefined) ratings[key] = ratingAt(s, this.now());
    }
    const profile = { id, name: row.name, since: row.firstSeen, lastSeen: row.lastSeen, stats: statsOf(groupLines(lines), bestHandOf(lines)), ratings };
    return this.forgotten.has(id) ? { ...profile, name: '', deleted: true } : profile;
  }

  async ratingHistory(id: PlayerId): Promise<RatingHistory | null> {
    if (!this.players.has(id)) return null;
    const history: Record<string, RatingPoint[]> = {};
    for (const [key, points] of this.history.get(id) ?? []) {
      history[key] = points.toSorted((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.gameId < b.gameId ? -1 : 1)).slice(-RATING_HISTORY_LIMIT);
    }
    return { history };
  }

  async leaves(id: PlayerId, sinceMs: number): Promise<number[]> {
    return (this.leavesOf.get(id) ?? []).filter((at) => at >= sinceMs).toSorted((a, b) => b - a);
  }

  async ratings(ids: readonly PlayerId[], key: string): Promise<Map<PlayerId, Rating>> {
    const byPlayer = this.ratingsByKey.get(key);
    const out = new Map<PlayerId, Rating>();
    for (const id of ids) {
      const s = byPlayer?.get(id);
      if (s !== undefined) out.set(id, ratingAt(s, this.now()));
    }
    return out;
  }

  async leaderboard(key: string, limit: number): Promise<LeaderboardEntry[]> {
    const now = this.now();
    const rows = [...(this.ratingsByKey.get(key) ?? [])]
      // A deleted account's rating leaves the board with its name.
      .filter(([playerId, s]) => leaderboardStanding(s, now) !== null && !this.forgotten.has(playerId))
      .map(([playerId, s]) => ({ playerId, name: this.players.get(playerId)?.name ?? '', provisional: leaderboardStanding(s, now) === 'provisional', ...ratingAt(s, now) }))
      .toSorted(leaderboardOrder)
      .slice(0, limit);
    return rows.map((r, i) => ({ rank: i + 1, playerId: r.playerId, name: r.name, rating: r.rating, rd: r.rd, games: r.games, provisional: r.provisional }));
  }

  /** The game's rating period, in the write's one step (this process does one thing at a time). */
  private rate(game: ArchivedGame): void {
    const people = ratedPeople(game);
    if (people === null) return;
    const key = keyOf(game);
    const byPlayer = this.ratingsByKey.get(key) ?? new Map<PlayerId, StoredRating>();
    this.ratingsByKey.set(key, byPlayer);
    const after = rateArchived(game, people, byPlayer);
    for (const [playerId, s] of after) {
      byPlayer.set(playerId, s);
      const mine = this.history.get(playerId) ?? new Map<string, RatingPoint[]>();
      this.history.set(playerId, mine);
      const points = mine.get(key) ?? [];
      points.push({ gameId: game.id, at: game.finishedAt, rating: s.glicko.rating, rd: s.glicko.rd });
      mine.set(key, points);
    }
  }

  async playerGames(id: PlayerId, page: GamesPage): Promise<PlayerGames | null> {
    if (!this.players.has(id)) return null;
    const all = this.lines.get(id) ?? [];
    const after = page.before === null ? null : readGamesCursor(page.before);
    const older = after === null ? all : all.filter((l) => isOlder(l, after.finishedAtMs, after.id));
    const taken = older.slice(0, page.limit);
    const games = await Promise.all(taken.map(async (l) => summaryOf((await this.game(l.gameId)) as ArchivedGame)));
    const last = games.at(-1);
    return { games, next: older.length > page.limit && last !== undefined ? gamesCursor(last.finishedAt, last.id) : null };
  }

  async rename(id: PlayerId, name: string, at: Date): Promise<boolean> {
    const row = this.players.get(id);
    if (row === undefined || this.forgotten.has(id)) return false;
    Object.assign(row, { name, nameAt: at.getTime() });
    return true;
  }

  async forget(id: PlayerId): Promise<void> {
    this.forgotten.add(id);
    const row = this.players.get(id);
    if (row !== undefined) row.name = '';
    // The name is gone from the kept games too, not only hidden when they are read.
    for (const line of this.lines.get(id) ?? []) {
      const text = this.games.get(line.gameId);
      if (text !== undefined) this.games.set(line.gameId, JSON.stringify(maskDeleted(JSON.parse(text) as ArchivedGame, this.forgotten)));
    }
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}

/** The game with the seats of deleted accounts shown as deleted players (no name). */
export function maskDeleted<G extends GameSummary>(game: G, deleted: ReadonlySet<PlayerId>): G {
  if (!game.seats.some((s) => s.kind === 'human' && deleted.has(s.playerId))) return game;
  return { ...game, seats: game.seats.map((s) => (s.kind === 'human' && deleted.has(s.playerId) ? { ...s, name: '', deleted: true as const } : s)) };
}

/** The game without its record: an entry of a player's list. */
export function summaryOf(game: ArchivedGame): GameSummary {
  const { record: _record, ...summary } = game;
  return summary;
}

function newestFirst(a: SeatLine, b: SeatLine): number {
  return Date.parse(b.finishedAt) - Date.parse(a.finishedAt) || (a.gameId < b.gameId ? 1 : a.gameId > b.gameId ? -1 : 0);
}

function isOlder(l: SeatLine, ms: number, id: GameId): boolean {
  const at = Date.parse(l.finishedAt);
  return at < ms || (at === ms && l.gameId < id);
}
