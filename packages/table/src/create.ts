import { type Result, type RulesInput, newGame, ok } from '@fives/engine';
import { type BotLevel, ErrorCode, type Problem, type SeatSpec, type TableCode, type TableId } from '@fives/protocol';
import { botSeat } from './bot-seats.ts';
import { type Person, personSeat } from './change.ts';
import { withClock } from './clock.ts';
import { type SeedSource, dealNextHand } from './dealer.ts';
import { NO_CLOCK, type SeatRecord, type TableDoc, type TableSettings } from './doc.ts';
import { nextStepAt } from './next-step.ts';
import { fromGameError, refuse } from './outcome.ts';
import type { Timing } from './settle.ts';

/** A table before it has an id, a code and a time: what the host's choices make of it. */
export type NewTable = Omit<TableDoc, 'id' | 'code' | 'version' | 'createdAt' | 'updatedAt' | 'clock'>;

/** A table waiting for players: the host in the first open seat, computer players where the specs say. */
export function openTable(
  host: Person,
  rulesInput: RulesInput,
  specs: readonly SeatSpec[] | undefined,
  settings: TableSettings,
): Result<{ table: NewTable; seat: number | null; players: number }, Problem> {
  const game = newGame(rulesInput);
  if (!game.ok) return { ok: false, error: fromGameError(game.error) };
  const players = game.value.rules.players;
  const wanted = specs ?? Array.from({ length: players }, () => ({ type: 'human' as const }));
  const seats: SeatRecord[] = wanted.map(() => ({ kind: 'open' }));
  const first = wanted.findIndex((s) => s.type === 'human');
  if (first >= 0) seats[first] = personSeat(host);
  wanted.forEach((s, i) => {
    if (s.type === 'bot') seats[i] = botSeat(seats, i, s.level);
  });
  return ok({
    table: { hostId: host.id, rulesInput, seats, phase: 'waiting', game: 0, state: null, settings, fair: null },
    seat: first >= 0 ? first : null,
    players,
  });
}

/** A table dealt at once: `people` in the first seats (the first of them host), computer players of `level` in the rest. */
export function startedTable(o: {
  readonly people: readonly Person[];
  readonly level: BotLevel;
  readonly rulesInput: RulesInput;
  readonly settings: TableSettings;
  readonly seeds: SeedSource;
}): Result<{ table: NewTable; players: number }, Problem> {
  const fresh = newGame(o.rulesInput);
  if (!fresh.ok) return { ok: false, error: fromGameError(fresh.error) };
  const players = fresh.value.rules.players;
  const host = o.people[0];
  if (host === undefined || o.people.length > players) return refuse(ErrorCode.internal, `cannot seat ${o.people.length} people at ${players} seats`);
  const dealt = dealNextHand(fresh.value, 1, o.seeds, null);
  if (!dealt.ok) return { ok: false, error: fromGameError(dealt.error) };
  const seats: SeatRecord[] = Array.from({ length: players }, (_, i) => {
    const p = o.people[i];
    return p === undefined ? { kind: 'open' } : personSeat(p);
  });
  for (let i = o.people.length; i < players; i++) seats[i] = botSeat(seats, i, o.level);
  return ok({
    table: { hostId: host.id, rulesInput: o.rulesInput, seats, phase: 'playing', game: 1, state: dealt.value.state, settings: o.settings, fair: dealt.value.fair },
    players,
  });
}

/**
 * The table's first version under `id` and `code` (chosen by the runner: they must be unique in
 * its store) at `now`; a table under way gets its clocks and its first automatic step.
 */
export function founded(table: NewTable, id: TableId, code: TableCode, now: number, timing: Timing): { doc: TableDoc; stepAt: number | null } {
  const at = new Date(now).toISOString();
  const doc: TableDoc = { ...table, id, code, version: 0, createdAt: at, updatedAt: at, clock: NO_CLOCK };
  if (doc.phase !== 'playing') return { doc, stepAt: null };
  const clocked = withClock(null, { ...doc, gameStartedAt: at }, now, timing.mugginsWindowMs);
  return { doc: clocked, stepAt: nextStepAt(clocked, now, timing) };
}
