import { type Result, type Rules, RulesInputSchema, ok, resolveRules } from '@fives/engine';
import { NameSchema } from '@fives/protocol';
import { z } from 'zod';
import { TournamentErrorCode, type TournamentError, refuse } from './errors.ts';
import { ACCESSES, ENTRIES, type Entry, type TournamentSettings } from './state.ts';

/** An Arena's length in minutes, inclusive: long enough for a few games, short enough for one sitting. */
export const ARENA_MINUTES = [10, 720] as const;
/** A Swiss's rounds, inclusive: 0 rounds is no tournament. */
export const SWISS_ROUNDS = [1, 20] as const;
/** How far ahead a tournament may be set. */
export const MAX_LEAD_MS = 30 * 24 * 3600_000;
/** A start this little in the past is taken as now (the creator's clock, the request's time on the wire). */
export const START_SLACK_MS = 60_000;

const common = {
  name: NameSchema,
  rules: RulesInputSchema,
  startsAt: z.iso.datetime({ offset: true, error: 'startsAt is a date and time (ISO 8601, e.g. 2026-12-05T18:00:00Z)' }),
  access: z.enum(ACCESSES),
  entry: z.enum(ENTRIES),
};

/** What a creator sends: the format decides whether it lasts `minutes` (Arena) or `rounds` (Swiss). */
export const TournamentSettingsInputSchema = z.discriminatedUnion('format', [
  z.strictObject({
    ...common,
    format: z.literal('arena'),
    minutes: z.int({ error: 'minutes is a whole number' }).min(ARENA_MINUTES[0]).max(ARENA_MINUTES[1]),
  }),
  z.strictObject({
    ...common,
    format: z.literal('swiss'),
    rounds: z.int({ error: 'rounds is a whole number' }).min(SWISS_ROUNDS[0]).max(SWISS_ROUNDS[1]),
  }),
]);
export type TournamentSettingsInput = z.input<typeof TournamentSettingsInputSchema>;

/** The entry a set of rules plays: head to head for two players, fixed pairs at a four-player partnership table. */
export function entryOf(rules: Rules): Entry | null {
  if (rules.partnerships && rules.players === 4) return 'pairs';
  if (!rules.partnerships && rules.players === 2) return 'individuals';
  return null;
}

/**
 * Checks a new tournament's settings at `now`: their shape, then that the rules resolve and seat
 * two sides (two people, or two fixed pairs), then the start time. Every refusal names why.
 */
export function checkSettings(input: unknown, now: number): Result<TournamentSettings, TournamentError> {
  const parsed = TournamentSettingsInputSchema.safeParse(input);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
    return refuse(TournamentErrorCode.badSettings, why.join('; '));
  }
  const s = parsed.data;
  const rules = resolveRules(s.rules);
  // The schema holds the rules to the engine's verdict already (rules-schema.ts); this resolves them.
  if (!rules.ok) return refuse(TournamentErrorCode.badSettings, rules.error.message);
  const entry = entryOf(rules.value);
  if (entry === null) {
    return refuse(
      TournamentErrorCode.notHeadToHead,
      `a tournament table seats two players, or four in two fixed pairs; these rules seat ${rules.value.players}${rules.value.partnerships ? ' in partnership' : ''}`,
    );
  }
  if (entry !== s.entry) {
    return refuse(
      TournamentErrorCode.entryMismatch,
      entry === 'pairs' ? 'partnership rules are played by fixed pairs: entry must be "pairs"' : 'rules without partners are played by individuals: entry must be "individuals"',
    );
  }
  const startsAt = Date.parse(s.startsAt);
  if (startsAt < now - START_SLACK_MS) return refuse(TournamentErrorCode.badSettings, 'startsAt: the start is in the past');
  if (startsAt > now + MAX_LEAD_MS) return refuse(TournamentErrorCode.badSettings, `startsAt: a tournament starts within ${MAX_LEAD_MS / 86_400_000} days`);
  const length = s.format === 'arena' ? { format: 'arena' as const, minutes: s.minutes } : { format: 'swiss' as const, rounds: s.rounds };
  return ok({ name: s.name, rules: s.rules, length, startsAt: Math.max(startsAt, now), access: s.access, entry });
}
