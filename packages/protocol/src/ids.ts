import { z } from 'zod';
import { PLAYER_ID_PATTERN, TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, normalizeTableCode } from './id-text.ts';

/**
 * Ids are branded so that a table id is never passed where a player id belongs. Both are
 * random, URL-safe and short enough to read aloud.
 */
export const TableIdSchema = z
  .string()
  .regex(/^[a-z0-9]{6,32}$/, { error: 'a table id is 6 to 32 lowercase letters and digits' })
  .brand<'TableId'>();
export type TableId = z.output<typeof TableIdSchema>;

export const PlayerIdSchema = z.string().regex(PLAYER_ID_PATTERN, { error: 'a player id is "p_" and 8 to 64 URL-safe characters' }).brand<'PlayerId'>();
export type PlayerId = z.output<typeof PlayerIdSchema>;

/** Half of a UTF-16 surrogate pair without its other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * C0 and C1 controls and DEL, and the bidirectional overrides, embeddings and isolates: a name
 * holding one can reorder the text shown around it (the next name in a list, a score).
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** Characters that show nothing on their own: spaces, joiners, fillers, format characters, marks with nothing to sit on. */
const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}\u2800\u3164\uffa0\u115f\u1160]*$/u;

/**
 * A display name: 1 to 24 characters once normalised to NFC and trimmed; no controls, no
 * bidirectional overrides or isolates, no lone surrogates, and something visible. Every name
 * the server keeps (guest tokens, seats) went through it, so two names that look the same are
 * the same string.
 */
export const NameSchema = z
  .string()
  .max(256, { error: 'a name is at most 24 characters' })
  .refine((s) => !LONE_SURROGATE.test(s), { error: 'a name may not hold lone surrogates (broken UTF-16)' })
  .transform((s) => s.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'a name needs at least one character' })
      .max(24, { error: 'a name is at most 24 characters' })
      .refine((s) => !CONTROLS.test(s), { error: 'a name may not hold control characters or bidirectional overrides' })
      .refine((s) => !INVISIBLE.test(s), { error: 'a name needs at least one visible character' }),
  );

export const SeatSchema = z.int().min(0).max(3);
export const VersionSchema = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A table's short code (its alphabet and reading: id-text.ts). */
export const TableCodeSchema = z
  .string()
  .max(32)
  .transform(normalizeTableCode)
  .pipe(
    z.string().regex(new RegExp(`^[${TABLE_CODE_ALPHABET}]{${TABLE_CODE_LENGTH}}$`), {
      error: `a table code is ${TABLE_CODE_LENGTH} characters: digits 2-9 and letters other than I, L, O and U`,
    }),
  )
  .brand<'TableCode'>();
export type TableCode = z.output<typeof TableCodeSchema>;

/** Which random-opponent queue: one per set of rules (players included), named by the server. */
export const QueueIdSchema = z.string().regex(/^q[0-9a-f]{12}$/, { error: 'a queue id is "q" and 12 hex digits' });
export type QueueId = z.output<typeof QueueIdSchema>;
