import { type GameState, type TableView, apply, dealHand, legalActions, newGame, seededRandom, startHand, view } from '@fives/engine';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type TableViewMessage, TableViewSchema, toEngineAction, toWireAction } from '../src/index.ts';

type DeepMutable<T> = T extends readonly (infer U)[] ? DeepMutable<U>[] : T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;

/** Plays whole games with the first legal action, checking every seat's and a spectator's view on the way. */
function* views(rules: object, seed: string): Generator<TableView> {
  const random = seededRandom(seed);
  let state = (newGame(rules) as { ok: true; value: GameState }).value;
  for (let guard = 0; guard < 5000 && state.status !== 'over'; guard++) {
    if (state.status === 'dealing') {
      const { deal, leader } = dealHand(state, random);
      state = (startHand(state, deal, leader) as { ok: true; value: GameState }).value;
    }
    const seats = [...Array.from({ length: state.rules.players }, (_, s) => s), null];
    for (const seat of seats) yield view(state, seat);
    const hand = state.hand;
    if (hand === null) break;
    const [action] = legalActions(view(state, hand.turn));
    if (action === undefined) throw new Error('no legal action');
    // Through the wire and back, as a client's move travels.
    const wire = toWireAction(action);
    const next = apply(state, toEngineAction(wire, hand.turn, hand.board.tiles === 0));
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  for (const seat of [0, null]) yield view(state, seat);
}

describe('the view schema', () => {
  it('has the shape of the engine view', () => {
    expectTypeOf<TableViewMessage>().toEqualTypeOf<DeepMutable<TableView>>();
  });

  for (const [name, rules] of [
    ['allFives 2p', { players: 2 }],
    ['muggins 3p', { preset: 'muggins', players: 3 }],
    ['partners', { preset: 'partners', players: 4 }],
    ['block 2p', { preset: 'block', players: 2 }],
    ['fivesAndThrees 2p', { preset: 'fivesAndThrees', players: 2 }],
    ['latin with bonuses', { preset: 'latin', players: 4, bonuses: true }],
    ['cuban', { preset: 'cuban', players: 4 }],
  ] as const) {
    it(`accepts every view of a whole ${name} game`, () => {
      let n = 0;
      for (const v of views(rules, name)) {
        const parsed = TableViewSchema.safeParse(v);
        if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues.slice(0, 3)));
        n++;
      }
      expect(n).toBeGreaterThan(50);
    });
  }

  it('refuses a view with a field it does not know', () => {
    const [v] = views({ players: 2 }, 'x');
    expect(TableViewSchema.safeParse({ ...v, boneyardTiles: ['1-2'] }).success).toBe(false);
  });
});
