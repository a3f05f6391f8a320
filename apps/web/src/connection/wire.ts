import type { Rules } from '@fives/engine';
import type { SeatSpec, TableSummary as WireSummary, WireAction } from '@fives/protocol';
import type { GameSetup, Move, Notice, SeatSummary, TableSummary } from './types.ts';
import { tableId } from './types.ts';

/** Between the protocol's messages and the client's own state: pure, so it is tested without a server. */

/** The table's summary as the screens read it: the wire summary, with presence and the invite link. */
export function summaryOf(table: WireSummary, connected: readonly boolean[] | null, inviteUrl: string): TableSummary {
  const seats: SeatSummary[] = table.seats.map((s, i) => {
    switch (s.kind) {
      case 'open':
        return { seat: s.seat, kind: 'open', name: '', level: null, connected: false };
      case 'human':
        return { seat: s.seat, kind: 'human', name: s.name, level: null, connected: connected?.[i] ?? true };
      case 'bot':
        return { seat: s.seat, kind: 'bot', name: s.name, level: s.level, connected: true };
      default:
        return s satisfies never;
    }
  });
  return {
    id: tableId(table.id),
    code: null,
    inviteUrl,
    rules: table.rules as Rules,
    seats,
    hostSeat: table.hostSeat,
    phase: table.phase,
    game: table.game,
    turnSeconds: null,
    turnDeadline: null,
  };
}

/** A move as `game:action` carries it: no seat (the socket's), and no `end` where none was chosen. */
export function wireAction(move: Move): WireAction {
  switch (move.type) {
    case 'play':
      return move.end === null ? { type: 'play', tile: move.tile } : { type: 'play', tile: move.tile, end: move.end };
    case 'claim':
      return { type: 'claim', points: move.points };
    case 'draw':
    case 'pass':
    case 'noScore':
    case 'muggins':
      return { type: move.type };
    default:
      return move satisfies never;
  }
}

/** Every seat of a new table in order: people first (the creator takes the first), then the computer players. */
export function seatSpecs(players: number, setup: GameSetup): SeatSpec[] {
  return Array.from({ length: players }, (_, i): SeatSpec => (i < players - setup.bots ? { type: 'human' } : { type: 'bot', level: setup.level }));
}

/** Words for the codes a player meets in play; the server's own message otherwise, as a sentence. */
const WORDS: Readonly<Record<string, string>> = {
  'action/stale': 'The table moved on before your move arrived. Look again and play.',
  'auth/required': 'Pick a name first: sitting at a table needs one.',
  'auth/invalid_token': 'The server no longer knows this browser’s guest pass; pick your name again.',
  'table/not_found': 'There is no such table: the link may be mistyped, or the table is gone.',
  'table/not_seated': 'You are watching this table: only the players can move.',
  'table/not_host': 'Only the host can do that.',
  'server/busy': 'The server is busy; try again in a moment.',
  'server/internal': 'Something went wrong on the server; try again.',
};

export function noticeOf(problem: { readonly code: string; readonly message: string }): Notice {
  return { code: problem.code, message: WORDS[problem.code] ?? sentence(problem.message) };
}

function sentence(text: string): string {
  const t = text.trim();
  if (t === '') return 'The server refused that.';
  const s = t[0]?.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}
