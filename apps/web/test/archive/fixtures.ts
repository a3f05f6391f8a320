import { type GameRecord, type Rules, type RulesInput, replayRecord, resolveRules, sideOf } from '@fives/engine';
import { type ArchivedGame, type GameSummary, type Leaderboard, type PlayerId, type PlayerProfile, type RatingHistory, gameIdOf, gamesCursor } from '@fives/protocol';

/** What the archive API would answer, made from real records (the engine replays them for the scores and winner). */

export const ROSA = 'p_rosa0000000' as PlayerId;
export const CLEO = 'p_cleo0000000' as PlayerId;

function rulesOf(input: RulesInput): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** An archived game from a record, Rosa in seat 0 and Cleo in seat 1 (computers in any others). */
export function archived(tableId: string, n: number, record: GameRecord, finishedAt: string): ArchivedGame {
  const out = replayRecord(record);
  const state = out.state;
  if (out.exitCode !== 0 || state === undefined || state.winner === null) throw new Error('not a finished game');
  const rules = state.rules;
  return {
    id: gameIdOf(tableId, n),
    tableId: tableId as ArchivedGame['tableId'],
    game: n,
    rules,
    startedAt: new Date(Date.parse(finishedAt) - 20 * 60_000).toISOString(),
    finishedAt,
    seats: Array.from({ length: rules.players }, (_, seat) => {
      const score = state.scores[sideOf(rules, seat)] as number;
      if (seat === 0) return { seat, kind: 'human' as const, name: 'Rosa', playerId: ROSA, score };
      if (seat === 1) return { seat, kind: 'human' as const, name: 'Cleo', playerId: CLEO, score };
      return { seat, kind: 'bot' as const, name: `Computer ${seat}`, level: 'medium' as const, score };
    }),
    winner: state.winner,
    rated: false,
    record,
  };
}

/** `count` of Rosa's games, newest first, in turn 2- and 3-player, All Fives and Block, alternately won and lost. */
export function rosasGames(count: number): GameSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const players = i % 3 === 2 ? 3 : 2;
    const preset = i % 4 === 3 ? 'block' : 'allFives';
    const rules = rulesOf({ preset, players });
    const won = i % 2 === 0;
    const finishedAt = new Date(Date.UTC(2026, 10, 30, 12) - i * 3_600_000).toISOString();
    const scores = Array.from({ length: players }, (_, seat) => (seat === 0 ? (won ? rules.target : 40) : seat === 1 && !won ? rules.target : 30 + seat));
    return {
      id: gameIdOf(`tab${String(i).padStart(5, '0')}`, 1),
      tableId: `tab${String(i).padStart(5, '0')}` as GameSummary['tableId'],
      game: 1,
      rules,
      startedAt: new Date(Date.parse(finishedAt) - 600_000).toISOString(),
      finishedAt,
      seats: scores.map((score, seat) =>
        seat === 0 ? { seat, kind: 'human' as const, name: 'Rosa', playerId: ROSA, score } : { seat, kind: 'bot' as const, name: `Bot ${seat}`, level: 'easy' as const, score },
      ),
      winner: won ? 0 : 1,
      rated: false,
    };
  });
}

export function profileOf(games: readonly GameSummary[]): PlayerProfile {
  const byRules: Record<string, { games: number; wins: number }> = {};
  let wins = 0;
  for (const g of games) {
    const key = `${g.rules.preset}/${g.rules.players}`;
    const won = g.winner === 0;
    byRules[key] = { games: (byRules[key]?.games ?? 0) + 1, wins: (byRules[key]?.wins ?? 0) + (won ? 1 : 0) };
    if (won) wins++;
  }
  return {
    id: ROSA,
    name: 'Rosa',
    since: games.at(-1)?.startedAt ?? new Date(0).toISOString(),
    lastSeen: games[0]?.finishedAt ?? new Date(0).toISOString(),
    stats: {
      games: games.length,
      wins,
      byRules,
      hands: games.length * 6,
      pointsPerHand: 21.5,
      countsScored: 140,
      muggins: { made: 2, missed: 1 },
      bestHand: games[0] ? { points: 65, gameId: games[0].id } : null,
    },
    ratings: { 'allFives/2': { rating: 1612.4, rd: 84.1, volatility: 0.0599, games: 12 } },
  };
}

/** A page of `games` as the API pages them: strictly older than `before`, at most `limit`, and the cursor of the next. */
export function pageOf(games: readonly GameSummary[], before: string | null, limit: number): { games: GameSummary[]; next: string | null } {
  const start = before === null ? 0 : games.findIndex((g) => gamesCursor(g.finishedAt, g.id) === before) + 1;
  const page = games.slice(start, start + limit);
  const last = page.at(-1);
  return { games: page, next: last !== undefined && start + limit < games.length ? gamesCursor(last.finishedAt, last.id) : null };
}

/** Rosa's rating history: twelve rated games of allFives/2 climbing to her profile's 1612 (RD narrowing), three of block/3 still unsure. */
export function rosasRatings(): RatingHistory {
  const at = (i: number): string => new Date(Date.UTC(2026, 10, 1 + i, 12)).toISOString();
  const allFives = Array.from({ length: 12 }, (_, i) => ({
    gameId: gameIdOf(`rated${String(i).padStart(3, '0')}`, 1),
    at: at(i),
    rating: 1500 + (i + 1) * 9.37,
    rd: 330 - i * 22.36,
  }));
  const block = Array.from({ length: 3 }, (_, i) => ({ gameId: gameIdOf(`block${String(i).padStart(3, '0')}`, 1), at: at(20 + i), rating: 1500 - (i + 1) * 30, rd: 300 - i * 25 }));
  return { history: { 'allFives/2': allFives, 'block/3': block } };
}

/** A leaderboard of `key` as the API answers: Rosa first, a deleted account's entry among them. */
export function leaderboardOf(preset: string, players: number): Leaderboard {
  const names = ['Rosa', 'Cleo', '', 'Iñaki'];
  return {
    key: `${preset}/${players}`,
    entries: names.map((name, i) => ({
      rank: i + 1,
      playerId: (i === 0 ? ROSA : i === 1 ? CLEO : `p_lead${i}0000000`) as PlayerId,
      name,
      rating: 1700 - i * 41.3,
      rd: 60 + i * 10,
      games: 40 - i * 7,
      provisional: false,
    })),
  };
}
