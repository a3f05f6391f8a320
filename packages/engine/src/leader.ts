import { dealFromSeed, highestDoubleLead, randomDeal } from './deal.ts';
import { assertNever } from './never.ts';
import { type RandomSource } from './random.ts';
import type { Rules } from './rules.ts';
import type { Deal, GameState, Seat } from './state.ts';
import type { Tile } from './tiles.ts';
import { blockedWinnerSeat } from './scoring.ts';
import { variantRules } from './variant.ts';

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
  /**
   * The pips left in each hand at its end: who won a blocked Latin hand. A caller that does not
   * know them leaves them out, and the lead after such a hand is then not decided.
   */
  readonly pips?: readonly number[] | undefined;
}

/**
 * The rules' choice of leader for `deal`. `previous` is null for a game's first hand, and
 * `'unknown'` when the caller never saw how the hand before ended (a client that joined late):
 * the choice is then null if it depends on that hand (or on its pips, when they are left out).
 */
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
      if (previous === null) return { kind: 'random' };
      if (previous.out !== null) return { kind: 'decided', seat: previous.out, forcedTile: null };
      return blockedLead(rules, previous);
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

/**
 * The winner's lead after a blocked hand: chance, or in the Latin game the player with fewest pips
 * of the pair with fewer (a tie between the pairs: the same leader again).
 */
function blockedLead(rules: Rules, previous: PreviousHand): LeaderChoice | null {
  const rule = variantRules(rules).blockedLead;
  switch (rule) {
    case 'random':
      return { kind: 'random' };
    case 'fewestPips': {
      if (previous.pips === undefined) return null;
      return { kind: 'decided', seat: blockedWinnerSeat(rules, previous.pips, previous.leader) ?? previous.leader, forcedTile: null };
    }
    default:
      return assertNever(rule);
  }
}

/** The rules' choice of leader for the hand `state` is about to deal. */
export function leaderFor(state: GameState, deal: Deal): LeaderChoice {
  const hand = state.hand;
  const previous = hand === null ? null : { leader: hand.leader, out: hand.end?.out ?? null, pips: hand.end?.pips };
  // Only a caller that lost the pips gets null; the state always has them.
  return leaderChoice(state.rules, deal, previous) ?? { kind: 'random' };
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
