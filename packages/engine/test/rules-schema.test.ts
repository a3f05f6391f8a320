import { describe, expect, it } from 'vitest';
import {
  BLOCKED_SCORINGS,
  FIRST_LEADERS,
  NEXT_LEADERS,
  PRESETS,
  RulesInputSchema,
  SCORE_UNITS,
  SPINNER_OPENINGS,
  VARIANTS,
  resolveRules,
  rulesInputProblems,
  seededRandom,
} from '../src/index.ts';

// resolveRules checks a rules input by hand (the web client's first page carries no zod); the
// protocol's messages and the records check it with RulesInputSchema. Both must say the same of
// any input: accepted or not, and the same fields named.

const random = seededRandom('rules-schema agreement');
const pick = <T>(values: readonly T[]): T => values[random.int(values.length)] as T;

/** Values a field might be sent: every right one, near misses and wrong types. */
const ODD_VALUES: readonly unknown[] = [undefined, null, '', 'x', 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, false, [], {}, '2'];
const FIELDS: Readonly<Record<string, readonly unknown[]>> = {
  preset: PRESETS,
  players: [2, 3, 4, 1, 5, 2.5],
  variant: VARIANTS,
  handSize: [1, 5, 7, 9, 14, 0, 15, 6.5, 8],
  target: [1, 61, 150, 250, 100_000, 0, 100_001, 61.5],
  firstLeader: FIRST_LEADERS,
  nextLeader: NEXT_LEADERS,
  blockedScoring: BLOCKED_SCORINGS,
  spinnerOpens: SPINNER_OPENINGS,
  scoreUnit: SCORE_UNITS,
  muggins: [true, false],
  partnerships: [true, false],
};

function generated(): unknown {
  const roll = random.int(40);
  if (roll === 0) return pick([null, 'allFives', 3, [], [{ players: 2 }], true]);
  const input: Record<string, unknown> = {};
  for (const [key, good] of Object.entries(FIELDS)) {
    // players is there most of the time; each other field one time in four, usually with a value it may have.
    const present = key === 'players' ? random.int(12) !== 0 : random.int(4) === 0;
    if (!present) continue;
    input[key] = random.int(12) === 0 ? pick(ODD_VALUES) : pick(good);
  }
  if (random.int(15) === 0) input[pick(['colour', 'Players', 'target ', 'spinner'])] = pick(ODD_VALUES);
  return input;
}

const paths = (issues: readonly { readonly path: readonly PropertyKey[] }[]): string[] => issues.map((i) => i.path.join('.')).sort();

describe('the hand check and the schema agree on generated rules inputs', () => {
  it('4,000 inputs, a good share of them accepted', () => {
    let accepted = 0;
    for (let i = 0; i < 4_000; i++) {
      const input = generated();
      const schema = RulesInputSchema.safeParse(input);
      const problems = rulesInputProblems(input);
      const where = JSON.stringify(input);
      expect(problems.length === 0, where).toBe(schema.success);
      expect(paths(problems), where).toEqual(schema.success ? [] : paths(schema.error.issues));
      if (schema.success) {
        accepted++;
        // What zod hands on resolves as the input itself does.
        expect(resolveRules(schema.data), where).toEqual(resolveRules(input));
      }
    }
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(3_200);
  });
});
