import type { Result } from '@fives/engine';
import type { Problem, SeatSpec, TableId } from '@fives/protocol';
import {
  type TableDoc,
  type TableSettings,
  answerRematch as answerRematchAt,
  changeSettings as changeTableSettings,
  rematch as rematchAt,
  setSeat as setTableSeat,
  start as startAt,
} from '@fives/table';
import type { Player } from '../identity/token.ts';
import type { TableContext } from './context.ts';

/** What the host does (the seats and settings while the table waits, the start, the rematch offer), and the answers to that offer. */

export function setSeat(context: TableContext, id: TableId, player: Player, seat: number, occupant: SeatSpec): Promise<Result<TableDoc, Problem>> {
  return context.commits.mustUpdate(id, (d) => setTableSeat(d, player.id, seat, occupant));
}

/** The turn time and the listing. A running turn keeps its deadline; switching the timer off stops it. */
export function changeSettings(context: TableContext, id: TableId, player: Player, change: Partial<TableSettings>): Promise<Result<TableDoc, Problem>> {
  return context.commits.mustUpdate(id, (d) => changeTableSettings(d, player.id, change));
}

export function start(context: TableContext, id: TableId, player: Player): Promise<Result<TableDoc, Problem>> {
  return context.commits.mustUpdate(id, (d) => startAt(d, player.id, context.options.seeds));
}

export function rematch(context: TableContext, id: TableId, player: Player): Promise<Result<TableDoc, Problem>> {
  return context.commits.mustUpdate(id, (d) => rematchAt(d, player.id, context.options.seeds));
}

/** A seated person's answer to the host's offer: one version each, so the last yes deals the next game exactly once, whichever node takes it. */
export function answerRematch(context: TableContext, id: TableId, player: Player, accept: boolean): Promise<Result<TableDoc, Problem>> {
  return context.commits.mustUpdate(id, (d) => answerRematchAt(d, player.id, accept, context.options.seeds));
}
