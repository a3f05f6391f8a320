const UNAVAILABLE = new Set([
  'ClientOfflineError',
  'ClientClosedError',
  'SocketClosedUnexpectedlyError',
  'ConnectionTimeoutError',
  'SocketTimeoutError',
  'TimeoutError',
  'DisconnectsClientError',
  'StoreTimeoutError',
]);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether an error means "the store cannot be reached now" (try again later: `server/busy`)
 * rather than a bug (`server/internal`). The Redis client fails fast while it reconnects.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNAVAILABLE.has(error.constructor.name) || UNAVAILABLE.has(error.name)) return true;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && NETWORK.has(code);
}

export class StoreTimeoutError extends Error {
  override readonly name = 'StoreTimeoutError';
}
