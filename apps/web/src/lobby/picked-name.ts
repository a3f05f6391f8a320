import type { KeyValueStore } from '../connection/guest.ts';

/**
 * A newcomer's first name, picked for them so they can play at once (issue 31): an animal whose
 * name reads the same in English and Spanish, and a number, "Puma 417". Never a computer
 * player's name (those are people's names), at most 10 characters, so it fits every name rule.
 */
const ANIMALS = ['Panda', 'Koala', 'Puma', 'Jaguar', 'Tapir', 'Llama', 'Condor', 'Coyote'] as const;

/** A picked name from `random` (uniform in [0, 1)): the browser passes `Math.random`, tests a seeded one. */
export function pickName(random: () => number): string {
  const animal = ANIMALS[Math.floor(random() * ANIMALS.length)] ?? ANIMALS[0];
  return `${animal} ${100 + Math.floor(random() * 900)}`;
}

const PICKED_KEY = 'fives.picked';

/** The name picked for this browser, remembered so that "picked for you" is still said after a reload (null: none). */
export function pickedName(store: KeyValueStore | null): string | null {
  try {
    return store?.getItem(PICKED_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberPicked(store: KeyValueStore | null, name: string): void {
  try {
    store?.setItem(PICKED_KEY, name);
  } catch {
    // Said for this visit only.
  }
}
