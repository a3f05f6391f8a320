import { apply, dealFromSeed, newGame, seededRandom, startHand, view } from '@fives/engine';
import { BotLevelSchema } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { chooseBotAction } from '../../src/bots/policy.ts';

describe('the bot seam', () => {
  it('every level plays a whole hand with legal moves, within a sample budget', () => {
    for (const level of BotLevelSchema.options) {
      const started = newGame({ preset: 'muggins', players: 3 });
      if (!started.ok) throw new Error(started.error.message);
      const { deal } = dealFromSeed(started.value.rules, `seam:${level}`);
      const dealt = startHand(started.value, deal);
      if (!dealt.ok) throw new Error(dealt.error.message);
      let state = dealt.value;
      const random = seededRandom(level);
      for (let moves = 0; state.status === 'playing' && state.hand?.end === null && moves < 200; moves++) {
        const seat = state.hand.turn;
        const action = chooseBotAction(level, view(state, seat), random, { samples: 8 });
        expect(action).not.toBeNull();
        const next = apply(state, action as NonNullable<typeof action>);
        expect(next.ok).toBe(true);
        if (next.ok) state = next.value;
      }
      expect(state.hand?.end ?? state.winner).not.toBeNull();
    }
  });
});
