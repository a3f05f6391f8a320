import type { ClientState } from '../types.ts';

/**
 * The online connection's one client state, as its collaborators see it: each reads it and
 * patches its own part, and every patch reaches the connection's listeners.
 */
export interface StatePort {
  readonly state: ClientState;
  set(patch: Partial<ClientState>): void;
}
