import { randomBytes, randomInt } from 'node:crypto';
import type { RandomSource } from '@fives/engine';
import type { SeedSource } from '@fives/table';

// The dealer itself is part of the table machine (pure: it is given its seeds).
export { type SeedSource, dealNextHand, seedsFrom } from '@fives/table';

/** The server's randomness for computer players' choices: the operating system's CSPRNG, through the engine's interface. */
export const cryptoRandom: RandomSource = {
  int: (bound) => randomInt(bound),
};

/** 128 bits from the operating system's CSPRNG: what every deal is made from in production. */
export const cryptoSeeds: SeedSource = () => randomBytes(16).toString('hex');
