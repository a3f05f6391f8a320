import { sideOf } from '@fives/engine';
import type { GameSummary, PlayerId } from '@fives/protocol';

/**
 * How one of a player's games went for them: their seat, whether they won (their side did, and
 * they did not leave it), whether they left it (a stand-in finished it: a loss), and the scores.
 */
export interface Outcome {
  readonly seat: number;
  readonly won: boolean;
  readonly left: boolean;
  readonly mine: number;
  /** The best score on another side. */
  readonly theirs: number;
}

export function outcomeFor(game: GameSummary, player: PlayerId): Outcome | null {
  const seat = game.seats.find((s) => s.kind === 'human' && s.playerId === player);
  if (seat === undefined) return null;
  const side = sideOf(game.rules, seat.seat);
  const others = game.seats.filter((s) => sideOf(game.rules, s.seat) !== side).map((s) => s.score);
  const left = seat.kind === 'human' && seat.left === true;
  return { seat: seat.seat, won: game.winner === side && !left, left, mine: seat.score, theirs: Math.max(...others) };
}

/** Wins less losses after each game, oldest first: what the chart draws. */
export function runningBalance(games: readonly GameSummary[], player: PlayerId): { at: string; won: boolean; balance: number; id: string }[] {
  let balance = 0;
  const out: { at: string; won: boolean; balance: number; id: string }[] = [];
  for (const g of games.slice().sort((a, b) => a.finishedAt.localeCompare(b.finishedAt) || a.id.localeCompare(b.id))) {
    const o = outcomeFor(g, player);
    if (o === null) continue;
    balance += o.won ? 1 : -1;
    out.push({ at: g.finishedAt, won: o.won, balance, id: g.id });
  }
  return out;
}

export interface GameFilter {
  readonly preset: string;
  readonly players: number | null;
}

export function matches(game: GameSummary, f: GameFilter): boolean {
  return (f.preset === '' || game.rules.preset === f.preset) && (f.players === null || game.rules.players === f.players);
}
