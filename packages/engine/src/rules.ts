import { type Result, fail, ok, GameErrorCode } from './errors.ts';
import { assertNever } from './never.ts';
import { MAX_PIP, type MaxPip, MAX_PIP_NINE, tileCount } from './tiles.ts';
import { VARIANTS, type Variant, type VariantRules, scoresDuringPlay, variantRules } from './variant.ts';

/**
 * The rules object of docs/rules.md#the-rules-object: a preset plus any option set on top of it. `RulesInput` is
 * what people and records write; `Rules` is the same thing with every option decided, which is
 * all the engine ever reads.
 */

export const PRESETS = ['allFives', 'allFives150', 'muggins', 'partners', 'cribbage', 'block', 'draw', 'fivesAndThrees', 'latin', 'cuban'] as const;
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
  /** The Latin game's capicúa and pase bonuses (docs/rules.md#the-latin-partnership-game). */
  readonly bonuses: boolean;
  /**
   * 9: the game is played with a double-nine set (55 tiles, docs/rules.md#the-tiles). Absent on a
   * double-six set, so that every rules object, stored table and record made before the
   * double-nine set reads as it did. Read it with `maxPipOf`.
   */
  readonly maxPip?: typeof MAX_PIP_NINE;
}

/** The largest number of the set the rules play with: 6 or 9. */
export function maxPipOf(rules: Pick<Rules, 'maxPip'>): MaxPip {
  return rules.maxPip ?? MAX_PIP;
}

type Options = Omit<Rules, 'preset' | 'players' | 'maxPip'>;

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
  // The British pub game: the lead goes round the table hand by hand.
  fivesAndThrees: { variant: 'fivesAndThrees', nextLeader: 'nextSeat' },
  // Dominó por parejas: the double six opens the first hand, the winner leads the next.
  latin: { variant: 'latin', partnerships: true, firstLeader: 'highestDouble' },
  // The same game on a double-nine set, as Cuba plays it: ten tiles each, fifteen left face down.
  // The highest double dealt leads the first hand (the 9-9 only when it was dealt).
  cuban: { variant: 'latin', partnerships: true, firstLeader: 'highestDouble', handSize: 10 },
};

/**
 * The set each preset plays; the double-six one unless named here. A preset fixes its set: no
 * option changes it, so a double-nine game is always one the preset's name says.
 */
const PRESET_SETS: Readonly<Partial<Record<Preset, typeof MAX_PIP_NINE>>> = { cuban: MAX_PIP_NINE };

/** The largest number of the set a preset plays: 6 or 9. */
export function presetMaxPip(preset: Preset): MaxPip {
  return PRESET_SETS[preset] ?? MAX_PIP;
}

/** The variant a preset plays (before any `variant` option set on top of it). */
export function presetVariant(preset: Preset): Variant {
  return PRESET_OPTIONS[preset].variant ?? 'allFives';
}

// The rules input is checked by hand here, not by a zod schema: the web client checks its setup form on
// the first page, which then carries no zod at all. The schema for messages and records
// (rules-schema.ts) is built from the same fields and bounds, and a test holds the two to one verdict.

/** The bounds of the numeric options, inclusive: the hand check and the schema read them. */
export const HAND_SIZE_RANGE = [1, 14] as const;
export const TARGET_RANGE = [1, 100_000] as const;

/** What people and records write: a preset, the number of players, and any option on top. */
export interface RulesInput {
  preset?: Preset | undefined;
  players: 2 | 3 | 4;
  variant?: Variant | undefined;
  handSize?: number | undefined;
  target?: number | undefined;
  firstLeader?: FirstLeader | undefined;
  nextLeader?: NextLeader | undefined;
  blockedScoring?: BlockedScoring | undefined;
  spinnerOpens?: SpinnerOpens | undefined;
  scoreUnit?: ScoreUnit | undefined;
  muggins?: boolean | undefined;
  partnerships?: boolean | undefined;
  bonuses?: boolean | undefined;
}

/** One thing wrong with a rules input: where (`[]` for the whole object) and why. */
export interface RulesProblem {
  readonly path: string[];
  readonly message: string;
}

/**
 * Each field's check of a value (never `undefined` here): null when it may have it. A value of the
 * wrong kind is `wrong`; a number of the right kind out of bounds is only `outOfBounds`, and the
 * contradictions are still looked at (as zod does: a range check does not abort its object).
 */
type FieldCheck = (value: unknown) => { readonly message: string; readonly outOfBounds?: true } | null;

const oneOf =
  (values: readonly unknown[]): FieldCheck =>
  (v) =>
    values.includes(v) ? null : { message: `Invalid option: expected one of ${values.map((x) => JSON.stringify(x)).join('|')}` };
