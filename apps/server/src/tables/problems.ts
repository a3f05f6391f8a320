import { ErrorCode } from '@fives/protocol';

// The engine's codes on the wire live with the table machine, which decides with them; what it
// decides is the engine's `Result`, refused with a `Problem`.
export { fromGameError, problem, refuse } from '@fives/table';

/** The HTTP status that goes with a code. */
export function httpStatus(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.authRequired:
    case ErrorCode.badToken:
    case ErrorCode.tokenExpired:
    case ErrorCode.tokenRevoked:
    case ErrorCode.passkeyRefused:
    case ErrorCode.notOperator:
      return 401;
    case ErrorCode.banned:
      return 403;
    case ErrorCode.notHost:
    case ErrorCode.notSeated:
    case ErrorCode.notJoined:
    case ErrorCode.queueBanned:
    case ErrorCode.tableBlocked:
    case ErrorCode.challengeBlocked:
    case ErrorCode.tournamentPasskeyRequired:
      return 403;
    case ErrorCode.tableNotFound:
    case ErrorCode.gameNotFound:
    case ErrorCode.playerNotFound:
    case ErrorCode.accountNotFound:
    case ErrorCode.passkeyNotFound:
    case ErrorCode.reportNotFound:
    case ErrorCode.challengeNotFound:
    case ErrorCode.tournamentNotFound:
    case ErrorCode.routeNotFound:
      return 404;
    case ErrorCode.gameInProgress:
    case ErrorCode.stale:
    case ErrorCode.tableFull:
    case ErrorCode.alreadyStarted:
    case ErrorCode.ratedFixed:
    case ErrorCode.seatsOpen:
    case ErrorCode.seatTaken:
    case ErrorCode.gameNotOver:
    case ErrorCode.rematchOffered:
    case ErrorCode.noRematchOffer:
    case ErrorCode.alreadyPlaying:
    case ErrorCode.nameTaken:
    case ErrorCode.lastPasskey:
    case ErrorCode.challengeExpired:
    case ErrorCode.tooManyBlocks:
    case ErrorCode.tooManyFollows:
    case ErrorCode.tournamentAlreadyEntered:
    case ErrorCode.tournamentFull:
    case ErrorCode.tournamentNotEntered:
    case ErrorCode.tournamentWithdrawn:
    case ErrorCode.tournamentEntriesClosed:
    case ErrorCode.tournamentTooEarly:
    case ErrorCode.tournamentNotStarted:
    case ErrorCode.tournamentAlreadyStarted:
    case ErrorCode.tournamentFinished:
    case ErrorCode.tournamentRoundUnderWay:
    case ErrorCode.tournamentNothingToPair:
    case ErrorCode.tournamentPairingsClosed:
    case ErrorCode.tournamentRoundsDone:
    case ErrorCode.tournamentNotOver:
    case ErrorCode.tournamentUnknownGame:
    case ErrorCode.tournamentGameOver:
      return 409;
    case ErrorCode.rateLimited:
    case ErrorCode.reactionRateLimited:
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
    case ErrorCode.reportSelf:
    case ErrorCode.blockSelf:
    case ErrorCode.followSelf:
    case ErrorCode.challengeSelf:
    case ErrorCode.pushEndpointRefused:
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
    case ErrorCode.tournamentBadSettings:
    case ErrorCode.tournamentNotHeadToHead:
    case ErrorCode.tournamentEntryMismatch:
    case ErrorCode.tournamentBadAction:
    case ErrorCode.tournamentBadEntry:
    case ErrorCode.tournamentBadResult:
      return 400;
  }
}
