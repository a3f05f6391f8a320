import { type GameSummary, type Glicko, LEADERBOARD_DAYS, NEW_RATING, type PlayerId, type Rating, SHOWN_RD, idle, idlePeriods, rateGame, ratingKey } from '@fives/protocol';

/** A rating as the archives keep it: as of its last rated game (`lastAtMs`), before any idle growth. */
export interface StoredRating {
  readonly glicko: Glicko;
  readonly games: number;
  readonly lastAtMs: number | null;
}

export const NEW_STORED: StoredRating = { glicko: NEW_RATING, games: 0, lastAtMs: null };

export interface RatedPerson {
  readonly playerId: PlayerId;
  readonly seat: number;
  readonly score: number;
  /** They left the game and a stand-in finished it: a loss against every opponent. */
  readonly left: boolean;
}

/**
 * The people a game is rated for, in player id order (the order both archives lock their rating
 * rows in), or null when it is not rated: not marked so, a computer in a seat, or fewer than two
 * people (nobody to be rated against).
 */
export function ratedPeople(game: GameSummary): RatedPerson[] | null {
  if (!game.rated) return null;
  const people: RatedPerson[] = [];
  for (const s of game.seats) {
    if (s.kind !== 'human') return null;
    people.push({ playerId: s.playerId, seat: s.seat, score: s.score, left: s.left === true });
  }
  if (people.length < 2 || new Set(people.map((p) => p.playerId)).size !== people.length) return null;
  return people.toSorted((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
}

/**
 * The people who left the game when it counted (a rated game, not aborted): each one leave
 * toward a queue ban (`lobby/queue-bans.ts`), written with the game, so once.
 */
export function leaversOf(game: GameSummary): PlayerId[] {
  return (ratedPeople(game) ?? []).flatMap((p) => (p.left ? [p.playerId] : []));
}

/** The game's rating key. */
export function keyOf(game: GameSummary): string {
  return ratingKey(game.rules.preset, game.rules.players);
}

/** Each person's rating after the game, from their ratings before it (missing: new). */
export function rateArchived(game: GameSummary, people: readonly RatedPerson[], before: ReadonlyMap<PlayerId, StoredRating>): Map<PlayerId, StoredRating> {
  const at = Date.parse(game.finishedAt);
  const stored = (id: PlayerId): StoredRating => before.get(id) ?? NEW_STORED;
  const after = rateGame(
    people.map((p) => ({ seat: p.seat, score: p.score, left: p.left, before: stored(p.playerId).glicko, lastAtMs: stored(p.playerId).lastAtMs })),
    game.rules.partnerships,
    at,
  );
  return new Map(
    people.map((p) => {
      const s = stored(p.playerId);
      // A game archived late (after a later one of theirs) does not move their last game back.
      const lastAtMs = s.lastAtMs === null ? at : Math.max(s.lastAtMs, at);
      return [p.playerId, { glicko: after.get(p.seat) ?? s.glicko, games: s.games + 1, lastAtMs }];
    }),
  );
}

/** The rating as the API shows it at `nowMs`: the RD grown by the whole idle days since its last game. */
export function ratingAt(s: StoredRating, nowMs: number): Rating {
  const g = idle(s.glicko, idlePeriods(s.lastAtMs, nowMs));
  return { rating: g.rating, rd: g.rd, volatility: g.volatility, games: s.games };
}

/**
 * Where a rating stands on the leaderboard at `nowMs`: with a rated game within LEADERBOARD_DAYS,
 * 'sure' (RD at most SHOWN_RD) or 'provisional' (listed below the sure ones, so that a young
 * site's board is not empty); null, not listed.
 */
export function leaderboardStanding(s: StoredRating, nowMs: number): 'sure' | 'provisional' | null {
  if (s.games === 0 || s.lastAtMs === null || s.lastAtMs < nowMs - LEADERBOARD_DAYS * DAY_MS) return null;
  return ratingAt(s, nowMs).rd <= SHOWN_RD ? 'sure' : 'provisional';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sure ratings before provisional ones; then best first; equal ratings: more games, then the lower player id. */
export function leaderboardOrder(
  a: { provisional: boolean; rating: number; games: number; playerId: string },
  b: { provisional: boolean; rating: number; games: number; playerId: string },
): number {
  return Number(a.provisional) - Number(b.provisional) || b.rating - a.rating || b.games - a.games || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0);
}
