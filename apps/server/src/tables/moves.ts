import type { Result } from '@fives/engine';
import { ErrorCode, type Problem, type TableId, type WireAction } from '@fives/protocol';
import { type TableDoc, act as actAt, refuse } from '@fives/table';
import type { Player } from '../identity/token.ts';
import type { TableContext } from './context.ts';

/**
 * A person's move for `seat`, made on table `version`. Making it takes the seat back from a
 * stand-in. Never decided again on a newer table (retries 0): the version it was made on is gone.
 * Made on a version newer than the stored one, it says a failover lost changes: the table is
 * resumed past it (`TableCommits.resume`) and the move refused as stale, to be made again.
 */
export async function act(context: TableContext, id: TableId, player: Player, seat: number, version: number, wire: WireAction): Promise<Result<TableDoc, Problem>> {
  const out = await context.commits.mustUpdate(id, (d, now) => actAt(d, now, { playerId: player.id, seat, version, wire }), 0);
  if (out.ok || out.error.code !== ErrorCode.stale || out.error.version === undefined || out.error.version === version) return out;
  if (out.error.version > version) {
    // Most often another move came first, and its state is on its way; but it may be a change
    // this client was never sent (not confirmed in time, kept all the same): sent again.
    await context.commits.announce(id);
    return out;
  }
  // Made on a version the store does not have: lost in a failover. The table goes on past it.
  const resumed = await context.commits.resume(id, version);
  return resumed === null
    ? out
    : refuse(ErrorCode.stale, `the table was resumed as version ${resumed.version} after a failover; make the move again on it`, { version: resumed.version });
}
