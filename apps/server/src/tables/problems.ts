import { type GameError, GameErrorCode } from '@fives/engine';
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

/** The HTTP status that goes with a code. */
export function httpStatus(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.authRequired:
    case ErrorCode.badToken:
      return 401;
    case ErrorCode.notHost:
    case ErrorCode.notSeated:
    case ErrorCode.notJoined:
      return 403;
    case ErrorCode.tableNotFound:
    case ErrorCode.gameNotFound:
    case ErrorCode.routeNotFound:
      return 404;
    case ErrorCode.gameInProgress:
    case ErrorCode.stale:
    case ErrorCode.tableFull:
    case ErrorCode.alreadyStarted:
    case ErrorCode.seatsOpen:
    case ErrorCode.seatTaken:
    case ErrorCode.gameNotOver:
    case ErrorCode.alreadyPlaying:
      return 409;
    case ErrorCode.rateLimited:
      return 429;
    case ErrorCode.busy:
      return 503;
    case ErrorCode.internal:
      return 500;
    // Named one by one, so that a new code has to choose its status here.
    case ErrorCode.invalidMessage:
    case ErrorCode.unknownEvent:
    case ErrorCode.idle:
    case ErrorCode.tooManySockets:
    case ErrorCode.badName:
    case ErrorCode.badRules:
    case ErrorCode.badSeat:
    case ErrorCode.notYourTurn:
    case ErrorCode.illegalMove:
    case ErrorCode.tileNotHeld:
    case ErrorCode.tileDoesNotFit:
    case ErrorCode.endNotOpen:
    case ErrorCode.endRequired:
    case ErrorCode.endOnLead:
    case ErrorCode.mustLeadHighest:
    case ErrorCode.mustPlay:
    case ErrorCode.mustDraw:
    case ErrorCode.noDrawing:
    case ErrorCode.boneyardEmpty:
    case ErrorCode.mustClaim:
    case ErrorCode.claimNotExpected:
    case ErrorCode.mugginsOff:
    case ErrorCode.badClaim:
    case ErrorCode.nothingMissed:
    case ErrorCode.notAnOpponent:
    case ErrorCode.mugginsWindowClosed:
    case ErrorCode.notPlaying:
    case ErrorCode.gameOver:
      return 400;
  }
}

/** A refusal or a value: what every table operation returns. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: Problem };

export function refuse(code: ErrorCode, message: string, extra: Omit<Problem, 'code' | 'message'> = {}): Outcome<never> {
  return { ok: false, problem: problem(code, message, extra) };
}

export function success<T>(value: T): Outcome<T> {
  return { ok: true, value };
}
