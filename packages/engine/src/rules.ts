import { z } from 'zod/mini';
import { type Result, fail, ok, GameErrorCode } from './errors.ts';
import { VARIANTS, type Variant, variantRules } from './variant.ts';

/**
 * The rules object of docs/rules.md#the-rules-object: a preset plus any option set on top of it. `RulesInput` is
 * what people and records write; `Rules` is the same thing with every option decided, which is
 * all the engine ever reads.
 */

export const PRESETS = ['allFives', 'allFives150', 'muggins', 'partners', 'cribbage', 'block', 'draw'] as const;
export type Preset = (typeof PRESETS)[number];

// Each option's values, once: the rules input's schema and the protocol's view schema read them.
export const FIRST_LEADERS = ['random', 'highestDouble'] as const;
export type FirstLeader = (typeof FIRST_LEADERS)[number];
export const NEXT_LEADERS = ['winner', 'highestDouble', 'nextSeat'] as const;
export type NextLeader = (typeof NEXT_LEADERS)[number];
export const BLOCKED_SCORINGS = ['others', 'othersMinusOwn'] as const;
export type BlockedScoring = (typeof BLOCKED_SCORINGS)[number];
export const SPINNER_OPENINGS = ['afterBothSides', 'immediately'] as const;
export type SpinnerOpens = (typeof SPINNER_OPENINGS)[number];
export const SCORE_UNITS = ['points', 'fives'] as const;
export type ScoreUnit = (typeof SCORE_UNITS)[number];

export interface Rules {
  readonly preset: Preset;
  readonly players: 2 | 3 | 4;
  readonly variant: Variant;
  readonly handSize: number;
  readonly target: number;
  readonly firstLeader: FirstLeader;
  readonly nextLeader: NextLeader;
  readonly blockedScoring: BlockedScoring;
  readonly spinnerOpens: SpinnerOpens;
  readonly scoreUnit: ScoreUnit;
  readonly muggins: boolean;
  readonly partnerships: boolean;
}

type Options = Omit<Rules, 'preset' | 'players'>;

/** What each preset fixes; everything else falls to `derivedDefaults`. */
const PRESET_OPTIONS: Record<Preset, Partial<Options>> = {
  allFives: {},
  allFives150: { handSize: 7, target: 150, firstLeader: 'highestDouble', blockedScoring: 'othersMinusOwn' },
  muggins: {
    handSize: 7,
    target: 150,
    firstLeader: 'highestDouble',
    blockedScoring: 'othersMinusOwn',
    muggins: true,
  },
  partners: { partnerships: true },
  cribbage: { scoreUnit: 'fives' },
  block: { variant: 'block', handSize: 7 },
  draw: { variant: 'draw', handSize: 7 },
};

/** The variant a preset plays (before any `variant` option set on top of it). */
export function presetVariant(preset: Preset): Variant {
  return PRESET_OPTIONS[preset].variant ?? 'allFives';
}

// zod's mini build: the web client reaches this schema (through resolveRules) on its first page, and
// the mini build's functions tree-shake, where the classic build brings its whole method set along.
const rulesInputShape = {
  preset: z.optional(z.enum(PRESETS)),
  players: z.union([z.literal(2), z.literal(3), z.literal(4)], {
    error: 'players must be 2, 3 or 4',
  }),
  variant: z.optional(z.enum(VARIANTS)),
  handSize: z.optional(z.int().check(z.minimum(1), z.maximum(14))),
  target: z.optional(z.int().check(z.minimum(1), z.maximum(100_000))),
  firstLeader: z.optional(z.enum(FIRST_LEADERS)),
  nextLeader: z.optional(z.enum(NEXT_LEADERS)),
  blockedScoring: z.optional(z.enum(BLOCKED_SCORINGS)),
  spinnerOpens: z.optional(z.enum(SPINNER_OPENINGS)),
  scoreUnit: z.optional(z.enum(SCORE_UNITS)),
  muggins: z.optional(z.boolean()),
  partnerships: z.optional(z.boolean()),
};

/**
 * Unknown keys are refused (a typo must not silently play a different game), and so are options
 * that contradict each other or the preset.
 */
