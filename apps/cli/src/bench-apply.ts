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

interface Game {
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

/** Replays `games` random games through apply `rounds` times and times only the applies. */
export function benchApply(opts: {
  readonly rules: RulesInput;
  readonly seed: string;
  readonly games: number;
  readonly seconds: number;
  readonly now: () => number;
}): ApplyFigures {
  const random = seededRandom(opts.seed);
  const games = Array.from({ length: opts.games }, () => randomGame(opts.rules, random));
  let moves = 0;
  let elapsed = 0;
  let sink = 0;
  while (elapsed < opts.seconds * 1000) {
    const t0 = opts.now();
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
    elapsed += opts.now() - t0;
  }
  if (sink < 0) throw new Error('unreachable');
  return { games: opts.games, moves, movesPerSec: Math.round((moves * 1000) / elapsed), nsPerMove: Math.round((elapsed * 1e6) / moves) };
}
