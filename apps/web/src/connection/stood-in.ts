import type { TableView } from '@fives/engine';
import type { KeyValueStore } from './guest.ts';

/**
 * Where a seated player last saw their table: the game, its hand (how many had ended) and how
 * far that hand's log had got. Kept in the browser, so that on coming back (from the lobby, a
 * reload, a lost connection) the table can say what the computer did with their seat meanwhile.
 */
export interface Seen {
  readonly tableId: string;
  readonly game: number;
  readonly hand: number;
  readonly log: number;
}

/** What the computer did for a returning player: tiles played in the hand they left, or whole hands. */
export type StoodIn = { readonly kind: 'tiles'; readonly count: number } | { readonly kind: 'hands'; readonly count: number };

export function seenOf(tableId: string, game: number, view: TableView): Seen {
  return { tableId, game, hand: view.handScores.length, log: view.hand?.log.length ?? 0 };
}

/**
 * From the table's own log: the tiles `seat` played since `before` in the same hand, or the hands
 * that ended since it; null when nothing was played for them (or it is another table or game).
 */
export function stoodIn(before: Seen | null, now: Seen, view: TableView, seat: number): StoodIn | null {
  if (before === null || before.tableId !== now.tableId || before.game !== now.game) return null;
  if (now.hand > before.hand) return { kind: 'hands', count: now.hand - before.hand };
  if (now.hand < before.hand || view.hand === null) return null;
  const tiles = view.hand.log.slice(before.log).filter((e) => e.type === 'play' && e.seat === seat).length;
  return tiles > 0 ? { kind: 'tiles', count: tiles } : null;
}

const KEY = 'fives.seen';

export function loadSeen(storage: KeyValueStore | null): Seen | null {
  try {
    const raw = storage?.getItem(KEY);
    const seen: unknown = raw ? JSON.parse(raw) : null;
    if (typeof seen !== 'object' || seen === null) return null;
    const { tableId, game, hand, log } = seen as Record<string, unknown>;
    return typeof tableId === 'string' && typeof game === 'number' && typeof hand === 'number' && typeof log === 'number' ? { tableId, game, hand, log } : null;
  } catch {
    return null;
  }
}

export function saveSeen(storage: KeyValueStore | null, seen: Seen): void {
  try {
    storage?.setItem(KEY, JSON.stringify(seen));
  } catch {
    // Not kept: a returning player is just not told.
  }
}
