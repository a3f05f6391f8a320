import type { RecordHand } from '@fives/engine';
import type { ArchivedGame, TableId } from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { TableStore } from '../store/store.ts';
import type { GameArchive } from './archive.ts';

/**
 * The `g:` job: game `n` of the table, finished, goes from the store's outbox to the archive.
 * It may run twice (its node died after writing, the lease ran out) or on two nodes at once:
 * the archive's write is idempotent by game id, and the outbox entry goes only once the game
 * is in the archive. With a durable archive the record's hands leave Redis too: Redis keeps
 * the live tables, the archive the games.
 */
export async function archiveGame(
  o: { store: TableStore; archive: GameArchive; log: FastifyBaseLogger; archived: (game: ArchivedGame) => Promise<void> },
  tableId: TableId,
  n: number,
): Promise<void> {
  const entry = await o.store.finishedGame(tableId, n);
  // Archived already (by this node or another), or never finished here: nothing left to do.
  if (entry === null) return;
  const hands: RecordHand[] = await o.store.recordHands(tableId, n);
  const game: ArchivedGame = { ...entry.summary, record: { rules: entry.rulesInput, hands } };
  const written = await o.archive.write(game);
  // What else a finished game settles (a tournament's result), before the outbox entry goes: a
  // node that dies between the two runs this job again, and each of them is idempotent.
  await o.archived(game);
  await o.store.archived(tableId, n, o.archive.durable);
  o.log.info({ tableId, game: n, event: 'archived', written }, 'table event');
}
