import { type Action, type Seat, actionFromText, actionToText } from '@fives/engine';
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

/**
 * The engine's action for a wire action made by `seat`; `isLead` says the tile starts the layout.
 * A wire action is the engine's `TextAction` (each of these two functions compiles only while
 * the schema's output and that type agree), so the engine's one conversion does it.
 */
export function toEngineAction(wire: WireAction, seat: Seat, isLead: boolean): Action {
  const action = actionFromText(wire, seat, isLead);
  // The schema has already checked the tile's spelling.
  if (action === null) throw new Error(`a checked wire action holds ${JSON.stringify(wire)}`);
  return action;
}

/** The wire form of an engine action (as `legalActions` gives them), for bots and clients. */
export function toWireAction(action: Action): WireAction {
  return actionToText(action);
}