const intIn =
  ([min, max]: readonly [number, number]): FieldCheck =>
  (v) => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) return { message: 'expected a whole number' };
    return v >= min && v <= max ? null : { message: `expected a whole number from ${min} to ${max}`, outOfBounds: true };
  };
const bool: FieldCheck = (v) => (typeof v === 'boolean' ? null : { message: 'expected true or false' });

/** Every key a rules input may have; all but `players` may be left out. */
const FIELD_CHECKS: Record<keyof RulesInput, FieldCheck> = {
  preset: oneOf(PRESETS),
  players: (v) => (v === 2 || v === 3 || v === 4 ? null : { message: 'players must be 2, 3 or 4' }),
  variant: oneOf(VARIANTS),
  handSize: intIn(HAND_SIZE_RANGE),
  target: intIn(TARGET_RANGE),
  firstLeader: oneOf(FIRST_LEADERS),
  nextLeader: oneOf(NEXT_LEADERS),
  blockedScoring: oneOf(BLOCKED_SCORINGS),
  spinnerOpens: oneOf(SPINNER_OPENINGS),
  scoreUnit: oneOf(SCORE_UNITS),
  muggins: bool,
  partnerships: bool,
  bonuses: bool,
};

/**
 * Checks a rules input from outside: every problem with it, or none. Unknown keys are refused
 * (a typo must not silently play a different game), and so are options that contradict each
 * other or the preset (looked at once every field has a value of its kind).
 */
