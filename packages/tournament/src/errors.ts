import type { Result } from '@fives/engine';

/**
 * Every way a tournament refuses an input. As with the engine's moves, a refusal is an ordinary
 * outcome (a late entry, a result sent twice by a retried job), so it comes back as a value with
 * a stable code and leaves the tournament as it was; nothing here throws for bad input.
 */
export const TournamentErrorCode = {
  /** The settings of a new tournament do not hold (a name too long, 0 rounds, rules that do not resolve, a start in the past...). */
  badSettings: 'tournament/bad_settings',
  /** The rules are neither head to head (two players) nor two fixed pairs (four in partnership). */
  notHeadToHead: 'tournament/not_head_to_head',
  /** Individuals asked for partnership rules, or pairs for rules without partners. */
  entryMismatch: 'tournament/entry_mismatch',
  /** An action that is not one, or a field of the wrong kind. */
  badAction: 'tournament/bad_action',
  /** An entry of the wrong size (one person in a tournament of pairs, a pair of one person twice). */
  badEntry: 'tournament/bad_entry',
  alreadyEntered: 'tournament/already_entered',
  full: 'tournament/full',
  notEntered: 'tournament/not_entered',
  /** A withdrawal is final: the unit stays in the standings and plays no more. */
  withdrawn: 'tournament/withdrawn',
  /** No more entries: the pairings are closed (Arena) or the last round is paired (Swiss). */
  entriesClosed: 'tournament/entries_closed',
  tooEarly: 'tournament/too_early',
  notStarted: 'tournament/not_started',
  alreadyStarted: 'tournament/already_started',
  finished: 'tournament/finished',
  /** Swiss: the round under way has games still being played. */
  roundUnderWay: 'tournament/round_under_way',
  /** Arena: nobody waiting has someone to play (fewer than two wait, or two who just met while other games go on). */
  nothingToPair: 'tournament/nothing_to_pair',
  /** Arena: the last moments of the tournament, when no new game starts (lichess's rule). */
  pairingsClosed: 'tournament/pairings_closed',
  /** Swiss: every round is paired; what is left is to finish. */
  roundsDone: 'tournament/rounds_done',
  /** Not yet over: the Arena's time is not up, or the Swiss has rounds left. */
  notOver: 'tournament/not_over',
  unknownGame: 'tournament/unknown_game',
  /** The game already has its result (a job run twice must not count it twice). */
  gameOver: 'tournament/game_over',
  /** A result that is not two whole numbers of points, each 0 or more. */
  badResult: 'tournament/bad_result',
} as const;

export type TournamentErrorCode = (typeof TournamentErrorCode)[keyof typeof TournamentErrorCode];

export interface TournamentError {
  readonly code: TournamentErrorCode;
  readonly message: string;
}

export function refuse(code: TournamentErrorCode, message: string): Result<never, TournamentError> {
  return { ok: false, error: { code, message } };
}
