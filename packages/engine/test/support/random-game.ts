import {
  type Action,
  type GameState,
  type RandomSource,
  type RecordHand,
  apply,
  dealHand,
  handToRecord,
  legalActions,
  newGame,
  seededRandom,
  startHand,
  view,
} from '../../src/index.ts';

export interface PlayedGame {
  readonly rulesInput: Record<string, unknown>;
  /** Every state the game went through, the first freshly dealt. */
  readonly states: GameState[];
  /** The action that led to each state after the first (null where a hand was dealt). */
  readonly actions: (Action | null)[];
  readonly record: { rules: Record<string, unknown>; hands: RecordHand[] };
  readonly final: GameState;
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/**
 * A whole game of random legal play through the public API, the way a table would run it:
 * deal, ask each seat's view for its legal actions, pick one. Under Muggins some claims are
 * wrong on purpose and opponents sometimes call Muggins, so every path is walked.
 */
export function playRandomGame(rulesInput: Record<string, unknown>, seed: string | number, maxHands = 60, prepare?: (fresh: GameState) => GameState): PlayedGame {
  const random: RandomSource = seededRandom(seed);
  // `prepare` changes the new game before its first deal (rules no input can ask for yet: a double-nine set).
  const fresh = unwrap(newGame(rulesInput));
  let state = prepare === undefined ? fresh : prepare(fresh);
  const states: GameState[] = [];
  const actions: (Action | null)[] = [];
  const hands: RecordHand[] = [];
  let dealt = 0;
  while (state.status !== 'over') {
    if (state.status === 'dealing') {
      if (dealt >= maxHands) break;
      if (state.hand) hands.push(handToRecord(state.hand));
      const { deal, leader } = dealHand(state, random);
      state = unwrap(startHand(state, deal, leader));
      dealt++;
      states.push(state);
      actions.push(null);
      continue;
    }
    const action = pickAction(state, random);
    state = unwrap(apply(state, action));
    states.push(state);
    actions.push(action);
  }
  if (state.hand && hands.length < dealt) hands.push(handToRecord(state.hand));
  return { rulesInput, states, actions, record: { rules: rulesInput, hands }, final: state };
}

function pickAction(state: GameState, random: RandomSource): Action {
  const hand = state.hand;
  if (!hand) throw new Error('no hand');
  if (state.rules.muggins) {
    for (let seat = 0; seat < state.rules.players; seat++) {
      const call = legalActions(view(state, seat)).find((a) => a.type === 'muggins');
      if (call && random.int(2) === 0) return call;
    }
  }
  const options = legalActions(view(state, hand.turn)).filter((a) => a.type !== 'muggins');
  if (hand.awaiting === 'claim' && random.int(4) === 0) {
    return { type: 'claim', seat: hand.turn, points: random.int(40) };
  }
  const choice = options[random.int(options.length)];
  if (!choice) throw new Error(`seat ${hand.turn} has no legal action`);
  return choice;
}
