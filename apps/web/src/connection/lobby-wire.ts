import type { Preset, Rules, RulesInput } from '@fives/engine';
import type { JoinResult } from '@fives/protocol';
import type { BotLevel, OpenTable, QueueStatus } from './types.ts';
import { tableId } from './types.ts';

/**
 * The lobby's messages — play now, table codes, the random-opponent queue, open tables, turn
 * and Muggins clocks, stand-ins — written from the Lobby, Clocks and Stand-ins sections of
 * docs/protocol.md (issue 5). The server and @fives/protocol of this branch do not have them
 * yet; the connection asks its server (`GET /api/open-tables`) and uses them only when it
 * answers. When issue 5 is merged these shapes are @fives/protocol's, and these mirrors go.
 */

export interface WireDeadline {
  readonly at: string;
  readonly remainingMs: number;
}

/** What a lobby server adds to every `TableSummary`. */
export interface LobbySummaryFields {
  readonly code: string;
  readonly turnSeconds: number | null;
  readonly listed: boolean;
  readonly timers: {
    readonly turn: (WireDeadline & { readonly seat: number }) | null;
    readonly muggins: WireDeadline | null;
  };
}

export interface WireOpenTable {
  readonly tableId: string;
  readonly code: string;
  readonly host: string | null;
  readonly rules: Rules;
  readonly seats: number;
  readonly taken: number;
  readonly turnSeconds: number | null;
  readonly createdAt: string;
}

export interface WireQueueStatus {
  readonly queue: string;
  readonly rules: Rules;
  readonly waiting: number;
  readonly botsAt: WireDeadline | null;
}

export interface WireQueueMatched {
  readonly queue: string;
  readonly tableId: string;
  readonly seat: number;
}

export interface WireTimeout {
  readonly tableId: string;
  readonly seat: number;
  readonly version: number;
}

export interface LobbyServerEvents {
  'queue:status': (message: WireQueueStatus) => void;
  'queue:matched': (message: WireQueueMatched) => void;
  'lobby:tables': (message: { readonly tables: readonly WireOpenTable[] }) => void;
  'table:timeout': (message: WireTimeout) => void;
}

/** The lobby's client events: each one's payload and its ack's data. */
export interface LobbyRequests {
  'lobby:playNow': { message: { rules: RulesInput; level?: BotLevel; turnSeconds?: number }; result: JoinResult };
  'lobby:watch': { message: { on: boolean }; result: { tables: WireOpenTable[] } };
  'queue:join': { message: { rules: RulesInput; waitSeconds?: number; level?: BotLevel }; result: WireQueueStatus };
  'queue:leave': { message: Record<string, never>; result: { left: boolean } };
  /** `table:join` by code: the protocol's `{tableId}` form is in @fives/protocol already. */
  'table:join': { message: { code: string; as?: 'player' | 'spectator' }; result: JoinResult };
}

/** A table code as the server reads it: any case, spaces and dashes ignored. */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** Six characters from 2–9 and the capitals without I, L, O and U. */
export function isTableCode(text: string): boolean {
  return /^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/.test(normalizeCode(text));
}

/** A deadline on this client's clock: counted from `remainingMs`, since the two clocks may disagree. */
export function deadlineAt(d: WireDeadline, now: number): number {
  return now + d.remainingMs;
}

export function openTableOf(t: WireOpenTable): OpenTable {
  return { id: tableId(t.tableId), code: t.code, host: t.host, rules: t.rules, seatsTaken: t.taken, turnSeconds: t.turnSeconds };
}

export function queueOf(q: WireQueueStatus, now: number): QueueStatus {
  return {
    players: q.rules.players as 2 | 3 | 4,
    preset: q.rules.preset as Preset,
    waiting: q.waiting,
    botsAt: q.botsAt === null ? null : deadlineAt(q.botsAt, now),
  };
}
