import { type Result, type RulesInput, ok } from '@fives/engine';
import { type BotLevel, ErrorCode, type Problem, type SeatSpec, type TableId, isCorrespondence } from '@fives/protocol';
import { type NewTable, type TableDoc, type TableSettings, founded, openEntry, openTable, refuse, startedTable } from '@fives/table';
import type { Player } from '../identity/token.ts';
import { newTableCode, newTableId } from './code.ts';
import { EVERYONE, type TableContext } from './context.ts';
import { seatedPeople } from './people.ts';

/** A table is made: waiting for players, or dealt at once (play now, a queue's match). */

export async function create(
  context: TableContext,
  host: Player,
  rulesInput: RulesInput,
  specs: readonly SeatSpec[] | undefined,
  settings: TableSettings = { turnSeconds: null, listed: false, rated: false },
): Promise<Result<TableDoc, Problem>> {
  const [rated] = await seatedPeople(context, [host], rulesInput);
  const opened = openTable(rated ?? host, rulesInput, specs, settings);
  if (!opened.ok) return opened;
  const { table, seat, players } = opened.value;
  const made = await store(context, table);
  if (made.ok) context.options.log.info({ tableId: made.value.id, seat, event: 'created', players }, 'table event');
  return made;
}

/**
 * A table dealt at once: `people` in the first seats (the first of them host), computer players
 * of `level` in the rest. With `id` given (a queue's match) making it twice makes it once.
 */
export async function createStarted(
  context: TableContext,
  table: {
    readonly id?: TableId;
    readonly people: readonly Player[];
    readonly level: BotLevel;
    readonly rulesInput: RulesInput;
    readonly settings: TableSettings;
  },
): Promise<Result<TableDoc, Problem>> {
  const dealt = startedTable({ ...table, people: await seatedPeople(context, table.people, table.rulesInput), seeds: context.options.seeds });
  if (!dealt.ok) return dealt;
  const made = await store(context, dealt.value.table, table.id);
  if (made.ok) {
    context.options.log.info({ tableId: made.value.id, event: 'created', players: dealt.value.players, people: table.people.length, started: true }, 'table event');
    context.options.broadcast.changed(made.value, { kind: 'started' }, EVERYONE);
  }
  return made;
}

/** Stores a new table under a fresh id (or `id`) and code; one under way with its clocks and first step. */
async function store(context: TableContext, table: NewTable, id?: TableId): Promise<Result<TableDoc, Problem>> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const { doc, stepAt } = founded(table, id ?? newTableId(), newTableCode(), context.nowMs(), context.options);
    const created = await context.options.store.create(doc, stepAt);
    if (created === 'created') {
      // A correspondence game dealt at once is kept from its first state (a person may lead: no commit comes first).
      if (isCorrespondence(doc.settings.turnSeconds) && doc.phase === 'playing') await context.commits.keep(doc);
      if (stepAt !== null) context.options.jobs.wake(stepAt);
      if (openEntry(doc) !== null) context.options.broadcast.openTablesChanged();
      return ok(doc);
    }
    if (created === 'idTaken' && id !== undefined) {
      const existing = await context.options.store.load(id);
      if (existing !== null) return ok(existing);
    }
  }
  return refuse(ErrorCode.busy, 'could not find a free table id and code; try again');
}
