import { ErrorCode } from '@fives/protocol';
import type { Result } from '@fives/engine';

/**
 * Every way a tournament refuses an input. As with the engine's moves, a refusal is an ordinary
 * outcome (a late entry, a result sent twice by a retried job), so it comes back as a value with
 * a stable code and leaves the tournament as it was; nothing here throws for bad input. The codes
 * are the protocol's (error-codes.ts, where each is explained), so a refusal goes to a client as is.
 */
export const TournamentErrorCode = {
  badSettings: ErrorCode.tournamentBadSettings,
  notHeadToHead: ErrorCode.tournamentNotHeadToHead,
  entryMismatch: ErrorCode.tournamentEntryMismatch,
  badAction: ErrorCode.tournamentBadAction,
  badEntry: ErrorCode.tournamentBadEntry,
  alreadyEntered: ErrorCode.tournamentAlreadyEntered,
  full: ErrorCode.tournamentFull,
  notEntered: ErrorCode.tournamentNotEntered,
  withdrawn: ErrorCode.tournamentWithdrawn,
  entriesClosed: ErrorCode.tournamentEntriesClosed,
  tooEarly: ErrorCode.tournamentTooEarly,
  notStarted: ErrorCode.tournamentNotStarted,
  alreadyStarted: ErrorCode.tournamentAlreadyStarted,
  finished: ErrorCode.tournamentFinished,
  roundUnderWay: ErrorCode.tournamentRoundUnderWay,
  nothingToPair: ErrorCode.tournamentNothingToPair,
  pairingsClosed: ErrorCode.tournamentPairingsClosed,
  roundsDone: ErrorCode.tournamentRoundsDone,
  notOver: ErrorCode.tournamentNotOver,
  unknownGame: ErrorCode.tournamentUnknownGame,
  gameOver: ErrorCode.tournamentGameOver,
  badResult: ErrorCode.tournamentBadResult,
} as const;

export type TournamentErrorCode = (typeof TournamentErrorCode)[keyof typeof TournamentErrorCode];

export interface TournamentError {
  readonly code: TournamentErrorCode;
  readonly message: string;
}

export function refuse(code: TournamentErrorCode, message: string): Result<never, TournamentError> {
  return { ok: false, error: { code, message } };
}
