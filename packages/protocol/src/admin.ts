import { z } from 'zod';
import { NameSchema, PlayerIdSchema, TableIdSchema } from './ids.ts';
import { ReportIdSchema, ReportSchema } from './safety.ts';

/**
 * The operator's console (docs/protocol.md, "The operator's console"): `/api/admin/...`, each
 * call with `Authorization: Bearer <an operator's ADMIN_TOKEN>`. What the console page sends and
 * reads; the server checks bodies with these schemas.
 */

/** `POST /api/admin/bans`: turn a player away; `days` null or left out: for good. */
export const BanRequestSchema = z.strictObject({
  player: PlayerIdSchema,
  reason: z.string().trim().min(1, { error: 'say why (1 to 200 characters)' }).max(200, { error: 'a reason is 200 characters at most' }),
  days: z.int().min(1).max(3650).nullable().optional(),
});
export type BanRequest = z.input<typeof BanRequestSchema>;

/** `POST /api/admin/players/:player/name`: the name an operator gives a player in place of theirs. */
export const RenameRequestSchema = z.strictObject({ name: NameSchema });
export type RenameRequest = z.input<typeof RenameRequestSchema>;

/** `PUT /api/admin/notice`: the notice every lobby shows. */
export const NoticeRequestSchema = z.strictObject({
  text: z.string().trim().min(1, { error: 'a notice says something' }).max(500, { error: 'a notice is 500 characters at most' }),
});
export type NoticeRequest = z.input<typeof NoticeRequestSchema>;

export const PlayerParamsSchema = z.strictObject({ player: PlayerIdSchema });
export const TableParamsSchema = z.strictObject({ tableId: TableIdSchema });

export const BanSchema = z.strictObject({ player: PlayerIdSchema, reason: z.string(), by: z.string(), at: z.iso.datetime(), until: z.iso.datetime().nullable() });
export type BanInfo = z.output<typeof BanSchema>;

/** `GET /api/notice` (anyone), and the console. */
export const SiteNoticeSchema = z.strictObject({ notice: z.strictObject({ text: z.string(), at: z.iso.datetime() }).nullable() });
export type SiteNoticeInfo = z.output<typeof SiteNoticeSchema>;

/** What an operator did about a report: acted on it (a ban, a rename…), or found nothing to do. */
export const REPORT_OUTCOMES = ['actioned', 'dismissed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** `POST /api/admin/reports/:report/resolve`: closes an open report, with what was done and an optional word for the log. */
export const ResolveReportRequestSchema = z.strictObject({
  outcome: z.enum(REPORT_OUTCOMES, { error: `outcome is one of ${REPORT_OUTCOMES.join(', ')}` }),
  note: z.string().trim().max(200, { error: 'a note is 200 characters at most' }).optional(),
});
export type ResolveReportRequest = z.input<typeof ResolveReportRequestSchema>;

export const ReportParamsSchema = z.strictObject({ report: ReportIdSchema });

/**
 * `GET /api/admin/reports`: an open report with the names its two people go by now (null: no
 * name is known, or the account was deleted), so the console lists people an operator can read.
 */
export const AdminReportSchema = ReportSchema.extend({ reporterName: z.string().nullable(), reportedName: z.string().nullable() });
export type AdminReport = z.output<typeof AdminReportSchema>;
export const AdminReportsSchema = z.strictObject({ reports: z.array(AdminReportSchema) });

/** What an operator can do, as the log names it. */
export const ADMIN_ACTIONS = ['ban', 'unban', 'rename', 'closeTable', 'notice', 'resolveReport'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const AdminActionSchema = z.strictObject({
  at: z.iso.datetime(),
  operator: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target: z.string(),
  detail: z.record(z.string(), z.string().nullable()),
});
export type AdminActionInfo = z.output<typeof AdminActionSchema>;

/** `GET /api/admin/figures`: read from the nodes' heartbeats and the stores, now. */
export const AdminFiguresSchema = z.strictObject({
  at: z.iso.datetime(),
  nodes: z.array(
    z.strictObject({
      node: z.string(),
      role: z.enum(['node', 'worker']),
      startedAt: z.iso.datetime(),
      seenAt: z.iso.datetime(),
      sockets: z.int().min(0),
      botThreads: z.int().min(0),
    }),
  ),
  sockets: z.int().min(0),
  tables: z.record(z.string(), z.int().min(0)),
  queues: z.array(z.strictObject({ queue: z.string(), preset: z.string(), players: z.int(), waiting: z.int().min(0) })),
  thinkers: z.int().min(0),
});
export type AdminFigures = z.output<typeof AdminFiguresSchema>;
