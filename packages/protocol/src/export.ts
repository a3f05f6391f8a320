import { z } from 'zod';
import { AccountInfoSchema } from './account.ts';
import { ArchivedGameSchema, PlayerProfileSchema, RatingHistorySchema } from './archive.ts';
import { PlayerIdSchema } from './ids.ts';
import { PUSH_KINDS } from './push.ts';
import { BlockSchema, ReportSchema } from './safety.ts';

/**
 * `GET /api/account/export` (docs/protocol.md#your-data): everything the server keeps about the
 * token's player, as one JSON document they may take away. A guest has no `account`; a player
 * with no archived game has no `profile` and no `games`.
 */
export const AccountExportSchema = z.strictObject({
  exportedAt: z.iso.datetime(),
  /** The token's player: the id and the name the token carries. */
  player: z.strictObject({ id: PlayerIdSchema, name: z.string() }),
  /** The name they keep with passkeys (never the keys themselves); null for a guest. */
  account: AccountInfoSchema.nullable(),
  /** Their archive profile (stats, current ratings); null before their first archived game. */
  profile: PlayerProfileSchema.nullable(),
  /** Their rating after each rated game, per rules key, oldest first. */
  ratingHistory: RatingHistorySchema.shape.history,
  /** Every archived game they sat in, newest first, each with its whole record. */
  games: z.array(ArchivedGameSchema),
  /** The people they block, newest first. */
  blocks: z.array(BlockSchema),
  /** The reports they filed, newest first. */
  reports: z.array(ReportSchema),
  /** The browsers that get their notifications, newest first: the push service's address and what each asked for (the browsers' keys stay out). */
  notifications: z.array(z.strictObject({ endpoint: z.string(), kinds: z.array(z.enum(PUSH_KINDS)), lang: z.string(), since: z.iso.datetime() })),
});
export type AccountExport = z.output<typeof AccountExportSchema>;
