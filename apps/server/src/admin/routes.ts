import {
  type AdminFigures,
  type AdminReport,
  BanRequestSchema,
  type BanInfo,
  ErrorCode,
  NoticeRequestSchema,
  PlayerParamsSchema,
  type PlayerId,
  RenameRequestSchema,
  type Report,
  ReportParamsSchema,
  ResolveReportRequestSchema,
  type SiteNoticeInfo,
  TableParamsSchema,
  type TableId,
} from '@fives/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { skeleton } from '../accounts/skeleton.ts';
import type { AccountStore } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import type { SafetyStore } from '../safety/store.ts';
import { bearerToken } from '../identity/token.ts';
import { sendProblem } from '../http/reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from '../http/schemas.ts';
import { problem } from '../tables/problems.ts';
import type { Ban, LoggedAction, ModerationStore } from './moderation.ts';
import type { Operators } from './operators.ts';

/** What the console acts on beyond its own store, each a port built by the server (app.ts). */
export interface AdminPorts {
  /** Removes a table now and tells its people it is gone; false: no such table. */
  closeTable(id: TableId): Promise<boolean>;
  /** Closes every connection of the player, on every node (a ban takes effect at once). */
  disconnect(player: PlayerId): void;
  /** The live figures, read from the nodes and the stores. */
  figures(): Promise<AdminFigures>;
}

export interface AdminRoutesOptions {
  /** The operators ADMIN_TOKEN names; null: the console is off (its page and API are 404). */
  readonly operators: Operators | null;
  readonly moderation: ModerationStore;
  readonly accounts: AccountStore;
  readonly archive: GameArchive;
  /** The reports players file, which the console lists and closes. */
  readonly safety: SafetyStore;
  readonly ports: AdminPorts;
  readonly now: () => Date;
}

const BanBody = BanRequestSchema.describe('the ban');
const RenameBody = RenameRequestSchema.describe('the new name');
const NoticeBody = NoticeRequestSchema.describe('the notice');
const PlayerParams = PlayerParamsSchema.describe('the player');
const TableParams = TableParamsSchema.describe('the table');
/** `?limit=`: 1 to 500, 100 when left out (the log and the reports alike). */
const limitQuery = (what: string) => z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(100) }).describe(what);
const LogQuery = limitQuery('the log query');
const ReportsQuery = limitQuery('the reports query');
const ReportParams = ReportParamsSchema.describe('the report');
const ResolveBody = ResolveReportRequestSchema.describe('what was done');

const DAY_MS = 86_400_000;

export const banInfo = (b: Ban): BanInfo => ({ player: b.player, reason: b.reason, by: b.by, at: b.at.toISOString(), until: b.until?.toISOString() ?? null });
const actionInfo = (a: LoggedAction) => ({ ...a, at: a.at.toISOString(), detail: { ...a.detail } });

