import { type Action, type GameState, type RulesInput, apply, dealHand, legalActions, newGame, seededRandom, startHand, view } from '@fives/engine';

export const TABLES: readonly { readonly name: string; readonly rules: RulesInput }[] = [
  { name: 'allFives 2', rules: { players: 2 } },
  { name: 'allFives 3', rules: { players: 3 } },
  { name: 'allFives 4', rules: { players: 4 } },
  { name: 'partners', rules: { preset: 'partners', players: 4 } },
  { name: 'muggins 2', rules: { preset: 'muggins', players: 2 } },
  { name: 'muggins 3', rules: { preset: 'muggins', players: 3 } },
  { name: 'allFives150 3', rules: { preset: 'allFives150', players: 3 } },
  { name: 'cribbage 2', rules: { preset: 'cribbage', players: 2 } },
  { name: 'block 2', rules: { preset: 'block', players: 2 } },
  { name: 'block 4', rules: { preset: 'block', players: 4 } },
  { name: 'draw 3', rules: { preset: 'draw', players: 3 } },
  { name: 'fivesAndThrees 2', rules: { preset: 'fivesAndThrees', players: 2 } },
  { name: 'fivesAndThrees partners', rules: { preset: 'fivesAndThrees', players: 4, partnerships: true } },
  { name: 'latin', rules: { preset: 'latin', players: 4 } },
  { name: 'latin with bonuses', rules: { preset: 'latin', players: 4, bonuses: true } },
  // A double-nine set: every level decides from the table view alone (nine.ts).
  { name: 'cuban', rules: { preset: 'cuban', players: 4 } },
  { name: 'cuban with bonuses', rules: { preset: 'cuban', players: 4, bonuses: true } },
  { name: 'spinner opens at once', rules: { players: 2, spinnerOpens: 'immediately' } },
];

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * Positions from games of random legal play (wrong claims and Muggins calls included), each a
 * state where some seat has a decision to make.
 */
export function positions(rules: RulesInput, seed: string, count: number): GameState[] {
  const random = seededRandom(seed);
  let state = unwrap(newGame(rules));
  const out: GameState[] = [];
  let hands = 0;
  while (out.length < count && hands < 50) {
    if (state.status === 'over') {
      state = unwrap(newGame(rules));
      continue;
    }
    if (state.status === 'dealing') {
      const { deal, leader } = dealHand(state, `${seed}:${hands++}`);
      state = unwrap(startHand(state, deal, leader));
      continue;
    }
    const turn = state.hand?.turn ?? 0;
    const legal: Action[] = [];
    for (let s = 0; s < state.rules.players; s++) legal.push(...legalActions(view(state, s)).filter((a) => a.seat === turn || a.type === 'muggins'));
    if (random.int(3) === 0) out.push(state);
    const action = legal[random.int(legal.length)] as Action;
    state = unwrap(apply(state, action));
  }
  return out;
}
