import { type Action, type GameState, type RandomSource, type TableView, apply, dealHand, legalActions, newGame, seededRandom, startHand, view } from '@fives/engine';
import { botAction } from '../src/connection/bot.ts';

/**
 * Real positions for the logic tests: whole hands played by the practice bot from a seed,
 * yielding seat 0's view after every action.
 */
export function* positions(rules: Parameters<typeof newGame>[0], seed: string, hands = 1): Generator<TableView> {
  const random = seededRandom(seed);
  const created = newGame(rules);
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  for (let h = 0; h < hands && state.status !== 'over'; h++) {
    const { deal, leader } = dealHand(state, random);
    const started = startHand(state, deal, leader);
    if (!started.ok) throw new Error(started.error.message);
    state = started.value;
    yield view(state, 0);
    while (state.status === 'playing') {
      const hand = state.hand;
      if (hand === null) break;
      const seat = hand.turn;
      const action = botAction(view(state, seat), 'easy', random);
      if (action === null) throw new Error('the bot found no move');
      const next = apply(state, action);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
      yield view(state, 0);
    }
  }
}

/**
 * Every state of seeded random games played through the engine's own legal actions, the way a
 * careless table plays: a claim is sometimes a wrong amount and a Muggins call is made only half
 * the time, so missed counts, correct "no score"s, open and closed Muggins windows all occur.
 * Dealt hands follow one another until the game is over or `hands` have been played.
 */
export function* randomStates(rules: Parameters<typeof newGame>[0], seed: string, hands: number): Generator<GameState> {
  const random = seededRandom(seed);
  const created = newGame(rules);
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  for (let h = 0; h < hands && state.status === 'dealing'; h++) {
    const { deal, leader } = dealHand(state, random);
    const started = startHand(state, deal, leader);
    if (!started.ok) throw new Error(started.error.message);
    state = started.value;
    yield state;
    while (state.status === 'playing') {
      const next = apply(state, randomAction(state, random));
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
      yield state;
    }
  }
}

function randomAction(state: GameState, random: RandomSource): Action {
  const hand = state.hand;
  if (hand === null) throw new Error('no hand to act in');
  for (let seat = 0; seat < state.rules.players; seat++) {
    const call = legalActions(view(state, seat)).find((a) => a.type === 'muggins');
    if (call !== undefined && random.int(2) === 0) return call;
  }
  if (hand.awaiting === 'claim' && random.int(4) === 0) return { type: 'claim', seat: hand.turn, points: random.int(40) };
  const options = legalActions(view(state, hand.turn)).filter((a) => a.type !== 'muggins');
  const choice = options[random.int(options.length)];
  if (choice === undefined) throw new Error(`seat ${hand.turn} has no legal action`);
  return choice;
}
