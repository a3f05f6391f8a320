import { type Action, type GameState, type RandomSource, type RulesInput, apply, dealHand, legalActions, newGame, seededRandom, startHand, view } from '@fives/engine';

/**
 * `apply()` alone, the path every committed move of the server takes: random legal games are
 * chosen first (through the seats' views, as a table would), then only the replay of their
 * actions through `apply` is timed, so the figure is the rules engine's cost per move and not
 * the cost of choosing one.
 */
export interface ApplyFigures {
  readonly games: number;
  readonly moves: number;
  readonly movesPerSec: number;
  readonly nsPerMove: number;
}

export interface Game {
  readonly start: GameState;
  /** Per hand: the state it was dealt in, then the actions played on it. */
  readonly hands: readonly { readonly dealt: GameState; readonly actions: readonly Action[] }[];
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function randomGame(rules: RulesInput, random: RandomSource): Game {
  const start = unwrap(newGame(rules));
  let state = start;
  const hands: { dealt: GameState; actions: Action[] }[] = [];
  while (state.status !== 'over' && hands.length < 200) {
    const { deal, leader } = dealHand(state, random);
    state = unwrap(startHand(state, deal, leader));
    const hand = { dealt: state, actions: [] as Action[] };
    hands.push(hand);
    while (state.status === 'playing') {
      const turn = state.hand?.turn ?? 0;
      const options = legalActions(view(state, turn)).filter((a) => a.type !== 'muggins');
      const action = options[random.int(options.length)] as Action;
      hand.actions.push(action);
      state = unwrap(apply(state, action));
    }
  }
  return { start, hands };
}

/** `count` random legal games of `rules` from `seed`, chosen beforehand so that only `apply` is timed. */
export function applyGames(rules: RulesInput, seed: string, count: number): readonly Game[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => randomGame(rules, random));
}

/** Replays `games` through apply until `seconds` have passed, timing only the applies. */
export function timeApply(games: readonly Game[], seconds: number, now: () => number): ApplyFigures {
  let moves = 0;
  let elapsed = 0;
  let sink = 0;
  while (elapsed < seconds * 1000) {
    const t0 = now();
    for (const g of games) {
      for (const h of g.hands) {
        let state = h.dealt;
        for (const a of h.actions) {
          const r = apply(state, a);
          if (!r.ok) throw new Error(r.error.message);
          state = r.value;
        }
        moves += h.actions.length;
        sink += state.scores[0] as number;
      }
    }
    elapsed += now() - t0;
  }
  if (sink < 0) throw new Error('unreachable');
  return { games: games.length, moves, movesPerSec: Math.round((moves * 1000) / elapsed), nsPerMove: Math.round((elapsed * 1e6) / moves) };
}
