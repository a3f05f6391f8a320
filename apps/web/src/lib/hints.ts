import { type Action, type End, type TableView, formatTile, legalActions } from '@fives/engine';

/**
 * What the table offers the viewer — glowing tiles, the ends a tile may go to, Draw, Pass, the
 * claim panel, Call Muggins! — read off the engine's `legalActions(view)`, never worked out here:
 * the engine is the one place each rule lives, so the table offers an action exactly when the
 * engine would take it.
 */

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
 * Muggins the view gives no counts, so the places come without numbers.
 */
export function playOptions(v: TableView): Map<string, TileOption[]> {
  const out = new Map<string, TileOption[]>();
  const hints = v.hand?.hints ?? null;
  for (const a of legalActions(v)) {
    if (a.type !== 'play') continue;
    const tile = formatTile(a.tile);
    const end = a.end ?? null;
    // The view's hints are the engine's own count for each legal play (absent under Muggins).
    const hint = hints?.find((h) => h.tile === tile && h.end === end);
    const list = out.get(tile) ?? [];
    list.push({ end, count: hint?.count ?? null, points: hint?.points ?? null });
    out.set(tile, list);
  }
  return out;
}

/** What the viewer must do when no tile fits: draw, pass, or nothing (it is not their move, or a tile fits). */
export function forcedMove(v: TableView): 'draw' | 'pass' | null {
  const forced = legalActions(v).find((a): a is Extract<Action, { type: 'draw' | 'pass' }> => a.type === 'draw' || a.type === 'pass');
  return forced?.type ?? null;
}

/** Whether the viewer must claim the count of their own play now (Muggins rules): the claim panel. */
export function claimChance(v: TableView): boolean {
  return legalActions(v).some((a) => a.type === 'claim' || a.type === 'noScore');
}

/** Whether the viewer may call Muggins now: an opponent missed a count that scores, and no tile has been played since. */
export function mugginsChance(v: TableView): boolean {
  return legalActions(v).some((a) => a.type === 'muggins');
}
