import { BLOCKED_SCORINGS, END_NAMES, FIRST_LEADERS, NEXT_LEADERS, PRESETS, SCORE_UNITS, SPINNER_OPENINGS, VARIANTS } from '@fives/engine';
import { z } from 'zod';
import { SeatSchema } from './ids.ts';

/**
 * The engine's `TableView` (what `view(state, seat)` returns) as a schema, field for field, so a
 * client can check what it receives and the tests can check that the server sends nothing else:
 * every object is strict, so an extra field — a place a hidden tile could hide — fails.
 * `test/view-schema.test.ts` proves the schema and the engine's type stay the same shape.
 */

// Numbers to 9 (the Cuban game's double-nine set): the engine refuses a tile its game's set does not hold.
export const TileTextSchema = z.string().regex(/^[0-9]-[0-9]$/, { error: 'a tile is written "a-b" with a and b from 0 to 9' });
export const EndSchema = z.enum(END_NAMES);

const count = z.int().min(0);
const pip = z.int().min(0).max(9);

export const RulesSchema = z.strictObject({
  preset: z.enum(PRESETS),
  players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  variant: z.enum(VARIANTS),
  handSize: z.int(),
  target: z.int(),
  firstLeader: z.enum(FIRST_LEADERS),
  nextLeader: z.enum(NEXT_LEADERS),
  blockedScoring: z.enum(BLOCKED_SCORINGS),
  spinnerOpens: z.enum(SPINNER_OPENINGS),
  scoreUnit: z.enum(SCORE_UNITS),
  muggins: z.boolean(),
  partnerships: z.boolean(),
  bonuses: z.boolean(),
  /** 9 on a double-nine set; absent on a double-six set (the engine's `Rules.maxPip`). */
  maxPip: z.literal(9).exactOptional(),
});

export const BoardSchema = z.strictObject({
  tiles: count,
  spinner: z.int().min(-1).max(9),
  open: z.array(z.int().min(-1).max(9)).length(4),
  tip: z.array(z.int().min(0).max(3)).length(4),
});

const placedTile = z.strictObject({ tile: TileTextSchema, a: pip, b: pip, double: z.boolean() });

export const LayoutSchema = z.strictObject({
  line: z.array(placedTile),
  spinner: count.nullable(),
  north: z.array(placedTile),
  south: z.array(placedTile),
});

const award = z.strictObject({ seat: SeatSchema, points: z.int() });

export const HandEndSchema = z.strictObject({
  type: z.literal('handEnd'),
  reason: z.enum(['domino', 'blocked']),
  awards: z.array(award),
  pips: z.array(count),
  out: SeatSchema.nullable(),
});

export const ViewEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('play'),
    seat: SeatSchema,
    tile: TileTextSchema,
    end: EndSchema.nullable(),
    count: count.nullable(),
    scored: z.int(),
  }),
  z.strictObject({ type: z.enum(['draw', 'pass']), seat: SeatSchema }),
  z.strictObject({ type: z.literal('claim'), seat: SeatSchema, points: z.int(), scored: z.int() }),
  z.strictObject({ type: z.enum(['noScore', 'muggins']), seat: SeatSchema, scored: z.int() }),
  HandEndSchema,
]);

export const HintSchema = z.strictObject({ tile: TileTextSchema, end: EndSchema.nullable(), count, points: z.int() });

export const HandViewSchema = z.strictObject({
  leader: SeatSchema,
  turn: SeatSchema,
  awaiting: z.enum(['move', 'claim']),
  tiles: z.array(TileTextSchema).nullable(),
  tileCounts: z.array(count),
  boneyard: count,
  board: BoardSchema,
  layout: LayoutSchema,
  ends: z.array(z.strictObject({ end: EndSchema, pips: pip })),
  count: count.nullable(),
  log: z.array(ViewEventSchema),
  draws: z.array(count),
  passes: z.array(count),
  forcedLead: TileTextSchema.nullable(),
  hints: z.array(HintSchema).nullable(),
  end: HandEndSchema.nullable(),
});

export const HandSummarySchema = z.strictObject({
  reason: z.enum(['domino', 'blocked']).nullable(),
  scored: z.array(z.int()),
  scores: z.array(z.int()),
});

export const TableViewSchema = z.strictObject({
  seat: SeatSchema.nullable(),
  rules: RulesSchema,
  status: z.enum(['dealing', 'playing', 'over']),
  scores: z.array(z.int()),
  winner: z.int().min(0).nullable(),
  handScores: z.array(HandSummarySchema),
  hand: HandViewSchema.nullable(),
});
export type TableViewMessage = z.output<typeof TableViewSchema>;
