import { type Hint, type Tile, boardRules, endIndex, hintsFor } from '@fives/engine';
import type { PlayAction } from './policy.ts';
import { type SeatView, tileOfText } from './seat-view.ts';

/** A legal play with what it would make now (counted by the bot itself, so also under Muggins). */
export interface ScoredPlay {
  readonly action: PlayAction;
  readonly tile: Tile;
  /** 0..3 (west, east, north, south), or -1 for the lead. */
  readonly end: number;
  readonly count: number;
  /** In the rules' unit. */
  readonly points: number;
}

export function scoredPlays(sv: SeatView, plays: readonly PlayAction[]): ScoredPlay[] {
  const hints = hintsFor(sv.rules, boardRules(sv.rules), sv.board, sv.mine, sv.forcedLead);
  return plays.map((action) => {
    const hint = hints.find((h: Hint) => tileOfText(h.tile) === action.tile && h.end === (action.end ?? null));
    return {
      action,
      tile: action.tile,
      end: action.end === undefined ? -1 : endIndex(action.end),
      count: hint?.count ?? 0,
      points: hint?.points ?? 0,
    };
  });
}

/** One element of the best-valued, ties broken at random. */
export function pickBest<T>(items: readonly T[], value: (item: T) => number, random: { int(bound: number): number }): T {
  let best = -Infinity;
  let top: T[] = [];
  for (const item of items) {
    const v = value(item);
    if (v > best + 1e-9) {
      best = v;
      top = [item];
    } else if (Math.abs(v - best) <= 1e-9) top.push(item);
  }
  return top[top.length === 1 ? 0 : random.int(top.length)] as T;
}
