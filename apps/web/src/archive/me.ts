import { type PlayerId, asPlayerId } from '@fives/protocol';
import { type KeyValueStore, loadGuest } from '../connection/guest.ts';

/**
 * This browser's player id, read from the guest token it keeps (the token's first part is
 * base64url JSON `{v, id, name}`, signed by the server; reading it needs no secret). Null before
 * the first visit to the server or when the token is not one.
 */
export function playerIdOfToken(token: string): PlayerId | null {
  const payload = token.split('.')[0] ?? '';
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const id = (json as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? asPlayerId(id) : null;
  } catch {
    return null;
  }
}

export function myPlayerId(store: KeyValueStore | null): PlayerId | null {
  const guest = loadGuest(store);
  return guest === null ? null : playerIdOfToken(guest.token);
}

const PLAYED_KEY = 'fives.archived';

/**
 * Whether this browser has finished an online game (so the archive has something for it). The
 * lobby asks the archive for recent games only then: for a player it has never seen, the archive
 * answers 404, which the browser would log as an error on every visit to the lobby.
 */
export function hasArchivedGames(store: KeyValueStore | null): boolean {
  try {
    return store?.getItem(PLAYED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberArchivedGame(store: KeyValueStore | null): void {
  try {
    store?.setItem(PLAYED_KEY, '1');
  } catch {
    // Storage refused: the lobby will not list recent games, nothing worse.
  }
}
