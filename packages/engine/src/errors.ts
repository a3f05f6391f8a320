/**
 * Every way an action can be refused. Illegal moves are ordinary outcomes in a game, so they
 * come back as values (`Result`) with a stable code, never as exceptions; the server maps these
 * codes onto its own and the client shows the message.
 */
export const GameErrorCode = {
  badRules: 'rules/invalid',
  badAction: 'action/invalid',
  notYourTurn: 'move/not_your_turn',
  badSeat: 'move/bad_seat',
  tileNotHeld: 'move/tile_not_held',
  tileDoesNotFit: 'move/tile_does_not_fit',
  endNotOpen: 'move/end_not_open',
  endRequired: 'move/end_required',
  endNotAllowedOnLead: 'move/end_on_lead',
  mustLeadHighest: 'move/must_lead_highest',
  mustPlay: 'move/must_play',
  mustDraw: 'move/must_draw',
  noDrawing: 'move/no_drawing',
  boneyardEmpty: 'move/boneyard_empty',
  mustClaim: 'muggins/must_claim',
  claimNotExpected: 'muggins/claim_not_expected',
  claimsOff: 'muggins/off',
  badClaim: 'muggins/bad_claim',
  nothingMissed: 'muggins/nothing_missed',
  notAnOpponent: 'muggins/not_an_opponent',
  noHand: 'game/no_hand',
  handInProgress: 'game/hand_in_progress',
  gameOver: 'game/over',
  badDeal: 'deal/invalid',
  wrongLeader: 'deal/wrong_leader',
} as const;

export type GameErrorCode = (typeof GameErrorCode)[keyof typeof GameErrorCode];

export interface GameError {
  readonly code: GameErrorCode;
  readonly message: string;
}

export type Result<T, E = GameError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function fail(code: GameErrorCode, message: string): Result<never> {
  return { ok: false, error: { code, message } };
}
