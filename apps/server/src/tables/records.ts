import { type GameRecord, type Result, ok } from '@fives/engine';
import { ErrorCode, type Problem, type TableId, gameIdOf } from '@fives/protocol';
import { refuse } from '@fives/table';
import type { TableContext } from './context.ts';

/** The game record of game `n`, once it is no longer being played. */
export async function record(context: TableContext, id: TableId, n: number): Promise<Result<GameRecord, Problem>> {
  // Only finished games are archived: one found there shows no hidden tile.
  const archived = await context.options.archive.game(gameIdOf(id, n));
  if (archived !== null) return ok(archived.record);
  const doc = await context.options.store.load(id);
  // An expired table's records are kept for their own retention time.
  const kept = doc === null ? await context.options.store.keptRecord(id) : null;
  if (doc === null && kept === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
  const games = doc?.game ?? kept?.games ?? 0;
  if (!Number.isInteger(n) || n < 1 || n > games) return refuse(ErrorCode.gameNotFound, `table ${id} has no game ${n}`);
  if (doc !== null && n === doc.game && doc.phase === 'playing') {
    return refuse(ErrorCode.gameInProgress, `game ${n} is still being played; its record would show hidden tiles`);
  }
  const hands = await context.options.store.recordHands(id, n);
  if (hands.length === 0) return refuse(ErrorCode.gameNotFound, `the record of game ${n} at table ${id} is no longer kept`);
  const rules = doc?.rulesInput ?? kept?.rulesInput;
  return ok({ rules: rules as GameRecord['rules'], hands });
}
