import type { ClientAction, ClientState, Connection } from './types.ts';

/**
 * The practice connection as the table screen uses it, with one difference: leaving a game under
 * way is asked about first (`ask`), since the game is thrown away with it; `leave` then leaves.
 * Every other action goes through as it is.
 */
export interface GuardedConnection extends Connection {
  /** Leaves at once, the player having said so. */
  leave(): void;
}

export function askBeforeLeaving(conn: Connection, playing: () => boolean, ask: () => void): GuardedConnection {
  return {
    kind: conn.kind,
    get state(): ClientState {
      return conn.state;
    },
    subscribe: (listener) => conn.subscribe(listener),
    send: (action: ClientAction) => {
      if (action.type === 'leaveTable' && playing()) ask();
      else conn.send(action);
    },
    leave: () => conn.send({ type: 'leaveTable' }),
    close: () => conn.close(),
  };
}
