import { type GameError, GameErrorCode, type Result } from '@fives/engine';
import { ErrorCode, type Problem } from '@fives/protocol';

/**
 * The one place the engine's error codes become the protocol's. The map is total over
 * `GameErrorCode`, so a new engine code does not compile until it is given a wire code.
 */
const FROM_ENGINE: Record<GameErrorCode, ErrorCode> = {
  [GameErrorCode.badRules]: ErrorCode.badRules,
  [GameErrorCode.badAction]: ErrorCode.illegalMove,
  [GameErrorCode.notYourTurn]: ErrorCode.notYourTurn,
  [GameErrorCode.badSeat]: ErrorCode.illegalMove,
  [GameErrorCode.tileNotHeld]: ErrorCode.tileNotHeld,
  [GameErrorCode.tileDoesNotFit]: ErrorCode.tileDoesNotFit,
  [GameErrorCode.endNotOpen]: ErrorCode.endNotOpen,
  [GameErrorCode.endRequired]: ErrorCode.endRequired,
  [GameErrorCode.endNotAllowedOnLead]: ErrorCode.endOnLead,
  [GameErrorCode.mustLeadHighest]: ErrorCode.mustLeadHighest,
  [GameErrorCode.mustPlay]: ErrorCode.mustPlay,
  [GameErrorCode.mustDraw]: ErrorCode.mustDraw,
  [GameErrorCode.noDrawing]: ErrorCode.noDrawing,
  [GameErrorCode.boneyardEmpty]: ErrorCode.boneyardEmpty,
  [GameErrorCode.mustClaim]: ErrorCode.mustClaim,
  [GameErrorCode.claimNotExpected]: ErrorCode.claimNotExpected,
  [GameErrorCode.claimsOff]: ErrorCode.mugginsOff,
  [GameErrorCode.badClaim]: ErrorCode.badClaim,
  [GameErrorCode.nothingMissed]: ErrorCode.nothingMissed,
  [GameErrorCode.notAnOpponent]: ErrorCode.notAnOpponent,
  [GameErrorCode.noHand]: ErrorCode.notPlaying,
  [GameErrorCode.handInProgress]: ErrorCode.notPlaying,
  [GameErrorCode.gameOver]: ErrorCode.gameOver,
  // The server deals; a bad deal or leader is its own bug, never the player's.
  [GameErrorCode.badDeal]: ErrorCode.internal,
  [GameErrorCode.wrongLeader]: ErrorCode.internal,
};

export function fromGameError(error: GameError): Problem {
  return { code: FROM_ENGINE[error.code], message: error.message };
}

export function problem(code: ErrorCode, message: string, extra: Omit<Problem, 'code' | 'message'> = {}): Problem {
  return { code, message, ...extra };
}

/**
 * A table decision's outcome is the engine's own `Result`, refused with the protocol's `Problem`
 * (`Result<T, Problem>`): one shape from the engine through the table, the server and the clients.
 */
export function refuse(code: ErrorCode, message: string, extra: Omit<Problem, 'code' | 'message'> = {}): Result<never, Problem> {
  return { ok: false, error: problem(code, message, extra) };
}
