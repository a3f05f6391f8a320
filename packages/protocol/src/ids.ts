import { z } from 'zod';

/**
 * Ids are branded so that a table id is never passed where a player id belongs. Both are
 * random, URL-safe and short enough to read aloud.
 */
export const TableIdSchema = z
  .string()
  .regex(/^[a-z0-9]{6,32}$/, { error: 'a table id is 6 to 32 lowercase letters and digits' })
  .brand<'TableId'>();
export type TableId = z.output<typeof TableIdSchema>;

export const PlayerIdSchema = z
  .string()
  .regex(/^p_[A-Za-z0-9_-]{8,64}$/, { error: 'a player id is "p_" and 8 to 64 URL-safe characters' })
  .brand<'PlayerId'>();
export type PlayerId = z.output<typeof PlayerIdSchema>;

/** A display name: 1 to 24 characters once trimmed, no control characters. */
export const NameSchema = z
  .string()
  .trim()
  .min(1, { error: 'a name needs at least one character' })
  .max(24, { error: 'a name is at most 24 characters' })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]+$/, { error: 'a name may not hold control characters' });

export const SeatSchema = z.int().min(0).max(3);
export const VersionSchema = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * A table's short code, for reading out or typing: six characters from digits 2–9 and capitals
 * without I, L, O and U (nothing to mistake for another character, nothing rude spelt by chance).
 * Input may be lowercase and may hold spaces or dashes ("k7q-m3x"); it is read as "K7QM3X".
 */
export const TABLE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TABLE_CODE_LENGTH = 6;

export function normalizeTableCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

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
