/**
 * The store could not be reached just now (try again later: `server/busy`), as opposed to a
 * bug (`server/internal`). Only the store raises it — its own failures, tagged at its boundary
 * (`tagStoreErrors`) — so an error from anywhere else with a similar look (a client's socket
 * reset in the middle of a request body: `ECONNRESET`) can never mark the store down.
 */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
}

/** The store monitor's ping got no answer in time. */
export class StoreTimeoutError extends StoreUnavailableError {
  override readonly name: string = 'StoreTimeoutError';
}

/**
 * A commit Redis wrote but its replicas did not confirm in time (`REDIS_WAIT_REPLICAS`): the
 * change may stand or may be lost by a failover, so nobody has been told of it. The table's
 * clients learn what the store holds once the replicas confirm (`TableStore.confirmWrites`).
 */
export class UnconfirmedCommitError extends StoreUnavailableError {
  override readonly name: string = 'UnconfirmedCommitError';
}

/** Whether an error is the store saying it cannot be reached now (see `StoreUnavailableError`). */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof StoreUnavailableError;
}

const UNREACHABLE = new Set([
  'ClientOfflineError',
  'ClientClosedError',
  'SocketClosedUnexpectedlyError',
  'ConnectionTimeoutError',
  'SocketTimeoutError',
  'TimeoutError',
  'DisconnectsClientError',
  'RedisStalledError',
]);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * Redis's own answers while a master fails over (Redis Cluster, Sentinel): the command was
 * refused, not run — try again once the replica has taken over. Scripts run whole or not at
 * all, so a move refused with one of these was never half written.
 */
const FAILING_OVER = /^(CLUSTERDOWN|TRYAGAIN|LOADING|READONLY|MASTERDOWN)\b/;

/**
 * Whether an error thrown by the store's client (node-redis) means its connection is away: the
 * client fails fast while it reconnects. Only meaningful for errors known to come from the
 * store — which is why it is used at the store's boundary only, never on an error of unknown origin.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNREACHABLE.has(error.constructor.name) || UNREACHABLE.has(error.name)) return true;
  if (FAILING_OVER.test(error.message)) return true;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK.has(code)) return true;
  // Redis refusing a write for now, with nothing written: a master without the replicas
  // `min-replicas-to-write` asks for (cut off from them in a failover), or a node that has just
  // become a replica. Both pass once the failover is over: retryable, as an outage is.
  return error.message.startsWith('NOREPLICAS ') || error.message.startsWith('READONLY ');
}
