import { dealFromSeed, highestDoubleLead, randomDeal } from './deal.ts';
import { assertNever } from './never.ts';
import { type RandomSource } from './random.ts';
import type { Rules } from './rules.ts';
import type { Deal, GameState, Seat } from './state.ts';
import type { Tile } from './tiles.ts';

/**
 * Who leads a hand (docs/rules.md#who-leads): the one rule the dealer, practice, the arena and
 * the fairness checker all follow, so a deal checked by a client is led as the server led it.
 */

/** Who leads the coming hand: decided by the rules, or left to chance (the caller draws it). */
export type LeaderChoice = { readonly kind: 'decided'; readonly seat: Seat; readonly forcedTile: Tile | null } | { readonly kind: 'random' };

/** What the lead of a hand can depend on in the hand before it, in the same game. */
export interface PreviousHand {
  readonly leader: Seat;
  /** The seat that went out, or null when the hand was blocked. */
  readonly out: Seat | null;
}

/**
 * The rules' choice of leader for `deal`. `previous` is null for a game's first hand, and
 * `'unknown'` when the caller never saw how the hand before ended (a client that joined late):
 * the choice is then null if it depends on that hand.
 */
export function leaderChoice(rules: Rules, deal: Deal, previous: PreviousHand | null): LeaderChoice;
export function leaderChoice(rules: Rules, deal: Deal, previous: PreviousHand | null | 'unknown'): LeaderChoice | null;
export function leaderChoice(rules: Rules, deal: Deal, previous: PreviousHand | null | 'unknown'): LeaderChoice | null {
  const rule = previous === null ? rules.firstLeader : rules.nextLeader;
  switch (rule) {
    case 'random':
      return { kind: 'random' };
    case 'highestDouble': {
      const { seat, tile } = highestDoubleLead(deal);
      return { kind: 'decided', seat, forcedTile: tile };
    }
    case 'winner': {
      if (previous === 'unknown') return null;
      const out = previous?.out ?? null;
      return out === null ? { kind: 'random' } : { kind: 'decided', seat: out, forcedTile: null };
    }
    case 'nextSeat': {
      if (previous === 'unknown') return null;
      const seat = previous === null ? 0 : (previous.leader + 1) % rules.players;
      return { kind: 'decided', seat, forcedTile: null };
    }
    default:
      return assertNever(rule);
  }
}

/** The rules' choice of leader for the hand `state` is about to deal. */
export function leaderFor(state: GameState, deal: Deal): LeaderChoice {
  const hand = state.hand;
  return leaderChoice(state.rules, deal, hand === null ? null : { leader: hand.leader, out: hand.end?.out ?? null });
}

export interface DealtHand {
  readonly deal: Deal;
  readonly leader: Seat;
}

/**
 * Deals the next hand of `state` and names its leader: how every hand is dealt, on the server,
 * in practice, in the arena and in tests. From a seed, the deal `dealFromSeed` makes and, when
 * the rules leave the lead to chance, its random leader (what a fairness proof remakes); from a
 * random source, a shuffle, then one more draw for the leader only when the rules leave it to
 * chance. Pass the result to `startHand`.
 */
export function dealHand(state: GameState, from: string | RandomSource): DealtHand {
  if (typeof from === 'string') {
    const { deal, randomLeader } = dealFromSeed(state.rules, from);
    const choice = leaderFor(state, deal);
    return { deal, leader: choice.kind === 'decided' ? choice.seat : randomLeader };
  }
  const deal = randomDeal(state.rules, from);
  const choice = leaderFor(state, deal);
  return { deal, leader: choice.kind === 'decided' ? choice.seat : from.int(state.rules.players) };
}