/**
 * The operator's console (docs/protocol.md, "The operator's console"): `/api/admin/...` behind
 * an operator's token, each action logged with who and when; the public notice
 * (`GET /api/notice`). With no ADMIN_TOKEN the console does not exist: `/admin` and every
 * `/api/admin` route answer 404, as any unknown path does.
 */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (plugin, o) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  app.get('/api/notice', async (): Promise<SiteNoticeInfo> => {
    const notice = await o.moderation.notice();
    return { notice: notice === null ? null : { text: notice.text, at: notice.at.toISOString() } };
  });

  const operators = o.operators;
  if (operators === null) {
    // Off: the page is not there (rather than a login form for a console that cannot open).
    const off = async (request: FastifyRequest, reply: FastifyReply) =>
      sendProblem(reply, problem(ErrorCode.routeNotFound, `no route ${request.method} ${request.url.split('?')[0]}`));
    app.get('/admin', off);
    app.get('/admin/*', off);
    app.all('/api/admin/*', off);
    return;
  }

  /** The operator of the request's token; a refusal is sent otherwise. */
  const operatorOf = (request: FastifyRequest, reply: FastifyReply): string | null => {
    const token = bearerToken(request.headers.authorization);
    const who = token === null ? null : operators.who(token);
    if (who === null) void sendProblem(reply, problem(ErrorCode.notOperator, "this needs an operator's token (Authorization: Bearer <ADMIN_TOKEN>)"));
    return who;
  };
  const act = async (operator: string, action: LoggedAction['action'], target: string, detail: LoggedAction['detail']): Promise<void> => {
    await o.moderation.log({ at: o.now(), operator, action, target, detail });
  };
  const known = async (player: PlayerId): Promise<boolean> => (await o.archive.player(player)) !== null || (await o.accounts.account(player)) !== null;
  /** The name a player goes by now: an operator's, their account's, their last archived game's; null when none (or deleted). */
  const nameOf = async (player: PlayerId): Promise<string | null> => {
    const given = (await o.moderation.standing(player, o.now())).name;
    if (given !== null) return given;
    const name = (await o.accounts.account(player))?.name ?? (await o.archive.player(player))?.name ?? '';
    return name === '' ? null : name;
  };
  /** The reports with their two people's names, each person looked up once however many reports name them (one is often reported many times). */
  const withNames = async (reports: readonly Report[]): Promise<AdminReport[]> => {
    const people = [...new Set(reports.flatMap((r) => [r.reporter, r.reported]))];
    const names = new Map(await Promise.all(people.map(async (p) => [p, await nameOf(p)] as const)));
    return reports.map((r) => ({ ...r, reporterName: names.get(r.reporter) ?? null, reportedName: names.get(r.reported) ?? null }));
  };
  const unknownPlayer = (reply: FastifyReply, player: PlayerId) => sendProblem(reply, problem(ErrorCode.playerNotFound, `player ${player} has no archived game and no account`));

  app.get('/api/admin/figures', async (request, reply) => {
    if (operatorOf(request, reply) === null) return reply;
    return o.ports.figures();
  });

  app.get('/api/admin/log', { schema: { querystring: LogQuery } }, async (request, reply) => {
    if (operatorOf(request, reply) === null) return reply;
    return { actions: (await o.moderation.recent(request.query.limit)).map(actionInfo) };
  });

  app.get('/api/admin/reports', { schema: { querystring: ReportsQuery } }, async (request, reply) => {
    if (operatorOf(request, reply) === null) return reply;
    const open = await o.safety.openReports(request.query.limit);
    return { reports: await withNames(open) };
  });

  app.post('/api/admin/reports/:report/resolve', { schema: { params: ReportParams, body: ResolveBody } }, async (request, reply) => {
    const operator = operatorOf(request, reply);
    if (operator === null) return reply;
    const { report } = request.params;
    const closed = await o.safety.closeReport(report);
    if (closed === null) return sendProblem(reply, problem(ErrorCode.reportNotFound, `no open report ${report}`));
    const { outcome, note } = request.body;
    await act(operator, 'resolveReport', report, { outcome, note: note ?? null, reported: closed.reported });
    return { report: (await withNames([closed]))[0] };
  });

  app.get('/api/admin/bans', async (request, reply) => {
    if (operatorOf(request, reply) === null) return reply;
    return { bans: (await o.moderation.bans(o.now())).map(banInfo) };
  });

  app.post('/api/admin/bans', { schema: { body: BanBody } }, async (request, reply) => {
    const operator = operatorOf(request, reply);
    if (operator === null) return reply;
    const { player, reason, days } = request.body;
    if (!(await known(player))) return unknownPlayer(reply, player);
    const at = o.now();
    const ban: Ban = { player, reason, by: operator, at, until: days == null ? null : new Date(at.getTime() + days * DAY_MS) };
    await o.moderation.ban(ban);
    await act(operator, 'ban', player, { reason, until: ban.until?.toISOString() ?? null });
    o.ports.disconnect(player);
    return { ban: banInfo(ban) };
  });

  app.delete('/api/admin/bans/:player', { schema: { params: PlayerParams } }, async (request, reply) => {
    const operator = operatorOf(request, reply);
    if (operator === null) return reply;
    const { player } = request.params;
    if (!(await o.moderation.unban(player))) return sendProblem(reply, problem(ErrorCode.playerNotFound, `player ${player} is not banned`));
    await act(operator, 'unban', player, {});
    return { unbanned: player };
  });

  app.post('/api/admin/players/:player/name', { schema: { params: PlayerParams, body: RenameBody } }, async (request, reply) => {
    const operator = operatorOf(request, reply);
    if (operator === null) return reply;
    const { player } = request.params;
    const { name } = request.body;
    if (!(await known(player))) return unknownPlayer(reply, player);
    const account = await o.accounts.account(player);
    // A kept name stays its keeper's alone: an operator's new name obeys that too.
    const holder = await o.accounts.holder(skeleton(name));
    if (holder !== null && holder !== player)
      return sendProblem(reply, problem(ErrorCode.nameTaken, `another player keeps the name ${JSON.stringify(name)}, or one that looks the same`));
    if (account !== null && (await o.accounts.rename(player, name, skeleton(name))) === 'name_taken')
      return sendProblem(reply, problem(ErrorCode.nameTaken, `another player keeps the name ${JSON.stringify(name)}, or one that looks the same`));
    await o.moderation.rename(player, name);
    const profile = await o.archive.player(player);
    await o.archive.rename(player, name, o.now());
    await act(operator, 'rename', player, { from: profile?.name ?? account?.name ?? null, to: name });
    return { player, name };
  });

  app.post('/api/admin/tables/:tableId/close', { schema: { params: TableParams } }, async (request, reply) => {
    const operator = operatorOf(request, reply);
    if (operator === null) return reply;
    const { tableId } = request.params;
    if (!(await o.ports.closeTable(tableId))) return sendProblem(reply, problem(ErrorCode.tableNotFound, `no table ${tableId}`));
    await act(operator, 'closeTable', tableId, {});
    return { closed: tableId };
  });

  app.put('/api/admin/notice', { schema: { body: NoticeBody } }, async (request, reply) => {
    const operator = operatorOf(request, reply);
    if (operator === null) return reply;
    const at = o.now();
    await o.moderation.setNotice({ text: request.body.text, by: operator, at });
    await act(operator, 'notice', '', { text: request.body.text });
    return { notice: { text: request.body.text, at: at.toISOString() } } satisfies SiteNoticeInfo;
  });

  app.delete('/api/admin/notice', async (request, reply) => {
    const operator = operatorOf(request, reply);
    if (operator === null) return reply;
    await o.moderation.setNotice(null);
    await act(operator, 'notice', '', { text: null });
    return { notice: null } satisfies SiteNoticeInfo;
  });
};
