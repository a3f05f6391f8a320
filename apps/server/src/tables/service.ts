import type { GameRecord, Result, RulesInput } from '@fives/engine';
import type { Problem, SeatSpec, TableCode, TableId, WireAction } from '@fives/protocol';
import type { Cause, TableDoc, TableSettings } from '@fives/table';
import type { Player } from '../identity/token.ts';
import { chooseBotAction } from '../bots/policy.ts';
import { checkAway, watchAway } from './away.ts';
import { TableCommits } from './commit.ts';
import type { TableContext, TableRuntime, TableServiceOptions } from './context.ts';
import { create, createStarted } from './founding.ts';
import { answerRematch, changeSettings, rematch, setSeat, start } from './hosting.ts';
import { join, leave } from './joining.ts';
import { tableForCode } from './lookup.ts';
import { act } from './moves.ts';
import { record } from './records.ts';
import { resumeAll, runStep } from './steps.ts';

export type { Cause, TableRuntime, TableServiceOptions };

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
  private runtime: TableRuntime = { wake: () => {}, present: async () => true };

  private readonly t: TableContext;

  constructor(private readonly o: TableServiceOptions) {
    this.t = {
      o,
      commits: new TableCommits(o, () => this.runtime),
      runtime: () => this.runtime,
      nowMs: () => o.now().getTime(),
      choose: (level, seen) => chooseBotAction(level, seen, o.random, o.botBudget),
      steps: { running: new Set(), saidNoThinkerAt: Number.NEGATIVE_INFINITY },
    };
  }

  useRuntime(runtime: TableRuntime): void {
    this.runtime = runtime;
  }

  create(host: Player, rulesInput: RulesInput, specs: readonly SeatSpec[] | undefined, settings?: TableSettings): Promise<Result<TableDoc, Problem>> {
    return create(this.t, host, rulesInput, specs, settings);
  }

  createStarted(o: Parameters<typeof createStarted>[1]): Promise<Result<TableDoc, Problem>> {
    return createStarted(this.t, o);
  }

  load(id: TableId): Promise<TableDoc | null> {
    return this.o.store.load(id);
  }

  tableForCode(code: TableCode): Promise<TableDoc | null> {
    return tableForCode(this.t, code);
  }

  /** A spectator's connection comes (+1) to the table or goes (-1): see `TableStore.watch`. */
  countSpectator(id: TableId, delta: 1 | -1): Promise<void> {
    return this.o.store.watch(id, delta);
  }

  join(id: TableId, player: Player | null, as: 'player' | 'spectator' | undefined): Promise<Result<{ doc: TableDoc; seat: number | null }, Problem>> {
    return join(this.t, id, player, as);
  }

  leave(id: TableId, player: Player): Promise<Result<TableDoc | null, Problem>> {
    return leave(this.t, id, player);
  }

  watchAway(id: TableId, seat: number): Promise<void> {
    return watchAway(this.t, id, seat);
  }

  checkAway(id: TableId, seat: number): Promise<void> {
    return checkAway(this.t, id, seat);
  }

  setSeat(id: TableId, player: Player, seat: number, occupant: SeatSpec): Promise<Result<TableDoc, Problem>> {
    return setSeat(this.t, id, player, seat, occupant);
  }

  changeSettings(id: TableId, player: Player, change: Partial<TableSettings>): Promise<Result<TableDoc, Problem>> {
    return changeSettings(this.t, id, player, change);
  }

  start(id: TableId, player: Player): Promise<Result<TableDoc, Problem>> {
    return start(this.t, id, player);
  }

  rematch(id: TableId, player: Player): Promise<Result<TableDoc, Problem>> {
    return rematch(this.t, id, player);
  }

  answerRematch(id: TableId, player: Player, accept: boolean): Promise<Result<TableDoc, Problem>> {
    return answerRematch(this.t, id, player, accept);
  }

  act(id: TableId, player: Player, seat: number, version: number, wire: WireAction): Promise<Result<TableDoc, Problem>> {
    return act(this.t, id, player, seat, version, wire);
  }

  record(id: TableId, n: number): Promise<Result<GameRecord, Problem>> {
    return record(this.t, id, n);
  }

  runStep(id: TableId, version: number): Promise<'replaced' | undefined> {
    return runStep(this.t, id, version);
  }

  resumeAll(): Promise<number> {
    return resumeAll(this.t);
  }
}
