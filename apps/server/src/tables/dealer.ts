import { randomInt } from 'node:crypto';
import { type GameState, type RandomSource, type Result, leaderFor, randomDeal, startHand } from '@fives/engine';

/** The server's randomness: the operating system's CSPRNG, through the engine's interface. */
export const cryptoRandom: RandomSource = {
  int: (bound) => randomInt(bound),
};

/** Shuffles and deals the next hand; a lead the rules leave to chance is drawn from the same source. */
export function dealNextHand(state: GameState, random: RandomSource): Result<GameState> {
  const deal = randomDeal(state.rules, random);
  const choice = leaderFor(state, deal);
  const leader = choice.kind === 'decided' ? choice.seat : random.int(state.rules.players);
  return startHand(state, deal, leader);
}
