import { type GameState, type TableView, apply, dealHand, legalActions, newGame, seededRandom, startHand, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { botAction } from '../src/connection/bot.ts';
import { BOT_LEVELS } from '../src/connection/types.ts';

/** Seat views of a hand in progress, every seat's, after each action the practice bots make. */
function* seatViews(rules: Parameters<typeof newGame>[0], seed: string): Generator<TableView> {
  const random = seededRandom(seed);
  const created = newGame(rules);
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  const { deal, leader } = dealHand(state, random);
  const started = startHand(state, deal, leader);
  if (!started.ok) throw new Error(started.error.message);
  state = started.value;
  while (state.status === 'playing' && state.hand !== null) {
    for (let s = 0; s < state.rules.players; s++) yield view(state, s);
    const seat = state.hand.turn;
    const action = botAction(view(state, seat), 'expert', random);
    if (action === null) throw new Error('the expert found no move on its turn');
    const next = apply(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
}

describe('the practice table’s computer players', () => {
  it('play only legal moves at every level, and the same seed gives the same move', () => {
    let moves = 0;
    for (const rules of [
      { preset: 'allFives', players: 2 },
      { preset: 'muggins', players: 3 },
      { preset: 'partners', players: 4 },
      { preset: 'block', players: 3 },
      { preset: 'draw', players: 2 },
    ]) {
      for (const v of seatViews(rules, `bot-${rules.preset}`)) {
        const legal = legalActions(v).map((a) => JSON.stringify(a));
        for (const level of BOT_LEVELS) {
          const action = botAction(v, level, seededRandom(level));
          if (action === null) continue;
          moves++;
          expect(legal).toContain(JSON.stringify(action));
          expect(botAction(v, level, seededRandom(level))).toEqual(action);
        }
      }
    }
    expect(moves).toBeGreaterThan(100);
    // Thousands of sample-budgeted expert searches: a fixed amount of work, not a race, so it gets
    // the time a busy 2-core CI machine needs rather than vitest's 5 s default.
  }, 60_000);
});
