import type { RateRule } from './rates.ts';

/**
 * What one client may do, and how long a connection may sit doing nothing. Every rule is
 * "at most `limit` per `windowMs`"; 0 switches it off. Per connection in the node's memory,
 * per address in the store (Redis), so they hold across every node. Their defaults are in
 * `defaults.ts`.
 */
export interface Limits {
  /** Socket messages of one connection (a token bucket: `limit` at once, `limit` per window). */
  readonly connectionMessages: RateRule;
  /** Socket messages of every connection from one address. */
  readonly addressMessages: RateRule;
  /** New socket connections from one address. */
  readonly addressConnections: RateRule;
  /** Tables made by one address (`POST /api/tables`, `lobby:playNow`). */
  readonly tables: RateRule;
  /** Queue joins by one address. */
  readonly queueJoins: RateRule;
  /** Guest tokens made for one address (`POST /api/guests`). */
  readonly guests: RateRule;
  /**
   * Tables looked up by code from one address (`GET /api/codes/:code`, `table:join {code}`):
   * a person types a few codes, a scanner thousands.
   */
  readonly codeLookups: RateRule;
  /** Quick reactions (`table:react`) of one player, whatever connection or node they come through. */
  readonly reactions: RateRule;
  /** Passkey ceremonies and account changes from one address (`/api/account/…`). */
  readonly accounts: RateRule;
  /** Sockets one address may hold open at once, across every node (0: no cap). */
  readonly addressSockets: number;
  /** A connection that has joined no table, queue or list, and sent nothing, for this long is closed (0: never). */
  readonly idleMs: number;
  /** A connection refused this many messages in a row for going too fast is closed. */
  readonly floodDisconnect: number;
}
