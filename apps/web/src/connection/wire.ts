import type { End } from '@fives/engine';
import {
  ErrorCode,
  type OpenTable as WireOpenTable,
  type Problem,
  type QueueJoined,
  type QueueStatus as WireQueueStatus,
  type SeatSpec,
  type TableState,
  TABLE_CODE_ALPHABET,
  TABLE_CODE_LENGTH,
  type TableSummary as WireSummary,
  normalizeTableCode,
  ratingText,
} from '@fives/protocol';
import type { FairnessReport } from './fairness.ts';
import type { ClientState, GameSetup, Move, Notice, OpenTable, QueueBan, QueueStatus, SeatSummary, TableSummary } from './types.ts';
import { tableId } from './types.ts';
import { type PlainKey, t } from '../i18n/i18n.svelte.ts';

/** Between the protocol's messages and the client's own state: pure, so it is tested without a server. */

/** A deadline the server sends, on this client's clock: counted from `remainingMs`, since the two clocks may disagree. */
export function deadlineAt(d: { readonly remainingMs: number }, now: number): number {
  return now + d.remainingMs;
}

/**
 * The table's summary as the screens read it: the wire summary, with presence, the invite link
 * (null: a table nobody can join) and the clocks on this client's clock (`now` is when the
 * message came).
 */
export function summaryOf(table: WireSummary, connected: readonly boolean[] | null, inviteUrl: string | null, now: number): TableSummary {
  const seats: SeatSummary[] = table.seats.map((s, i) => {
    switch (s.kind) {
      case 'open':
        return { seat: s.seat, kind: 'open', name: '', level: null, connected: false, away: false };
      case 'human':
        return {
          seat: s.seat,
          kind: 'human',
          name: s.name,
          level: null,
          connected: connected?.[i] ?? true,
          away: s.away,
          ...(s.rating === undefined ? {} : { rating: s.rating }),
          ...(s.kept === true ? { kept: true } : {}),
        };
      case 'bot':
        return { seat: s.seat, kind: 'bot', name: s.name, level: s.level, connected: true, away: false };
      default:
        return s satisfies never;
    }
  });
  return {
    id: tableId(table.id),
    code: table.code,
    inviteUrl,
    rules: table.rules,
    seats,
    hostSeat: table.hostSeat,
    phase: table.phase,
    game: table.game,
    turnSeconds: table.turnSeconds,
    listed: table.listed,
    rated: table.rated,
    turnDeadline: table.timers.turn ? deadlineAt(table.timers.turn, now) : null,
    // The server times the Muggins window: with none open there is nothing to call.
    mugginsDeadline: table.timers.muggins ? deadlineAt(table.timers.muggins, now) : 0,
    ...(table.rematch === undefined ? {} : { rematch: table.rematch }),
  };
}

/**
 * A table state message as the client keeps it, whichever connection brought it (the server's
 * socket, or the practice table in this page): the summary as the screens read it, the seat and
 * its view, and how the deals have checked out so far.
 */
export function tableOf(
  s: TableState,
  fairness: { observe(s: TableState): FairnessReport },
  connected: readonly boolean[] | null,
  inviteUrl: string | null,
  now: number,
): NonNullable<ClientState['table']> {
  return { summary: summaryOf(s.table, connected, inviteUrl, now), seat: s.seat, view: s.view, fairness: fairness.observe(s) };
}

/** Said when the clock ran out on the player's turn and a computer player moved for them. */
/** The notice that the player's time ran out (a function: its words are the language's at the time). */
export const TIMED_OUT = (): Notice => ({ code: 'turn/timeout', message: t('notice.timeout') });

/** The move that plays `tile` where a hint places it: `end` null for the lead, which takes none. */
export function playMove(tile: string, end: End | null): Move {
  return end === null ? { type: 'play', tile } : { type: 'play', tile, end };
}

/** Every seat of a new table in order: people first (the creator takes the first), then the computer players. */
export function seatSpecs(players: number, setup: GameSetup): SeatSpec[] {
  return Array.from({ length: players }, (_, i): SeatSpec => (i < players - setup.bots ? { type: 'human' } : { type: 'bot', level: setup.level }));
}

export function openTableOf(t: WireOpenTable): OpenTable {
  return { id: tableId(t.tableId), code: t.code, host: t.host, rules: t.rules, seatsTaken: t.taken, turnSeconds: t.turnSeconds };
}

/** The queue as the card shows it, with `rating` the player's own as `yourRating` gives it (null: not known yet). */
export function queueOf(q: WireQueueStatus, now: number, rating: string | null): QueueStatus {
  return {
    players: q.rules.players,
    preset: q.rules.preset,
    waiting: q.waiting,
    botsAt: q.botsAt === null ? null : deadlineAt(q.botsAt, now),
    rating,
  };
}

/** The ban a `queue:join` refusal carries (`queue/banned`), its end on this client's clock; null for any other refusal. */
export function queueBanOf(problem: Problem, now: number): QueueBan | null {
  if (problem.code !== ErrorCode.queueBanned || problem.retryAfterMs === undefined || problem.leaves === undefined || problem.windowHours === undefined) return null;
  return { until: now + problem.retryAfterMs, leaves: problem.leaves, windowHours: problem.windowHours };
}

/**
 * The rating a `queue:join` ack carries, as the table shows ratings: rounded, or "?" while
 * unsure; "?" too when the server could not read it (it then matches the player as "?").
 */
export function yourRating(ack: Pick<QueueJoined, 'rating'>): string {
  return ratingText(ack.rating);
}

const CODE = new RegExp(`^[${TABLE_CODE_ALPHABET}]{${TABLE_CODE_LENGTH}}$`);

/** Whether `text` reads as a table code (any case; spaces and dashes ignored, as the server reads it). */
export function isTableCode(text: string): boolean {
  return CODE.test(normalizeTableCode(text));
}

/** Words for the codes a player meets in play; the server's own message otherwise, as a sentence. */
const WORDS: Readonly<Record<string, PlainKey>> = {
  'action/stale': 'notice.stale',
  'auth/required': 'notice.authRequired',
  'auth/invalid_token': 'notice.badToken',
  'account/name_taken': 'notice.nameKept',
  'table/not_found': 'notice.notFound',
  'table/not_seated': 'notice.notSeated',
  'table/not_host': 'notice.notHost',
  'queue/already_playing': 'notice.alreadyPlaying',
  'queue/banned': 'notice.queueBanned',
  'muggins/window_closed': 'notice.mugginsClosed',
  'reaction/rate_limited': 'notice.reactionsLimited',
  'server/busy': 'notice.busy',
  'server/internal': 'notice.internal',
};

export function noticeOf(problem: { readonly code: string; readonly message: string }): Notice {
  const key = WORDS[problem.code];
  return { code: problem.code, message: key === undefined ? sentence(problem.message) : t(key) };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return t('notice.refused');
  const s = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}