export const RulesInputSchema = z.strictObject(rulesInputShape).check(
  z.superRefine((input, ctx) => {
    for (const problem of contradictions(input)) ctx.addIssue({ code: 'custom', ...problem });
  }),
);

export type RulesInput = z.input<typeof RulesInputSchema>;

function derivedHandSize(players: number): number {
  return players === 2 ? 9 : players === 3 ? 7 : 5;
}

function derivedTarget(o: Omit<Options, 'target'>, players: number): number {
  // Games that score only at a hand's end are shorter.
  if (!variantRules(o).scoresDuringPlay) return players === 2 || o.partnerships ? 100 : 61;
  if (o.scoreUnit === 'fives') return 61;
  return players === 2 ? 250 : 200;
}

function resolveUnchecked(input: RulesInput): Rules {
  const preset = input.preset ?? 'allFives';
  const p = PRESET_OPTIONS[preset];
  const pick = <K extends keyof Options>(key: K, fallback: Options[K]): Options[K] => (input[key] as Options[K] | undefined) ?? p[key] ?? fallback;
  const players = input.players;
  const base = {
    variant: input.variant ?? presetVariant(preset),
    handSize: pick('handSize', derivedHandSize(players)),
    firstLeader: pick('firstLeader', 'random'),
    nextLeader: pick('nextLeader', 'winner'),
    blockedScoring: pick('blockedScoring', 'others'),
    spinnerOpens: pick('spinnerOpens', 'afterBothSides'),
    scoreUnit: pick('scoreUnit', 'points'),
    muggins: pick('muggins', false),
    partnerships: pick('partnerships', false),
  };
  return { preset, players, ...base, target: pick('target', derivedTarget(base, players)) };
}

interface Problem {
  readonly message: string;
  readonly path: string[];
}

function contradictions(input: RulesInput): Problem[] {
  const out: Problem[] = [];
  const r = resolveUnchecked(input);
  const at = (key: keyof RulesInput): string[] => (input[key] === undefined ? ['preset'] : [key]);
  if (r.partnerships && r.players !== 4) {
    out.push({ path: at('partnerships'), message: `partnerships need 4 players, not ${r.players}` });
  }
  if (r.handSize * r.players > 28) {
    out.push({
      path: at('handSize'),
      message: `${r.players} hands of ${r.handSize} tiles need ${r.handSize * r.players} tiles; the set has 28`,
    });
  }
  const variant = variantRules(r);
  if (!variant.scoresDuringPlay) {
    const why = `variant '${r.variant}' scores nothing during a hand`;
    if (r.muggins) out.push({ path: at('muggins'), message: `muggins needs All Fives scoring; ${why}` });
    if (r.scoreUnit === 'fives') {
      out.push({ path: at('scoreUnit'), message: `scoreUnit 'fives' exists for All Fives only; ${why}` });
    }
  }
  if (!variant.spinner && input.spinnerOpens !== undefined) {
    out.push({ path: ['spinnerOpens'], message: `variant '${r.variant}' has no spinner, so spinnerOpens cannot apply` });
  }
  if (variant.handEnd !== 'othersPips' && input.blockedScoring !== undefined) {
    out.push({
      path: ['blockedScoring'],
      message: `variant '${r.variant}' always scores the others' pips minus the winner's own; blockedScoring cannot apply`,
    });
  }
  return out;
}

/** Checks a rules object from outside and decides every option; errors name the bad field. */
export function resolveRules(input: unknown): Result<Rules> {
  const parsed = RulesInputSchema.safeParse(input);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? `rules.${issue.path.join('.')}` : 'rules';
      return `${where}: ${issue.message}`;
    });
    return fail(GameErrorCode.badRules, messages.join('; '));
  }
  return ok(resolveUnchecked(parsed.data));
}

/** Seats 0+2 and 1+3 share a score with partnerships; otherwise every seat is its own side. */
export function sideCount(rules: Rules): number {
  return rules.partnerships ? 2 : rules.players;
}

export function sideOf(rules: Rules, seat: number): number {
  return rules.partnerships ? seat % 2 : seat;
}
