import { type GameId, type PlayerStats, rulesKey } from '@fives/protocol';
import type { SeatLine } from './seat-lines.ts';

/** A player's seat lines added up for one preset and player count (what PostgreSQL's GROUP BY gives). */
export interface StatsGroup {
  readonly preset: string;
  readonly players: number;
  readonly games: number;
  readonly wins: number;
  readonly hands: number;
  readonly points: number;
  readonly countsScored: number;
  readonly mugginsMade: number;
  readonly mugginsMissed: number;
}

export interface BestHand {
  readonly points: number;
  readonly gameId: GameId;
}

/** The stats of the API from the groups and the best hand: the one place both archives shape them. */
export function statsOf(groups: readonly StatsGroup[], best: BestHand | null): PlayerStats {
  const sum = (f: (g: StatsGroup) => number): number => groups.reduce((n, g) => n + f(g), 0);
  const hands = sum((g) => g.hands);
  const byRules: PlayerStats['byRules'] = {};
  for (const g of groups) byRules[rulesKey(g.preset, g.players)] = { games: g.games, wins: g.wins };
  return {
    games: sum((g) => g.games),
    wins: sum((g) => g.wins),
    byRules,
    hands,
    pointsPerHand: hands === 0 ? 0 : Math.round((sum((g) => g.points) / hands) * 100) / 100,
    countsScored: sum((g) => g.countsScored),
    muggins: { made: sum((g) => g.mugginsMade), missed: sum((g) => g.mugginsMissed) },
    bestHand: best,
  };
}

/** The lines grouped as `statsOf` takes them (the memory archive's GROUP BY). */
export function groupLines(lines: readonly SeatLine[]): StatsGroup[] {
  const groups = new Map<string, StatsGroup>();
  for (const l of lines) {
    const key = rulesKey(l.preset, l.players);
    const g = groups.get(key) ?? { preset: l.preset, players: l.players, games: 0, wins: 0, hands: 0, points: 0, countsScored: 0, mugginsMade: 0, mugginsMissed: 0 };
    groups.set(key, {
      ...g,
      games: g.games + 1,
      wins: g.wins + (l.won ? 1 : 0),
      hands: g.hands + l.hands,
      points: g.points + l.points,
      countsScored: g.countsScored + l.countsScored,
      mugginsMade: g.mugginsMade + l.mugginsMade,
      mugginsMissed: g.mugginsMissed + l.mugginsMissed,
    });
  }
  return [...groups.values()];
}

/** The best hand: most points, the earliest game on a tie (then the lower id); none without a hand. */
export function bestHandOf(lines: readonly SeatLine[]): BestHand | null {
  let best: SeatLine | null = null;
  for (const l of lines) {
    if (l.hands === 0) continue;
    if (best === null || l.bestHand > best.bestHand || (l.bestHand === best.bestHand && olderFirst(l, best) < 0)) best = l;
  }
  return best === null ? null : { points: best.bestHand, gameId: best.gameId };
}

function olderFirst(a: SeatLine, b: SeatLine): number {
  return Date.parse(a.finishedAt) - Date.parse(b.finishedAt) || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0);
}
