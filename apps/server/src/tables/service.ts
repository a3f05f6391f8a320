import type { GameRecord, Result, RulesInput } from '@fives/engine';
import type { Problem, SeatSpec, TableCode, TableId, WireAction } from '@fives/protocol';
import type { Cause, TableDoc, TableSettings } from '@fives/table';
import type { Player } from '../identity/token.ts';
import { chooseBotAction } from '../bots/policy.ts';
import { checkAway, watchAway } from './away.ts';
import { TableCommits } from './commit.ts';
import type { TableContext, TableServiceOptions } from './context.ts';
import { create, createStarted } from './founding.ts';
import { answerRematch, changeSettings, rematch, setSeat, start } from './hosting.ts';
import { join, leave } from './joining.ts';
import { tableForCode } from './lookup.ts';
import { act } from './moves.ts';
import { record } from './records.ts';
import { resumeAll, runStep } from './steps.ts';

export type { Cause, TableServiceOptions };

/**
 * The table machine (`@fives/table`) run against the store, one module per feature of a table's
 * life: founding.ts (a table is made), joining.ts (people come and go), away.ts (the grace period
 * and stand-ins), hosting.ts (the host's seats, settings, start and rematch), moves.ts (a
 * person's move), steps.ts (the table moving by itself), records.ts and lookup.ts. Each change
 * goes through `TableCommits` (commit.ts): load → decide → settle → commit on the loaded version →
 * execute the effects, deciding again from a newer table when another process got there first
 * (a game action does not: it was made on a version, and that version is gone). This class only
 * holds what they share and is the one door the sockets, the routes, the lobby and the jobs use.
 */
export class TableService {
  private readonly context: TableContext;

  constructor(options: TableServiceOptions) {
    this.context = {
      options,
      commits: new TableCommits(options),
      nowMs: () => options.now().getTime(),
      choose: (level, seen) => chooseBotAction(level, seen, options.random, options.botBudget),
      steps: { running: new Set(), saidNoThinkerAt: Number.NEGATIVE_INFINITY },
    };
  }

  /** The node is closing: nothing more is announced on its own (`TableCommits.close`). */
  close(): void {
    this.context.commits.close();
  }

  create(host: Player, rulesInput: RulesInput, specs: readonly SeatSpec[] | undefined, settings?: TableSettings): Promise<Result<TableDoc, Problem>> {
    return create(this.context, host, rulesInput, specs, settings);
  }

  createStarted(table: Parameters<typeof createStarted>[1]): Promise<Result<TableDoc, Problem>> {
    return createStarted(this.context, table);
  }

  tableForCode(code: TableCode): Promise<TableDoc | null> {
    return tableForCode(this.context, code);
  }

  join(id: TableId, player: Player | null, as: 'player' | 'spectator' | undefined): Promise<Result<{ doc: TableDoc; seat: number | null }, Problem>> {
    return join(this.context, id, player, as);
  }

  leave(id: TableId, player: Player): Promise<Result<TableDoc | null, Problem>> {
    return leave(this.context, id, player);
  }

  watchAway(id: TableId, seat: number): Promise<void> {
    return watchAway(this.context, id, seat);
  }

  checkAway(id: TableId, seat: number): Promise<void> {
    return checkAway(this.context, id, seat);
  }

  setSeat(id: TableId, player: Player, seat: number, occupant: SeatSpec): Promise<Result<TableDoc, Problem>> {
    return setSeat(this.context, id, player, seat, occupant);
  }

  changeSettings(id: TableId, player: Player, change: Partial<TableSettings>): Promise<Result<TableDoc, Problem>> {
    return changeSettings(this.context, id, player, change);
  }

  start(id: TableId, player: Player): Promise<Result<TableDoc, Problem>> {
    return start(this.context, id, player);
  }

  rematch(id: TableId, player: Player): Promise<Result<TableDoc, Problem>> {
    return rematch(this.context, id, player);
  }

  answerRematch(id: TableId, player: Player, accept: boolean): Promise<Result<TableDoc, Problem>> {
    return answerRematch(this.context, id, player, accept);
  }

  act(id: TableId, player: Player, seat: number, version: number, wire: WireAction): Promise<Result<TableDoc, Problem>> {
    return act(this.context, id, player, seat, version, wire);
  }

  record(id: TableId, n: number): Promise<Result<GameRecord, Problem>> {
    return record(this.context, id, n);
  }

  runStep(id: TableId, version: number): Promise<'replaced' | undefined> {
    return runStep(this.context, id, version);
  }

  resumeAll(): Promise<number> {
    return resumeAll(this.context);
  }
}
