import { type Result, ok } from '@fives/engine';
import { BotLevelSchema, ErrorCode, PhaseSchema, type Problem, botNameBesides } from '@fives/protocol';
import { z } from 'zod';
import { NO_CLOCK, type TableDoc } from './doc.ts';
import { refuse } from './outcome.ts';

/**
 * The stored table document and its schema version. A store writes `toStored(doc)` and reads
 * back through `fromStored`, which migrates an older document step by step to this version and
 * checks its shape: a document the server cannot read is refused with a clear problem, never
 * half-read. Version 0 is the document as servers wrote it before it had a version: no
 * `schema`, and from before the clocks and the deals' seeds, no `clock`, `fair` or `updatedAt`.
 * Version 1 had no names for the computer players (every one read "Computer (level)"); version 2
 * no `settings.rated` (its tables were all unrated: ratings came later); version 3 no `bonuses`
 * in the engine's resolved rules (they came with the Latin game, and were off everywhere).
 */
export const TABLE_SCHEMA = 4;

export type StoredTableDoc = TableDoc & { readonly schema: typeof TABLE_SCHEMA };

export function toStored(doc: TableDoc): StoredTableDoc {
  return { ...doc, schema: TABLE_SCHEMA };
}

const SeatSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('open') }),
  z.strictObject({
    kind: z.literal('human'),
    playerId: z.string().min(1),
    name: z.string(),
    away: z.boolean().optional(),
    leftEarly: z.literal(true).optional(),
    rating: z.strictObject({ rating: z.number(), rd: z.number() }).optional(),
    kept: z.literal(true).optional(),
  }),
  z.strictObject({ kind: z.literal('bot'), level: BotLevelSchema, name: z.string().min(1) }),
]);

const DealSecretSchema = z.strictObject({ game: z.int().min(1), hand: z.int().min(1), seed: z.string().min(1), commitment: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * The engine's state is the engine's business (its own invariants are checked as it plays): here
 * only that it is one, with the fields the table reads. Its hidden tiles are never re-derived.
 */
const GameStateSchema = z.looseObject({
  rules: z.looseObject({ players: z.int().min(2).max(4) }),
  status: z.enum(['dealing', 'playing', 'over']),
  scores: z.array(z.number()),
  hands: z.array(z.unknown()),
  hand: z.looseObject({ turn: z.int().min(0) }).nullable(),
});

const TableDocSchema = z.strictObject({
  schema: z.literal(TABLE_SCHEMA),
  id: z.string().min(1),
  code: z.string().min(1),
  version: z.int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  hostId: z.string().min(1),
  rulesInput: z.looseObject({}),
  seats: z.array(SeatSchema),
  phase: PhaseSchema,
  game: z.int().min(0),
  gameStartedAt: z.iso.datetime().optional(),
  state: GameStateSchema.nullable(),
  settings: z.strictObject({ turnSeconds: z.number().positive().nullable(), listed: z.boolean(), rated: z.boolean() }),
  clock: z.strictObject({
    turn: z.strictObject({ seat: z.int().min(0), game: z.int().min(0), hand: z.int().min(0), at: z.number() }).nullable(),
    muggins: z.number().nullable(),
  }),
  fair: z.strictObject({ current: DealSecretSchema, previous: DealSecretSchema.nullable() }).nullable(),
  rematch: z.strictObject({ by: z.string().min(1), accepted: z.array(z.string().min(1)), declined: z.string().min(1).nullable() }).optional(),
});

type Raw = Record<string, unknown>;

/** Each step takes a document of version n to n + 1. */
const MIGRATIONS: readonly ((raw: Raw) => Raw)[] = [
  // 0 → 1: the schema field itself; the fields older servers did not write get what they meant.
  (raw) => ({ ...raw, clock: raw.clock ?? NO_CLOCK, fair: raw.fair ?? null, updatedAt: raw.updatedAt ?? raw.createdAt, schema: 1 }),
  // 1 → 2: each computer player gets the name a new one would get at that table (seat order).
  (raw) => ({ ...raw, seats: Array.isArray(raw.seats) ? namedBots(raw.seats) : raw.seats, schema: 2 }),
  // 2 → 3: no table was rated before ratings.
  (raw) => ({ ...raw, settings: typeof raw.settings === 'object' && raw.settings !== null ? { rated: false, ...raw.settings } : raw.settings, schema: 3 }),
  // 3 → 4: the game under way's resolved rules say there are no bonuses, as every game before had none.
  (raw) => ({ ...raw, state: withoutBonuses(raw.state), schema: 4 }),
];

/** A stored engine state of version 3, its resolved rules given `bonuses: false` (the rest as it was). */
function withoutBonuses(state: unknown): unknown {
  if (typeof state !== 'object' || state === null) return state;
  const rules = (state as Raw).rules;
  if (typeof rules !== 'object' || rules === null) return state;
  return { ...state, rules: { ...rules, bonuses: false } };
}

/** Stored seats of version 1: a computer player named as `botSeat` names one, after the people and the earlier ones. */
function namedBots(seats: readonly unknown[]): unknown[] {
  const named: unknown[] = seats.slice();
  const taken = (at: number): string[] =>
    named.flatMap((s, i) => {
      const name = i === at || typeof s !== 'object' || s === null ? undefined : (s as Raw).name;
      return typeof name === 'string' ? [name] : [];
    });
  named.forEach((s, at) => {
    if (typeof s === 'object' && s !== null && (s as Raw).kind === 'bot' && (s as Raw).name === undefined) named[at] = { ...s, name: botNameBesides(taken(at)) };
  });
  return named;
}

/** A stored document, migrated to `TABLE_SCHEMA` and checked; a refusal names what is wrong with it. */
export function fromStored(stored: unknown): Result<TableDoc, Problem> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return refuse(ErrorCode.internal, 'a stored table is not an object');
  let raw = stored as Raw;
  const from = raw.schema ?? 0;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0 || from > TABLE_SCHEMA) {
    return refuse(ErrorCode.internal, `a stored table has schema ${JSON.stringify(from)}; this server reads up to ${TABLE_SCHEMA}`);
  }
  for (let v = from; v < TABLE_SCHEMA; v++) {
    const step = MIGRATIONS[v];
    if (step !== undefined) raw = step(raw);
  }
  const checked = TableDocSchema.safeParse(raw);
  if (!checked.success) {
    const first = checked.error.issues[0];
    return refuse(ErrorCode.internal, `a stored table does not read as one: ${first === undefined ? 'invalid' : `${first.path.join('.')}: ${first.message}`}`);
  }
  // The document as it was read, not zod's copy of it: the check changes nothing (not even the
  // order of the engine's keys, which its own states are compared by), and costs no copy.
  const { schema: _schema, ...doc } = raw;
  return ok(doc as unknown as TableDoc);
}
