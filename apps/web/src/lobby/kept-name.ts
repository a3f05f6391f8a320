import { type KeyValueStore, loadGuest } from '../connection/guest.ts';
import { pickName, rememberPicked } from './picked-name.ts';

/** The name this browser plays under, as the lobby last showed it. */
const NAME_KEY = 'fives.name';

/** The name this browser last played under (null: none kept, or storage refused). */
export function keptName(store: KeyValueStore | null): string | null {
  try {
    return store?.getItem(NAME_KEY) || null;
  } catch {
    return null;
  }
}

/** Keeps the name shown, so the next visit starts under it. */
export function keepName(store: KeyValueStore | null, name: string): void {
  try {
    store?.setItem(NAME_KEY, name.trim());
  } catch {
    // Remembered for this visit only.
  }
}

/** Signing out: the next visitor of this browser is a newcomer, not the player who signed out. */
export function forgetName(store: KeyValueStore | null): void {
  try {
    store?.removeItem(NAME_KEY);
  } catch {
    // Nothing kept to forget.
  }
}

/** The name a visit starts under, and whether it was picked for a newcomer just now. */
export interface StartingName {
  readonly name: string;
  readonly picked: boolean;
}

/**
 * The server's name first (a passkey sign-in on a new device keeps only the token), then this
 * browser's, then one picked (and remembered as picked) for a newcomer, who plays at once and
 * renames when they like.
 */
export function startingName(store: KeyValueStore | null, random: () => number): StartingName {
  const kept = loadGuest(store)?.name ?? keptName(store);
  if (kept !== null) return { name: kept, picked: false };
  const name = pickName(random);
  rememberPicked(store, name);
  return { name, picked: true };
}
