import type { End } from '@fives/engine';
import type { TileOption } from './hints.ts';

/**
 * The hand's selection, shared by keyboard, tap and drag: which tile has focus, and — once a
 * tile that fits several ends is picked — which end is being chosen. Pure, so every key can be
 * tested without a browser.
 */
export interface Selection {
  /** Index of the focused tile in the hand. */
  readonly focus: number;
  /** The tile picked up, when it fits more than one end, and the end now highlighted. */
  readonly choosing: { readonly tile: string; readonly options: readonly TileOption[]; readonly index: number } | null;
}

export type Command =
  | { readonly type: 'play'; readonly tile: string; readonly end: End | null }
  | { readonly type: 'draw' }
  | { readonly type: 'pass' }
  /** The tile cannot be played now; the UI says why. */
  | { readonly type: 'refuse'; readonly tile: string };

export interface KeyResult {
  readonly selection: Selection;
  readonly command: Command | null;
  /** Whether the key meant something here (so the browser's default should be stopped). */
  readonly handled: boolean;
}

export const NO_SELECTION: Selection = { focus: 0, choosing: null };

const ARROW_END: Record<string, End> = { ArrowLeft: 'west', ArrowRight: 'east', ArrowUp: 'north', ArrowDown: 'south' };

/** Picking a tile (Enter, a tap, or the start of a drag): play it if it fits one place, else choose an end. */
export function pick(sel: Selection, tile: string, options: readonly TileOption[] | undefined, focus = sel.focus): KeyResult {
  if (options === undefined || options.length === 0) return { selection: { focus, choosing: null }, command: { type: 'refuse', tile }, handled: true };
  if (options.length === 1) {
    const only = options[0] as TileOption;
    return { selection: { focus, choosing: null }, command: { type: 'play', tile, end: only.end }, handled: true };
  }
  if (sel.choosing?.tile === tile) return { selection: { focus, choosing: null }, command: null, handled: true };
  return { selection: { focus, choosing: { tile, options, index: 0 } }, command: null, handled: true };
}

export function onKey(sel: Selection, key: string, hand: readonly string[], options: ReadonlyMap<string, readonly TileOption[]>): KeyResult {
  const size = hand.length;
  const focus = size === 0 ? 0 : Math.min(sel.focus, size - 1);
  const unhandled: KeyResult = { selection: { ...sel, focus }, command: null, handled: false };
  const choosing = sel.choosing;
  if (choosing !== null) {
    const arrow = ARROW_END[key];
    if (arrow !== undefined) {
      const index = choosing.options.findIndex((o) => o.end === arrow);
      // An arrow with no end that way cycles, so every end can be reached with one key.
      const next = index >= 0 ? index : (choosing.index + (key === 'ArrowLeft' || key === 'ArrowUp' ? choosing.options.length - 1 : 1)) % choosing.options.length;
      return { selection: { focus, choosing: { ...choosing, index: next } }, command: null, handled: true };
    }
    if (key === 'Enter' || key === ' ') {
      const o = choosing.options[choosing.index] as TileOption;
      return { selection: { focus, choosing: null }, command: { type: 'play', tile: choosing.tile, end: o.end }, handled: true };
    }
    if (/^[1-4]$/.test(key)) {
      const o = choosing.options[Number(key) - 1];
      if (o === undefined) return { ...unhandled, selection: sel, handled: true };
      return { selection: { focus, choosing: null }, command: { type: 'play', tile: choosing.tile, end: o.end }, handled: true };
    }
    if (key === 'Escape' || key === 'Backspace') return { selection: { focus, choosing: null }, command: null, handled: true };
    return { ...unhandled, selection: sel };
  }
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return { selection: { focus: size === 0 ? 0 : (focus + size - 1) % size, choosing: null }, command: null, handled: true };
    case 'ArrowRight':
    case 'ArrowDown':
      return { selection: { focus: size === 0 ? 0 : (focus + 1) % size, choosing: null }, command: null, handled: true };
    case 'Home':
      return { selection: { focus: 0, choosing: null }, command: null, handled: true };
    case 'End':
      return { selection: { focus: Math.max(0, size - 1), choosing: null }, command: null, handled: true };
    case 'Enter':
    case ' ': {
      const tile = hand[focus];
      if (tile === undefined) return unhandled;
      return pick({ focus, choosing: null }, tile, options.get(tile), focus);
    }
    case 'd':
    case 'D':
      return { selection: { focus, choosing: null }, command: { type: 'draw' }, handled: true };
    case 'p':
    case 'P':
      return { selection: { focus, choosing: null }, command: { type: 'pass' }, handled: true };
    default:
      return unhandled;
  }
}
