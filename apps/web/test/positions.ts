import { type GameState, type TableView, apply, dealHand, newGame, seededRandom, startHand, view } from '@fives/engine';
import { botMove, toAction } from '../src/connection/bot.ts';

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
      const move = botMove(view(state, seat), 'easy', random);
      const action = move === null ? null : toAction(move, seat);
      if (action === null) throw new Error('the bot found no move');
      const next = apply(state, action);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
      yield view(state, 0);
    }
  }
}
