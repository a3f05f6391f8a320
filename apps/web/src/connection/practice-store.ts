import { parseRecord } from '@fives/engine';
import { type TableDoc, fromStored, toStored } from '@fives/table';
import type { KeyValueStore } from './guest.ts';
import type { GameHands } from './local-table.ts';
import { PRACTICE_KEY } from './practice-key.ts';

/**
 * The practice game kept in the browser's storage, so a reload (or a closed tab) comes back to
 * it: the table machine's own stored document (schema-versioned, migrated and checked on the
 * way back by `fromStored`, as the server reads its tables) and the recent games' hands.
 */

export interface SavedPractice {
  readonly doc: TableDoc;
  readonly games: readonly GameHands[];
}

/** What was kept: nothing, the game, or a problem (the saved game is unreadable and was dropped). */
export type LoadedPractice = { readonly kind: 'none' } | { readonly kind: 'saved'; readonly saved: SavedPractice } | { readonly kind: 'unreadable'; readonly reason: string };

export function loadPractice(store: KeyValueStore | null): LoadedPractice {
  let raw: string | null;
  try {
    raw = store?.getItem(PRACTICE_KEY) ?? null;
  } catch {
    // Storage refused (a private window): nothing was kept.
    return { kind: 'none' };
  }
  if (raw === null) return { kind: 'none' };
  const dropped = (reason: string): LoadedPractice => {
    forgetPractice(store);
    return { kind: 'unreadable', reason };
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return dropped('it is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) return dropped('it is not an object');
  const { table, games } = parsed as { table?: unknown; games?: unknown };
  const doc = fromStored(table);
  if (!doc.ok) return dropped(doc.error.message);
  return { kind: 'saved', saved: { doc: doc.value, games: gamesOf(doc.value, games) } };
}

export function savePractice(store: KeyValueStore | null, saved: SavedPractice): void {
  try {
    store?.setItem(PRACTICE_KEY, JSON.stringify({ table: toStored(saved.doc), games: saved.games }));
  } catch {
    // Full or refused: the game goes on, kept for this page only.
  }
}

export function forgetPractice(store: KeyValueStore | null): void {
  try {
    store?.removeItem(PRACTICE_KEY);
  } catch {
    // Nothing kept, then.
  }
}

/** The kept games whose hands still read as a game record of the table's rules; any other is left out. */
function gamesOf(doc: TableDoc, raw: unknown): GameHands[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((g: unknown): GameHands[] => {
    if (typeof g !== 'object' || g === null) return [];
    const { game, hands } = g as { game?: unknown; hands?: unknown };
    if (typeof game !== 'number' || !Number.isInteger(game) || game < 1) return [];
    const record = parseRecord({ rules: doc.rulesInput, hands });
    return record.ok ? [{ game, hands: record.value.record.hands }] : [];
  });
}
