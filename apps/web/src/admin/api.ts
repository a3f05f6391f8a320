import type { AdminActionInfo, AdminFigures, AdminReport, BanInfo, BanRequest, ReportOutcome, SiteNoticeInfo } from '@fives/protocol';
import { type Answer, send } from '../account/api.ts';

const enc = encodeURIComponent;

/** The console's routes (docs/protocol.md, "The operator's console"), each with the operator's token. */
export function adminApi(token: string) {
  const get = <T>(path: string) => send<T>(path, { method: 'GET', token });
  return {
    figures: (): Promise<Answer<AdminFigures>> => get('/api/admin/figures'),
    reports: (): Promise<Answer<{ reports: AdminReport[] }>> => get('/api/admin/reports'),
    resolve: (id: string, outcome: ReportOutcome, note: string): Promise<Answer<{ report: AdminReport }>> =>
      send(`/api/admin/reports/${enc(id)}/resolve`, { method: 'POST', token, body: { outcome, ...(note.trim() === '' ? {} : { note }) } }),
    bans: (): Promise<Answer<{ bans: BanInfo[] }>> => get('/api/admin/bans'),
    ban: (body: BanRequest): Promise<Answer<{ ban: BanInfo }>> => send('/api/admin/bans', { method: 'POST', token, body }),
    unban: (player: string): Promise<Answer<{ unbanned: string }>> => send(`/api/admin/bans/${enc(player)}`, { method: 'DELETE', token }),
    rename: (player: string, name: string): Promise<Answer<{ player: string; name: string }>> =>
      send(`/api/admin/players/${enc(player)}/name`, { method: 'POST', token, body: { name } }),
    closeTable: (table: string): Promise<Answer<{ closed: string }>> => send(`/api/admin/tables/${enc(table)}/close`, { method: 'POST', token }),
    notice: (): Promise<Answer<SiteNoticeInfo>> => send('/api/notice', { method: 'GET' }),
    setNotice: (text: string): Promise<Answer<SiteNoticeInfo>> => send('/api/admin/notice', { method: 'PUT', token, body: { text } }),
    clearNotice: (): Promise<Answer<SiteNoticeInfo>> => send('/api/admin/notice', { method: 'DELETE', token }),
    log: (): Promise<Answer<{ actions: AdminActionInfo[] }>> => get('/api/admin/log?limit=50'),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
