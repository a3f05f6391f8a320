import { type GameState, apply, legalActions, seededRandom, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { LEVELS, LEVEL_POLICIES, NAMED_POLICIES, POLICIES, playArena, policyByName } from '../src/index.ts';
import { TABLES, positions } from './support/positions.ts';

const BUDGET = { samples: 6 };
const NAMES = [...POLICIES, ...LEVELS];

describe('every level only ever takes legal actions', () => {
  for (const table of TABLES) {
    it(`on random positions: ${table.name}`, () => {
      const states: GameState[] = positions(table.rules, `legal:${table.name}`, 40);
      expect(states.length).toBeGreaterThan(10);
      for (const name of NAMES) {
        const policy = policyByName(name);
        if (policy === null) throw new Error(name);
        const random = seededRandom(`${name}:${table.name}`);
        for (const state of states) {
          for (let seat = 0; seat < state.rules.players; seat++) {
            const v = view(state, seat);
            const legal = legalActions(v);
            const action = policy(v, random, BUDGET);
            if (action === null) {
              // Nothing to do is only allowed off turn (declining a Muggins call is a choice).
              expect(legal.filter((a) => a.type !== 'muggins').length, `${name} gave nothing on its turn`).toBe(0);
              continue;
            }
            expect(action.seat).toBe(seat);
            const next = apply(state, action);
            expect(next.ok, `${name} at ${table.name}: ${JSON.stringify(action)} ${next.ok ? '' : next.error.message}`).toBe(true);
          }
        }
      }
    });

    it(`through whole games, every level against another: ${table.name}`, () => {
      const pairs = [
        [LEVEL_POLICIES.beginner, LEVEL_POLICIES.expert],
        [LEVEL_POLICIES.easy, LEVEL_POLICIES.hard],
        [NAMED_POLICIES.random, LEVEL_POLICIES.medium],
      ] as const;
      for (const [a, b] of pairs) {
        // The arena throws on any illegal action or a turn left unanswered.
        const summary = playArena({ a, b, rules: table.rules, games: 1, seed: `games:${table.name}`, budget: BUDGET });
        expect(summary.games).toBe(1);
      }
    });
  }
});