export function rulesInputProblems(input: unknown): RulesProblem[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [{ path: [], message: 'the rules are an object' }];
  const record = input as Readonly<Record<string, unknown>>;
  const out: RulesProblem[] = [];
  let kindsHold = true;
  for (const [key, check] of Object.entries(FIELD_CHECKS)) {
    const value = record[key];
    const wrong = value === undefined && key !== 'players' ? null : check(value);
    if (wrong !== null) {
      out.push({ path: [key], message: wrong.message });
      kindsHold &&= wrong.outOfBounds === true;
    }
  }
  const unknown = Object.keys(record).filter((key) => !Object.hasOwn(FIELD_CHECKS, key));
  if (unknown.length > 0) {
    out.push({ path: [], message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${unknown.map((k) => JSON.stringify(k)).join(', ')}` });
  }
  if (kindsHold) out.push(...contradictions(input as RulesInput));
  return out;
}

function derivedHandSize(variant: Variant, players: 2 | 3 | 4): number {
  return variantRules({ variant }).handSizes[players - 2] as number;
}

function derivedTarget(o: Omit<Options, 'target'>, players: number): number {
  const scoring = variantRules(o).countScoring;
  switch (scoring) {
    case 'none':
      // Games that score only at a hand's end are shorter.
      return players === 2 || o.partnerships ? 100 : 61;
    case 'fivesAndThrees':
      // Once round a cribbage board, as the pubs keep it.
      return 61;
    case 'fives':
      if (o.scoreUnit === 'fives') return 61;
      return players === 2 ? 250 : 200;
    default:
      return assertNever(scoring);
  }
}

function resolveUnchecked(input: RulesInput): Rules {
  const preset = input.preset ?? 'allFives';
  const p = PRESET_OPTIONS[preset];
  const pick = <K extends keyof Options>(key: K, fallback: Options[K]): Options[K] => (input[key] as Options[K] | undefined) ?? p[key] ?? fallback;
  const players = input.players;
  const variant = input.variant ?? presetVariant(preset);
  const base = {
    variant,
    handSize: pick('handSize', derivedHandSize(variant, players)),
    firstLeader: pick('firstLeader', 'random'),
    nextLeader: pick('nextLeader', 'winner'),
    blockedScoring: pick('blockedScoring', 'others'),
    spinnerOpens: pick('spinnerOpens', 'afterBothSides'),
    scoreUnit: pick('scoreUnit', 'points'),
    muggins: pick('muggins', false),
    partnerships: pick('partnerships', false),
    bonuses: pick('bonuses', false),
  };
  const nine = PRESET_SETS[preset];
  // maxPip only where the set is double nine: a double-six rules object stays as it always was.
  return { preset, players, ...base, target: pick('target', derivedTarget(base, players)), ...(nine === undefined ? {} : { maxPip: nine }) };
}

/** The options that contradict each other or the preset; the schema (rules-schema.ts) refines with it too. */
export function contradictions(input: RulesInput): RulesProblem[] {
  const out: RulesProblem[] = [];
  const r = resolveUnchecked(input);
  const at = (key: keyof RulesInput): string[] => (input[key] === undefined ? ['preset'] : [key]);
  if (r.partnerships && r.players !== 4) {
    out.push({ path: at('partnerships'), message: `partnerships need 4 players, not ${r.players}` });
  }
  const setSize = tileCount(maxPipOf(r));
  if (r.handSize * r.players > setSize) {
    out.push({
      path: at('handSize'),
      message: `${r.players} hands of ${r.handSize} tiles need ${r.handSize * r.players} tiles; the set has ${setSize}`,
    });
  }
  const variant = variantRules(r);
  if (variant.countScoring !== 'fives') {
    const why = scoresDuringPlay(r) ? `variant '${r.variant}' scores threes as well as fives` : `variant '${r.variant}' scores nothing during a hand`;
    if (r.muggins) out.push({ path: at('muggins'), message: `muggins needs All Fives scoring; ${why}` });
    if (r.scoreUnit === 'fives') {
      out.push({ path: at('scoreUnit'), message: `scoreUnit 'fives' exists for All Fives only; ${why}` });
    }
  }
  if (!variant.spinner && input.spinnerOpens !== undefined) {
    out.push({ path: ['spinnerOpens'], message: `variant '${r.variant}' has no spinner, so spinnerOpens cannot apply` });
  }
  if (variant.handEnd !== 'othersPips' && input.blockedScoring !== undefined) {
    out.push({ path: ['blockedScoring'], message: `variant '${r.variant}' ${HAND_END_TEXT[variant.handEnd]}; blockedScoring cannot apply` });
  }
  if (variant.seating === 'fourInPairs') out.push(...fourInPairs(input, r));
  if (r.maxPip !== undefined && r.variant !== presetVariant(r.preset)) {
    // A double-nine set is played only as its preset describes (docs/rules.md#the-cuban-game).
    out.push({ path: ['variant'], message: `preset '${r.preset}' is the ${presetVariant(r.preset)} game on a double-nine set; variant '${r.variant}' is not played on it` });
  }
  if (r.bonuses && !variant.bonuses) {
    out.push({ path: at('bonuses'), message: `the capicúa and pase bonuses belong to the Latin game; variant '${r.variant}' has none` });
  }
  return out;
}

const HAND_END_TEXT: Readonly<Record<Exclude<VariantRules['handEnd'], 'othersPips'>, string>> = {
  fewestPips: "always scores the others' pips minus the winner's own",
  go: 'scores one point for going out and nothing for a blocked hand',
  allPips: 'gives every pip left to the pair that won the hand',
};

/**
 * The tiles each of the four is dealt in the Latin game, by the set: the whole double-six set (7
 * each), or ten each from a double nine, fifteen left out, as the Cuban game is played
 * (docs/rules.md#the-cuban-game).
 */
const PAIRS_HAND: Readonly<Record<MaxPip, { readonly size: number; readonly words: string; readonly otherwise: string }>> = {
  6: { size: 7, words: 'seven tiles each', otherwise: 'which would leave some out' },
  9: { size: 10, words: 'ten tiles each from a double-nine set', otherwise: 'which is not the Cuban game' },
};

/** The Latin game's table: four players in two pairs, 7 tiles each (10 on a double-nine set) (docs/rules.md#the-latin-partnership-game). */
function fourInPairs(input: RulesInput, r: Rules): RulesProblem[] {
  const out: RulesProblem[] = [];
  const hand = PAIRS_HAND[maxPipOf(r)];
  const why = `variant '${r.variant}' is played by four in two fixed pairs, ${hand.words}`;
  if (r.players !== 4) out.push({ path: ['players'], message: `${why}: not ${r.players} players` });
  if (!r.partnerships) out.push({ path: ['partnerships'], message: `${why}: partnerships cannot be turned off` });
  // More tiles than the set holds is said once, by the set's own check.
  if (r.handSize !== hand.size && r.handSize * r.players <= tileCount(maxPipOf(r))) {
    out.push({ path: input.handSize === undefined ? ['preset'] : ['handSize'], message: `${why}: not ${r.handSize} tiles, ${hand.otherwise}` });
  }
  return out;
}

/** Checks a rules object from outside and decides every option; errors name the bad field. */
export function resolveRules(input: unknown): Result<Rules> {
  const problems = rulesInputProblems(input);
  if (problems.length > 0) {
    const messages = problems.map((p) => `${p.path.length > 0 ? `rules.${p.path.join('.')}` : 'rules'}: ${p.message}`);
    return fail(GameErrorCode.badRules, messages.join('; '));
  }
  return ok(resolveUnchecked(input as RulesInput));
}

/** Seats 0+2 and 1+3 share a score with partnerships; otherwise every seat is its own side. */
export function sideCount(rules: Rules): number {
  return rules.partnerships ? 2 : rules.players;
}

export function sideOf(rules: Rules, seat: number): number {
  return rules.partnerships ? seat % 2 : seat;
}
