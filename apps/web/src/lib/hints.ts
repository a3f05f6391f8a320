import { type End, type Hint, type TableView, type Tile, boardRules, hintsFor, parseTile } from '@fives/engine';

/** One place a tile in the hand can go now, and what it would make there (when the table shows counts). */
export interface TileOption {
  readonly end: End | null;
  /** The count the layout would show; null under Muggins, where players count for themselves. */
  readonly count: number | null;
  readonly points: number | null;
}

/**
 * For each tile the viewer can play now, every end it fits and what it would make there —
 * what makes a tile glow and what each end shows when a tile fits several (seed 003). Under
 * Muggins the view gives no counts, so the places come from the board alone, without numbers.
 */
export function playOptions(v: TableView): Map<string, TileOption[]> {
  const out = new Map<string, TileOption[]>();
  const hand = v.hand;
  if (hand === null || v.seat === null || v.status !== 'playing' || hand.turn !== v.seat || hand.awaiting !== 'move') return out;
  const hints = hand.hints ?? computeHints(v);
  for (const h of hints) {
    const list = out.get(h.tile) ?? [];
    list.push(hand.hints === null ? { end: h.end, count: null, points: null } : { end: h.end, count: h.count, points: h.points });
    out.set(h.tile, list);
  }
  return out;
}

/** Every legal play with its count, worked out from the view's public board and own tiles. */
export function computeHints(v: TableView): Hint[] {
  const hand = v.hand;
  if (hand === null || hand.tiles === null) return [];
  let mask = 0;
  for (const text of hand.tiles) mask |= 1 << (parseTile(text) as { tile: Tile }).tile;
  const forced = hand.forcedLead === null ? null : (parseTile(hand.forcedLead) as { tile: Tile }).tile;
  return hintsFor(v.rules, boardRules(v.rules), hand.board, mask, forced);
}

/** What the viewer must do when no tile fits: draw, pass, or nothing (it is not their move, or a tile fits). */
export function forcedMove(v: TableView): 'draw' | 'pass' | null {
  const hand = v.hand;
  if (hand === null || v.seat === null || v.status !== 'playing' || hand.turn !== v.seat || hand.awaiting !== 'move') return null;
  if (playOptions(v).size > 0) return null;
  return v.rules.variant !== 'block' && hand.boneyard > 0 ? 'draw' : 'pass';
}

/** Whether the viewer may call Muggins now: an opponent's claim scored nothing and no tile has been played since. */
export function mugginsChance(v: TableView): boolean {
  const hand = v.hand;
  if (!v.rules.muggins || hand === null || v.seat === null || v.status !== 'playing' || hand.end !== null) return false;
  const side = (s: number): number => (v.rules.partnerships ? s % 2 : s);
  for (let i = hand.log.length - 1; i >= 0; i--) {
    const e = hand.log[i];
    if (e === undefined || e.type === 'play' || e.type === 'muggins') return false;
    if (e.type === 'claim' || e.type === 'noScore') return side(e.seat) !== side(v.seat) && e.scored === 0;
  }
  return false;
}
