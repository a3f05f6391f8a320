import { z } from 'zod';
import { SEED_PATTERN } from './fairness.ts';

// The fairness proofs as the table's state carries them (classic zod, for the messages), apart
// from fairness.ts's checking, which the web client's first page runs and which must not bring
// classic zod into it.

/** A hand's secret (fairness.ts's `SEED_PATTERN`). */
export const SeedSchema = z.string().regex(SEED_PATTERN, { error: 'a seed is 32 to 128 lowercase hex digits' });

/** SHA-256 of the seed's text, as 64 lowercase hex digits. */
export const CommitmentSchema = z.string().regex(/^[0-9a-f]{64}$/, { error: 'a commitment is 64 lowercase hex digits' });

/** One hand's commitment; `seed` is null while the hand is being played and revealed once it is over. */
export const DealProofSchema = z.strictObject({
  game: z.int().min(1),
  /** The hand in its game, from 1 (the view's `handScores.length`). */
  hand: z.int().min(1),
  commitment: CommitmentSchema,
  seed: z.nullable(SeedSchema),
});
export type DealProof = z.output<typeof DealProofSchema>;

export const RevealedDealSchema = DealProofSchema.extend({ seed: SeedSchema });
export type RevealedDeal = z.output<typeof RevealedDealSchema>;

/**
 * In every `table:state` once a hand has been dealt: the current (or last) hand's proof, and the
 * hand before it revealed (for a client that missed the state that ended it).
 */
export const FairnessSchema = z.strictObject({ current: DealProofSchema, previous: RevealedDealSchema.nullable() });
export type Fairness = z.output<typeof FairnessSchema>;
