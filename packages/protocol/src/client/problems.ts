import type { ClientEvent, Reply } from '../messages.ts';

/**
 * Why a request got no answer from the server: said by the client itself, never sent on the
 * wire, so kept apart from the server's `ErrorCode`s (whose schema the server's replies fit).
 */
export const LinkErrorCode = {
  /** Not connected when asked, or the connection dropped before the answer came. */
  notConnected: 'link/down',
  /** Connected, but no answer came in time. */
  timeout: 'link/timeout',
} as const;
export type LinkErrorCode = (typeof LinkErrorCode)[keyof typeof LinkErrorCode];

export interface LinkProblem {
  readonly code: LinkErrorCode;
  readonly message: string;
  readonly event: ClientEvent;
}

/** A request's outcome: the server's reply, or the link's reason there was none. */
export type Answer<T> = Reply<T> | { readonly ok: false; readonly error: LinkProblem };

export function linkProblem(code: LinkErrorCode, event: ClientEvent): LinkProblem {
  const message = code === LinkErrorCode.timeout ? `no answer to ${event} in time` : 'not connected to the server';
  return { code, message, event };
}
