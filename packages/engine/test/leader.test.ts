import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type RulesInput,
  apply,
  dealFromSeed,
  dealHand,
  highestDoubleLead,
  leaderChoice,
  legalActions,
  newGame,
  randomDeal,
  seededRandom,
  startHand,
  view,
} from '../src/index.ts';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays the hand out with the first legal action of the seat on turn. */
function playOut(state: GameState): GameState {
  let s = state;
  while (s.status === 'playing' && s.hand !== null) {
    const [action] = legalActions(view(s, s.hand.turn));
    if (action === undefined) throw new Error('no legal action');
    s = unwrap(apply(s, action));
  }
  return s;
}

const TABLES: RulesInput[] = [
  { preset: 'allFives', players: 2 },
  { preset: 'allFives150', players: 3 },
  { preset: 'partners', players: 4, nextLeader: 'nextSeat' },
  { preset: 'muggins', players: 4, nextLeader: 'highestDouble' },
  { preset: 'draw', players: 2, firstLeader: 'highestDouble' },
];

describe('dealHand', () => {
  it('from a seed: the deal dealFromSeed makes, led by the rules or by the seed when they leave it to chance', () => {
    for (const rules of TABLES) {
      let state = unwrap(newGame(rules));
      for (let h = 0; h < 6 && state.status === 'dealing'; h++) {
        const seed = `lead:${rules.preset}:${h}`;
        const made = dealFromSeed(state.rules, seed);
        const { deal, leader } = dealHand(state, seed);
        expect(deal).toEqual(made.deal);
        const rule = state.hand === null ? state.rules.firstLeader : state.rules.nextLeader;
        const out = state.hand?.end?.out ?? null;
        const expected =
          rule === 'highestDouble'
            ? highestDoubleLead(deal).seat
            : rule === 'nextSeat'
              ? ((state.hand?.leader ?? -1) + 1) % state.rules.players
              : rule === 'winner' && out !== null
                ? out
                : made.randomLeader;
        expect(leader).toBe(expected);
        state = playOut(unwrap(startHand(state, deal, leader)));
      }
    }
  });

  it('from a random source: a shuffle, then a draw for the leader only when the rules leave it to chance', () => {
    for (const rules of TABLES) {
      const state = unwrap(newGame(rules));
      const ours = seededRandom(`source:${rules.preset}`);
      const theirs = seededRandom(`source:${rules.preset}`);
      const { deal, leader } = dealHand(state, ours);
      expect(deal).toEqual(randomDeal(state.rules, theirs));
      if (state.rules.firstLeader === 'random') expect(leader).toBe(theirs.int(state.rules.players));
      else expect(leader).toBe(highestDoubleLead(deal).seat);
      // The source is left exactly where the old deal-then-draw left it.
      expect(ours.int(1_000_000)).toBe(theirs.int(1_000_000));
    }
  });
});

describe('leaderChoice', () => {
  const rules = unwrap(newGame({ preset: 'allFives', players: 3, nextLeader: 'nextSeat' })).rules;
  const deal = dealFromSeed(rules, 'choice').deal;

  it('follows the hand before: the next seat after its leader, the seat that went out', () => {
    expect(leaderChoice(rules, deal, { leader: 2, out: 1 })).toEqual({ kind: 'decided', seat: 0, forcedTile: null });
    const winner = { ...rules, nextLeader: 'winner' as const };
    expect(leaderChoice(winner, deal, { leader: 2, out: 1 })).toEqual({ kind: 'decided', seat: 1, forcedTile: null });
    expect(leaderChoice(winner, deal, { leader: 2, out: null })).toEqual({ kind: 'random' });
  });

  it("after a blocked Latin hand: the winning pair's player with fewest pips; on a tie, the same leader; without the pips, undecided", () => {
    const latin = unwrap(newGame({ preset: 'latin', players: 4 })).rules;
    const latinDeal = dealFromSeed(latin, 'latin').deal;
    const lead = (pips: number[], leader: number): unknown => leaderChoice(latin, latinDeal, { leader, out: null, pips });
    // Pairs 0+2 = 3 + 9 = 12 against 1+3 = 20: seat 0, the lighter of the pair.
    expect(lead([3, 10, 9, 10], 1)).toEqual({ kind: 'decided', seat: 0, forcedTile: null });
    // Pair 1+3 wins, seat 3 lighter than seat 1 though seat 1 is first in turn.
    expect(lead([10, 8, 10, 2], 0)).toEqual({ kind: 'decided', seat: 3, forcedTile: null });
    // Seats 1 and 3 hold as many: the first of them in turn from the leader (seat 2) is seat 3.
    expect(lead([10, 4, 10, 4], 2)).toEqual({ kind: 'decided', seat: 3, forcedTile: null });
    // The pairs tie: the leader leads again.
    expect(lead([5, 10, 15, 10], 2)).toEqual({ kind: 'decided', seat: 2, forcedTile: null });
    expect(leaderChoice(latin, latinDeal, { leader: 2, out: null })).toBeNull();
    expect(leaderChoice(latin, latinDeal, { leader: 2, out: 1 })).toEqual({ kind: 'decided', seat: 1, forcedTile: null });
    // The first hand: the double six's holder, with it.
    const { seat, tile } = highestDoubleLead(latinDeal);
    expect(leaderChoice(latin, latinDeal, null)).toEqual({ kind: 'decided', seat, forcedTile: tile });
    expect(tile).toBe(27);
  });

  it('without the hand before, decides only the rules that do not need it', () => {
    expect(leaderChoice(rules, deal, 'unknown')).toBeNull();
    expect(leaderChoice({ ...rules, nextLeader: 'winner' }, deal, 'unknown')).toBeNull();
    const { seat, tile } = highestDoubleLead(deal);
    expect(leaderChoice({ ...rules, nextLeader: 'highestDouble' }, deal, 'unknown')).toEqual({ kind: 'decided', seat, forcedTile: tile });
    // A game's first hand never depends on a hand before it.
    expect(leaderChoice(rules, deal, null)).toEqual({ kind: 'random' });
  });
});
