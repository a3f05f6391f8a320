import type { Blocks, Report, ReportRequest } from '@fives/protocol';
import { safetyPaths } from '@fives/protocol';
import { type Answer, send } from '../account/api.ts';

/** Who a report or block is about: a player by id (a player page, a finished game), or whoever sits at a seat (a table's seat panel). */
export type SafetyTarget =
  | { readonly kind: 'player'; readonly playerId: string; readonly gameId?: string }
  | { readonly kind: 'seat'; readonly tableId: string; readonly seat: number; readonly gameId: string };

/** The report and block routes (docs/protocol.md, "Report and block"). */
export const safetyApi = {
  report(token: string, target: SafetyTarget, reason: ReportRequest['reason'], note: string): Promise<Answer<{ report: Report }>> {
    const who = target.kind === 'player' ? { playerId: target.playerId } : { seat: target.seat };
    const gameId = target.gameId === undefined ? {} : { gameId: target.gameId };
    const body = { ...who, ...gameId, reason, ...(note.trim() === '' ? {} : { note }) };
    return send(safetyPaths.reports, { method: 'POST', token, body });
  },
  block(token: string, target: SafetyTarget): Promise<Answer<Blocks>> {
    return target.kind === 'player'
      ? send(safetyPaths.block(target.playerId), { method: 'PUT', token, body: {} })
      : send(safetyPaths.blocks, { method: 'POST', token, body: { tableId: target.tableId, seat: target.seat } });
  },
  unblock: (token: string, playerId: string): Promise<Answer<Blocks>> => send(safetyPaths.block(playerId), { method: 'DELETE', token }),
  blocks: (token: string): Promise<Answer<Blocks>> => send(safetyPaths.blocks, { method: 'GET', token }),
};
