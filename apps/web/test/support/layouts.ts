import {
  type Action,
  type End,
  type GameState,
  type LayoutView,
  type RandomSource,
  type ViewEvent,
  apply,
  dealHand,
  legalActions,
  newGame,
  seededRandom,
  startHand,
  view,
} from '@fives/engine';

/** What the board is given after one move: the layout, the log it came from and the open ends. */
export interface Moment {
  readonly layout: LayoutView;
  readonly log: readonly ViewEvent[];
  readonly open: readonly End[];
}

/**
 * How the seats choose among their legal moves. `random` plays like nobody in particular; the
 * others pile every tile they can on one end, which makes the longest arms the rules allow.
 */
export type Style = 'random' | 'east' | 'sides';

const PREFERRED: Record<Exclude<Style, 'random'>, readonly End[]> = { east: ['east', 'west'], sides: ['north', 'south', 'east'] };

function choose(options: readonly Action[], style: Style, random: RandomSource): Action {
  if (style !== 'random') {
    for (const end of PREFERRED[style]) {
      const on = options.filter((a) => a.type === 'play' && a.end === end);
      if (on.length > 0) return on[random.int(on.length)] as Action;
    }
  }
  return options[random.int(options.length)] as Action;
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/**
 * A whole seeded game played by the engine's own rules, every seat choosing in `style`: the
 * board's input after each move, hand by hand (the first moment of a hand is its empty table).
 */
export function playedHands(rules: Record<string, unknown>, seed: string, style: Style, maxHands = 30): Moment[][] {
  const random = seededRandom(seed);
  let state: GameState = unwrap(newGame(rules));
  const hands: Moment[][] = [];
  while (state.status !== 'over' && hands.length < maxHands) {
    if (state.status === 'dealing') {
      const { deal, leader } = dealHand(state, random);
      state = unwrap(startHand(state, deal, leader));
      hands.push([]);
    } else {
      const hand = state.hand;
      if (hand === null) throw new Error('a game being played has a hand');
      const options = legalActions(view(state, hand.turn)).filter((a) => a.type !== 'muggins');
      state = unwrap(apply(state, choose(options, style, random)));
    }
    const seen = view(state, null).hand;
    if (seen !== null) hands.at(-1)?.push({ layout: seen.layout, log: seen.log, open: seen.ends.map((e) => e.end) });
  }
  return hands;
}
