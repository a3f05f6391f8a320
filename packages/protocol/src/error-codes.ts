// The codes alone, without the schemas of errors.ts: the web client's first page names codes, and
// a module it imports comes whole into it (classic zod with it, once a later page uses a schema).

/**
 * Every reason the server refuses something, on the socket and over HTTP alike. These are the
 * protocol's own codes: the server maps the engine's `GameErrorCode`s onto them in one place, so
 * the wire contract does not change when the engine's internals do.
 */
export const ErrorCode = {
  // The message itself
  invalidMessage: 'message/invalid',
  unknownEvent: 'message/unknown_event',
  // Limits (see `retryAfterMs`)
  /** Too many messages, tables, queue joins or guests from this connection or address: wait `retryAfterMs`. */
  rateLimited: 'rate/limited',
  /** The connection neither joined anything nor sent anything for too long, and is closed. */
  idle: 'connection/idle',
  /** The address holds as many connections open as it may (across every node): the handshake is refused; close one first. */
  tooManySockets: 'connection/too_many',
  // Identity
  authRequired: 'auth/required',
  badToken: 'auth/invalid_token',
  badName: 'auth/invalid_name',
  /** The token was signed with a secret the server still knows, but its expiry has passed: get a new one. */
  tokenExpired: 'auth/token_expired',
  /** The token's player kept their name and then deleted the account: every token of theirs is revoked, the id is no one's now; start again as a guest. */
  tokenRevoked: 'auth/revoked',
  /** An operator banned the token's player from the site (docs/protocol.md, "The operator's console"): every token of theirs is refused until the ban ends. */
  banned: 'auth/banned',
  // The operator's console (ADMIN_TOKEN)
  /** An `/api/admin` request without an operator's token, or with a wrong one. */
  notOperator: 'admin/unauthorized',
  // Accounts (a name kept with a passkey)
  /** Another account keeps this name, or one that looks the same (case and confusables aside). */
  nameTaken: 'account/name_taken',
  /** The token's player keeps no name: there is no account to show, change or delete. */
  accountNotFound: 'account/not_found',
  /** The passkey challenge is unknown, used already or expired: ask for new options. */
  challengeExpired: 'account/challenge_expired',
  /** The authenticator's answer does not verify, or names a passkey no account has. */
  passkeyRefused: 'account/passkey_refused',
  /** No passkey of this account has that id. */
  passkeyNotFound: 'account/passkey_not_found',
  /** The account's only passkey: removing it would lock the account; delete the account instead. */
  lastPasskey: 'account/last_passkey',
  // Reports and blocks
  /** A person does not report themselves. */
  reportSelf: 'report/self',
  /** A person does not block themselves. */
  blockSelf: 'block/self',
  /** You block as many people as one may (BLOCKS_MAX): unblock someone first. */
  tooManyBlocks: 'block/too_many',
  /** No open report has this id (none was filed, or an operator closed it already). */
  reportNotFound: 'report/not_found',
  // Friends
  /** A person does not follow themselves. */
  followSelf: 'follow/self',
  /** You follow as many people as one may (FOLLOWS_MAX): unfollow someone first. */
  tooManyFollows: 'follow/too_many',
  /** A person does not challenge themselves. */
  challengeSelf: 'challenge/self',
  /** One of the two blocks the other: no challenge between them. */
  challengeBlocked: 'challenge/blocked',
  /** No challenge waits with this id for you to answer (none was made, it was answered, or it expired). */
  challengeNotFound: 'challenge/not_found',
  // Notifications (Web Push)
  /** The push endpoint is not one this server sends to: an https: URL of a push service (docs/protocol.md#notifications). */
  pushEndpointRefused: 'push/endpoint_refused',
  // Tournaments (docs/rules.md#tournaments, docs/protocol.md#tournaments): the pure decisions'
  // own refusals (packages/tournament names them by these values), and the server's.
  /** No tournament has this id. */
  tournamentNotFound: 'tournament/not_found',
  /** Creating a tournament needs an account signed in with a passkey: a guest's entries could not be held to it. */
  tournamentPasskeyRequired: 'tournament/passkey_required',
  /** The settings of a new tournament do not hold (a name too long, 0 rounds, rules that do not resolve, a start in the past...). */
  tournamentBadSettings: 'tournament/bad_settings',
  /** The rules are neither head to head (two players) nor two fixed pairs (four in partnership). */
  tournamentNotHeadToHead: 'tournament/not_head_to_head',
  /** Individuals asked for partnership rules, or pairs for rules without partners. */
  tournamentEntryMismatch: 'tournament/entry_mismatch',
  /** An action that is not one, or a field of the wrong kind. */
  tournamentBadAction: 'tournament/bad_action',
  /** An entry of the wrong size (one person in a tournament of pairs, a pair of one person twice). */
  tournamentBadEntry: 'tournament/bad_entry',
  tournamentAlreadyEntered: 'tournament/already_entered',
  tournamentFull: 'tournament/full',
  tournamentNotEntered: 'tournament/not_entered',
  /** A withdrawal is final: the unit stays in the standings and plays no more. */
  tournamentWithdrawn: 'tournament/withdrawn',
  /** No more entries: the pairings are closed (Arena) or the last round is paired (Swiss). */
  tournamentEntriesClosed: 'tournament/entries_closed',
  tournamentTooEarly: 'tournament/too_early',
  tournamentNotStarted: 'tournament/not_started',
  tournamentAlreadyStarted: 'tournament/already_started',
  tournamentFinished: 'tournament/finished',
  /** Swiss: the round under way has games still being played. */
  tournamentRoundUnderWay: 'tournament/round_under_way',
  /** Arena: nobody waiting has someone to play. */
  tournamentNothingToPair: 'tournament/nothing_to_pair',
  /** Arena: the last moments of the tournament, when no new game starts (lichess's rule). */
  tournamentPairingsClosed: 'tournament/pairings_closed',
  /** Swiss: every round is paired; what is left is to finish. */
  tournamentRoundsDone: 'tournament/rounds_done',
  /** Not yet over: the Arena's time is not up, or the Swiss has rounds left. */
  tournamentNotOver: 'tournament/not_over',
  tournamentUnknownGame: 'tournament/unknown_game',
  /** The game already has its result (a job run twice must not count it twice). */
  tournamentGameOver: 'tournament/game_over',
  /** A result that is not two whole numbers of points, each 0 or more. */
  tournamentBadResult: 'tournament/bad_result',
  // Tables and seats
  /** Someone seated at this table blocks you: you may not sit down at it. */
  tableBlocked: 'table/blocked',
  badRules: 'rules/invalid',
  tableNotFound: 'table/not_found',
  notJoined: 'table/not_joined',
  notSeated: 'table/not_seated',
  notHost: 'table/not_host',
  tableFull: 'table/full',
  alreadyStarted: 'table/already_started',
  /** Whether a private table's games are rated is the host's choice before the first start only. */
  ratedFixed: 'table/rated_fixed',
  seatsOpen: 'table/seats_open',
  seatTaken: 'table/seat_taken',
  badSeat: 'table/bad_seat',
  gameNotOver: 'table/game_not_over',
  /** A rematch is offered already and not yet answered by everyone: wait for their answers. */
  rematchOffered: 'table/rematch_offered',
  /** There is no rematch offer to answer (none made, or it was declined or has started). */
  noRematchOffer: 'table/no_rematch_offer',
  // Queues
  /** You sit at a game under way (a person is seated at one table at a time): finish or leave it first. */
  alreadyPlaying: 'queue/already_playing',
  /** You left too many rated games lately: no queue until `until` (`leaves` in the last `windowHours` say why). */
  queueBanned: 'queue/banned',
  // Reactions
  /** Reactions come at most a few per player per while (across every node): wait `retryAfterMs`. */
  reactionRateLimited: 'reaction/rate_limited',
  // Game actions
  stale: 'action/stale',
  notYourTurn: 'move/not_your_turn',
  illegalMove: 'move/illegal',
  tileNotHeld: 'move/tile_not_held',
  tileDoesNotFit: 'move/tile_does_not_fit',
  endNotOpen: 'move/end_not_open',
  endRequired: 'move/end_required',
  endOnLead: 'move/end_on_lead',
  mustLeadHighest: 'move/must_lead_highest',
  mustPlay: 'move/must_play',
  mustDraw: 'move/must_draw',
  noDrawing: 'move/no_drawing',
  boneyardEmpty: 'move/boneyard_empty',
  mustClaim: 'muggins/must_claim',
  claimNotExpected: 'muggins/claim_not_expected',
  mugginsOff: 'muggins/off',
  badClaim: 'muggins/bad_claim',
  nothingMissed: 'muggins/nothing_missed',
  notAnOpponent: 'muggins/not_an_opponent',
  /** The server's Muggins window (see `timers.muggins`) has closed; the rules alone would still allow the call. */
  mugginsWindowClosed: 'muggins/window_closed',
  notPlaying: 'game/not_playing',
  gameOver: 'game/over',
  // Records
  gameNotFound: 'game/not_found',
  gameInProgress: 'game/in_progress',
  // The archive
  /** No archived game has this player in it. */
  playerNotFound: 'player/not_found',
  // HTTP
  routeNotFound: 'http/not_found',
  // The server
  busy: 'server/busy',
  internal: 'server/internal',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
