import { z } from 'zod';
import { GameIdSchema } from './archive.ts';
import { PlayerIdSchema, SeatSchema, TableIdSchema } from './ids.ts';

/**
 * Reports and blocks (docs/protocol.md#report-and-block): a person may report another's name or
 * behaviour for an operator to look at, and block them: a blocked person is never matched with
 * the one who blocked them, their reactions are hidden from them, and they cannot sit at a table
 * where the one who blocked them sits.
 */

/** Why a person is reported: a fixed list, so an operator's console can sort and count them. */
export const REPORT_REASONS = ['offensive_name', 'abusive_reactions', 'cheating', 'stalling', 'leaving', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest note a report may carry, in characters. */
export const REPORT_NOTE_MAX = 500;
/** How many people one person may block. */
export const BLOCKS_MAX = 500;

/**
 * `POST /api/reports`: who, why, an optional note, and the game it is about (archived, or under
 * way at its table). Who: by `playerId`, or by `seat` in `gameId` (a table's view does not carry
 * player ids: a seat's panel names the person by their seat).
 */
export const ReportRequestSchema = z
  .strictObject({
    playerId: PlayerIdSchema.optional(),
    seat: SeatSchema.optional(),
    reason: z.enum(REPORT_REASONS, { error: `reason is one of ${REPORT_REASONS.join(', ')}` }),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX, { error: `a note is at most ${REPORT_NOTE_MAX} characters` })
      .optional(),
    gameId: GameIdSchema.optional(),
  })
  .refine((r) => (r.playerId === undefined) !== (r.seat === undefined) && (r.seat === undefined || r.gameId !== undefined), {
    error: 'name the person by exactly one of playerId and seat (a seat with its gameId)',
  });
export type ReportRequest = z.input<typeof ReportRequestSchema>;

export const ReportIdSchema = z
  .string()
  .regex(/^r_[a-z0-9]{16}$/, { error: 'a report id is "r_" and 16 letters or digits' })
  .brand<'ReportId'>();
export type ReportId = z.output<typeof ReportIdSchema>;

/** A report as stored: open until an operator closes it. */
export const ReportSchema = z.strictObject({
  id: ReportIdSchema,
  reporter: PlayerIdSchema,
  reported: PlayerIdSchema,
  reason: z.enum(REPORT_REASONS),
  /** "" when none was given. */
  note: z.string(),
  gameId: GameIdSchema.nullable(),
  createdAt: z.iso.datetime(),
  status: z.enum(['open', 'closed']),
});
export type Report = z.output<typeof ReportSchema>;

/** `PUT /api/blocks/:playerId`: the table where the person was met, so one not yet in the archive is known. */
export const BlockRequestSchema = z.strictObject({ tableId: TableIdSchema.optional() });
export type BlockRequest = z.input<typeof BlockRequestSchema>;

/** `POST /api/blocks`: block the person sitting at `seat` of table `tableId` (a seat's panel knows no player id). */
export const BlockSeatRequestSchema = z.strictObject({ tableId: TableIdSchema, seat: SeatSchema });
export type BlockSeatRequest = z.input<typeof BlockSeatRequestSchema>;

/** A person blocked: by id, the name they had when blocked ("" once they deleted their account), and since when. */
export const BlockSchema = z.strictObject({ playerId: PlayerIdSchema, name: z.string(), since: z.iso.datetime() });
export type Block = z.output<typeof BlockSchema>;

/** `GET /api/blocks` (and what blocking and unblocking answer): the people you block, newest first. */
export const BlocksSchema = z.strictObject({ blocks: z.array(BlockSchema) });
export type Blocks = z.output<typeof BlocksSchema>;

export const safetyPaths = {
  reports: '/api/reports',
  blocks: '/api/blocks',
  block: (id: string): string => `/api/blocks/${encodeURIComponent(id)}`,
} as const;
