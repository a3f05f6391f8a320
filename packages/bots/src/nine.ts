import { MAX_PIP, MAX_PIP_NINE, type RandomSource, type TableView, type Tile, high, isDouble, low, maxPipOf, parseTile, pips } from '@fives/engine';
import { pickBest } from './plays.ts';
import type { PlayAction } from './policy.ts';

/**
 * The computer players on a double-nine set (the Cuban game, docs/rules.md#the-cuban-game).
 * Their seat view (seat-view.ts), the hints they read and the in-place Playout the expert and
 * the analysis search with hold a hand in one 32-bit word, which a set of 55 tiles does not fit;
 * until they hold two, every level decides a double-nine play here, from the table view alone,
 * by what a careful partnership player weighs. The only double-nine preset scores nothing
 * during a hand (rules.ts refuses any other variant on the set), so no play has points now and
 * the greedy player's choice is simply its heaviest tile.
 */

/** Whether the view's game is played with a double-nine set. */
export function onDoubleNine(view: TableView): boolean {
  return maxPipOf(view.rules) !== MAX_PIP;
}

function tileOf(text: string): Tile {
  return (parseTile(text, MAX_PIP_NINE) as { tile: Tile }).tile;
}

/** What a double-nine player weighs, in pips: see `nineValue`. */
export interface NineWeights {
  readonly pip: number;
  readonly double: number;
  readonly follow: number;
  readonly stuck: number;
  /** Per end the play leaves showing a number the seat holds most of (it can answer there again). */
  readonly command: number;
}

export const NINE_WEIGHTS: NineWeights = { pip: 0.5, double: 4, follow: 1.5, stuck: 8, command: 1 };

/** The numbers the open ends show after `play` (a lead shows both its halves). */
export function endsAfter(view: TableView, play: PlayAction): number[] {
  const hand = view.hand;
  if (hand === null) return [];
  const t = play.tile;
  if (hand.ends.length === 0 || play.end === undefined) return [low(t), high(t)];
  return hand.ends.map(({ end, pips: shown }) => (end === play.end ? (low(t) === shown ? high(t) : low(t)) : shown));
}

/**
 * A defensive value for a play on a double-nine set: get rid of heavy tiles and doubles (what
 * the other pair scores if it goes out or wins a block; a double fits one number only), keep
 * tiles that still fit the ends the play leaves (not to pass), and leave ends showing the
 * numbers the seat holds most of.
 */
export function nineValue(view: TableView, play: PlayAction, w: NineWeights = NINE_WEIGHTS): number {
  const mine = (view.hand?.tiles ?? []).map(tileOf).filter((t) => t !== play.tile);
  const ends = endsAfter(view, play);
  const open = new Set(ends);
  let follow = 0;
  const held = new Map<number, number>();
  for (const t of mine) {
    if (open.has(low(t)) || open.has(high(t))) follow++;
    held.set(low(t), (held.get(low(t)) ?? 0) + 1);
    if (!isDouble(t)) held.set(high(t), (held.get(high(t)) ?? 0) + 1);
  }
  const command = ends.reduce((sum, n) => sum + Math.min(held.get(n) ?? 0, 3), 0);
  return w.pip * pips(play.tile) + (isDouble(play.tile) ? w.double : 0) + w.follow * Math.min(follow, 4) - (mine.length > 0 && follow === 0 ? w.stuck : 0) + w.command * command;
}

/** How a level picks a double-nine play, from the table view alone. */
export type ChooseNine = (view: TableView, plays: readonly PlayAction[], random: RandomSource) => PlayAction;

/** The greedy player's double-nine play: the heaviest tile (no play scores during the hand). */
export function nineGreedy(plays: readonly PlayAction[], random: RandomSource): PlayAction {
  return pickBest(plays, (p) => pips(p.tile), random);
}

/**
 * The defensive player's double-nine play, and (until the Playout holds two words) the expert's:
 * a search through `apply` on sampled deals was measured weaker than this (docs/bots.md).
 */
export function nineDefensive(view: TableView, plays: readonly PlayAction[], random: RandomSource): PlayAction {
  return pickBest(plays, (p) => nineValue(view, p), random);
}
