import { view } from '@fives/engine';
import type { TableState, TableSummary } from '@fives/protocol';
import type { TableDoc } from '../tables/doc.ts';

/**
 * The only function that puts game state on the wire: a seat gets the engine's view for that
 * seat, a spectator (seat null) the spectator view. Nothing else of `doc.state` is ever sent.
 */
export function tableState(doc: TableDoc, seat: number | null, summary: TableSummary): TableState {
  return {
    tableId: doc.id,
    version: doc.version,
    seat,
    table: summary,
    view: doc.state === null ? null : view(doc.state, seat),
  };
}
