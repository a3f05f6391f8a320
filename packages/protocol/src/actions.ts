import { type Action, type Seat, type Tile, formatTile, parseTile } from '@fives/engine';
import { z } from 'zod';
import { EndSchema, TileTextSchema } from './view.ts';

/**
 * A game action as a client sends it. The seat is not in it: the server knows whose socket it
 * is. Tiles are text; for the lead, the half written first faces west ("5-2" shows 5 at the
 * west end), as in a game record.
 */
export const WireActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('play'), tile: TileTextSchema, end: EndSchema.optional() }),
    z.strictObject({ type: z.literal('draw') }),
    z.strictObject({ type: z.literal('pass') }),
    z.strictObject({ type: z.literal('claim'), points: z.int().min(0).max(1000) }),
    z.strictObject({ type: z.literal('noScore') }),
    z.strictObject({ type: z.literal('muggins') }),
  ],
  { error: 'an action type is one of play, draw, pass, claim, noScore, muggins' },
);
export type WireAction = z.output<typeof WireActionSchema>;

/** The engine's action for a wire action made by `seat`; `isLead` says the tile starts the layout. */
export function toEngineAction(wire: WireAction, seat: Seat, isLead: boolean): Action {
  switch (wire.type) {
    case 'play': {
      // The schema has already checked the spelling, so the tile parses.
      const { tile, first } = parseTile(wire.tile) as { tile: Tile; first: number };
      if (isLead) return { type: 'play', seat, tile, west: first, ...(wire.end === undefined ? {} : { end: wire.end }) };
      return { type: 'play', seat, tile, ...(wire.end === undefined ? {} : { end: wire.end }) };
    }
    case 'claim':
      return { type: 'claim', seat, points: wire.points };
    case 'draw':
    case 'pass':
    case 'noScore':
    case 'muggins':
      return { type: wire.type, seat };
  }
}

/** The wire form of an engine action (as `legalActions` gives them), for bots and clients. */
export function toWireAction(action: Action): WireAction {
  switch (action.type) {
    case 'play': {
      const text = action.west === undefined ? formatTile(action.tile) : orient(action.tile, action.west);
      return action.end === undefined ? { type: 'play', tile: text } : { type: 'play', tile: text, end: action.end };
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

function orient(tile: Tile, west: number): string {
  const [a, b] = formatTile(tile).split('-').map(Number) as [number, number];
  return a === west ? `${a}-${b}` : `${b}-${a}`;
}
