import { z } from 'zod/mini';
import { BLOCKED_SCORINGS, FIRST_LEADERS, HAND_SIZE_RANGE, NEXT_LEADERS, PRESETS, type RulesInput, SCORE_UNITS, SPINNER_OPENINGS, TARGET_RANGE, contradictions } from './rules.ts';
import { VARIANTS } from './variant.ts';

/**
 * The rules input as a zod schema, for the schemas that carry one (the protocol's messages, game
 * records). It reads the fields, bounds and contradictions of rules.ts, whose hand check
 * (`rulesInputProblems`, what `resolveRules` runs) gives the same verdict on every input
 * (test/rules-schema.test.ts). zod's mini build: its functions tree-shake.
 */
const rulesInputShape = {
  preset: z.optional(z.enum(PRESETS)),
  players: z.union([z.literal(2), z.literal(3), z.literal(4)], {
    error: 'players must be 2, 3 or 4',
  }),
  variant: z.optional(z.enum(VARIANTS)),
  handSize: z.optional(z.int().check(z.minimum(HAND_SIZE_RANGE[0]), z.maximum(HAND_SIZE_RANGE[1]))),
  target: z.optional(z.int().check(z.minimum(TARGET_RANGE[0]), z.maximum(TARGET_RANGE[1]))),
  firstLeader: z.optional(z.enum(FIRST_LEADERS)),
  nextLeader: z.optional(z.enum(NEXT_LEADERS)),
  blockedScoring: z.optional(z.enum(BLOCKED_SCORINGS)),
  spinnerOpens: z.optional(z.enum(SPINNER_OPENINGS)),
  scoreUnit: z.optional(z.enum(SCORE_UNITS)),
  muggins: z.optional(z.boolean()),
  partnerships: z.optional(z.boolean()),
  bonuses: z.optional(z.boolean()),
};

export const RulesInputSchema = z.strictObject(rulesInputShape).check(
  z.superRefine((input, ctx) => {
    for (const problem of contradictions(input)) ctx.addIssue({ code: 'custom', ...problem });
  }),
);

// The hand-written type and the schema's must stay one type: this does not compile otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type RulesInputIsSchemaInput = Holds<Same<z.input<typeof RulesInputSchema>, RulesInput>>;
