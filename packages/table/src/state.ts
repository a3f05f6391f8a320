import { view } from '@fives/engine';
import type { TableState, TableSummary } from '@fives/protocol';
import type { TableDoc } from './doc.ts';
import { fairnessOf } from './fairness.ts';

/**
 * The only function that puts game state in a message: a seat gets the engine's view for that
 * seat, a spectator (seat null) the spectator view. Nothing else of `doc.state` is ever sent;
 * of the deal's seed, only what `fairnessOf` allows (the seed once the hand is over). The
 * server sends it over its sockets; the practice table in the browser hands it to its screen.
 */
export function tableState(doc: TableDoc, seat: number | null, summary: TableSummary): TableState {
  return {
    tableId: doc.id,
    version: doc.version,
    seat,
    table: summary,
    view: doc.state === null ? null : view(doc.state, seat),
    fairness: fairnessOf(doc),
  };
}
