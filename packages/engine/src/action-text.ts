import type { End } from './board.ts';
import type { Action, Seat } from './state.ts';
import { MAX_PIP_NINE, type Tile, formatTile, parseTile } from './tiles.ts';
import type { ViewEvent } from './view.ts';

/**
 * An action as text carries it: a record's action without its seat, or a client's action on the
 * wire (the protocol's `WireAction` is this shape, checked by a schema). Tiles are "a-b"; for the
 * lead, the half written first faces west ("5-2" shows 5 at the west end). This module is the one
 * place the engine's actions and their text forms turn into each other (docs/records.md#the-record).
 */
export type TextAction =
  | { readonly type: 'play'; readonly tile: string; readonly end?: End | undefined }
  | { readonly type: 'draw' }
  | { readonly type: 'pass' }
  | { readonly type: 'claim'; readonly points: number }
  | { readonly type: 'noScore' }
  | { readonly type: 'muggins' };

/**
 * The engine's action for a text action made by `seat`; `isLead` says the tile starts the layout,
 * so its spelling says which half faces west. Null when the tile is not written as a tile.
 */
export function actionFromText(text: TextAction, seat: Seat, isLead: boolean): Action | null {
  switch (text.type) {
    case 'play': {
      // Any tile of the largest set: `apply` refuses one its game's set does not hold (a 7-x in a
      // double-six game), as it refuses any tile not held.
      const parsed = parseTile(text.tile, MAX_PIP_NINE);
      if (parsed === null) return null;
      const end = text.end === undefined ? {} : { end: text.end };
      return isLead ? { type: 'play', seat, tile: parsed.tile, west: parsed.first, ...end } : { type: 'play', seat, tile: parsed.tile, ...end };
    }
    case 'claim':
      return { type: 'claim', seat, points: text.points };
    case 'draw':
    case 'pass':
    case 'noScore':
    case 'muggins':
      return { type: text.type, seat };
  }
}

/** The text form of an engine action (as `legalActions` gives them, or as a hand's log replays): no seat. */
export function actionToText(action: Action): TextAction {
  switch (action.type) {
    case 'play': {
      const tile = action.west === undefined ? formatTile(action.tile) : orient(action.tile, action.west);
      return action.end === undefined ? { type: 'play', tile } : { type: 'play', tile, end: action.end };
    }
    case 'claim':
      return { type: 'claim', points: action.points };
    case 'draw':
    case 'pass':
    case 'noScore':
    case 'muggins':
      return { type: action.type };
  }
}

/**
 * The action a view's log event was (null for the hand's end): how a client replays what it saw.
 * A view shows the lead's west half only in its layout, so `leadWest` says it (null: the low half).
 */
export function actionOfViewEvent(e: ViewEvent, leadWest: number | null): Action | null {
  switch (e.type) {
    case 'play': {
      if (e.end !== null) return actionFromText({ type: 'play', tile: e.tile, end: e.end }, e.seat, false);
      const lead = actionFromText({ type: 'play', tile: e.tile }, e.seat, true);
      return lead?.type !== 'play' || leadWest === null ? lead : { ...lead, west: leadWest };
    }
    case 'draw':
    case 'pass':
    case 'claim':
    case 'noScore':
    case 'muggins':
      return actionFromText(e, e.seat, false);
    case 'handEnd':
      return null;
  }
}

/** The tile written with `west` first. */
function orient(tile: Tile, west: number): string {
  const [a, b] = formatTile(tile).split('-').map(Number) as [number, number];
  return a === west ? `${a}-${b}` : `${b}-${a}`;
}
