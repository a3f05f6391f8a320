import type { Result } from '@fives/engine';
import type { Problem, TableId, WireAction } from '@fives/protocol';
import { type TableDoc, act as actAt } from '@fives/table';
import type { Player } from '../identity/token.ts';
import type { TableContext } from './context.ts';

/**
 * A person's move for `seat`, made on table `version`. Making it takes the seat back from a
 * stand-in. Never decided again on a newer table (retries 0): the version it was made on is gone.
 */
export function act(t: TableContext, id: TableId, player: Player, seat: number, version: number, wire: WireAction): Promise<Result<TableDoc, Problem>> {
  return t.commits.mustUpdate(id, (d, now) => actAt(d, now, { playerId: player.id, seat, version, wire }), 0);
}
