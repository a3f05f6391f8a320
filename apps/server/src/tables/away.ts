import { type TableId, isCorrespondence } from '@fives/protocol';
import { goneAway, personOf, reseat } from '@fives/table';
import { awayJobKey } from '../jobs/job.ts';
import type { TableContext } from './context.ts';
import { comeBack } from './joining.ts';

/**
 * A person's connections are gone: after the grace period (the `a:` job) their seat is played by
 * a stand-in, or given up while the table waits, unless they came back in time.
 */

/** A connection of the seat's person has gone: look again once the grace period is over. */
export async function watchAway(context: TableContext, id: TableId, seat: number): Promise<void> {
  const at = context.nowMs() + context.options.graceMs;
  await context.options.store.jobs.put(awayJobKey(id, seat), 0, at);
  context.options.jobs.wake(at);
}

/**
 * The `a:` job: if nobody holds the seat now, its person is away (a stand-in plays for them),
 * or, while the table waits, gives the seat up; a host hands the role on.
 */
export async function checkAway(context: TableContext, id: TableId, seat: number): Promise<void> {
  const doc = await context.options.store.load(id);
  const s = doc?.seats[seat];
  if (doc == null || s?.kind !== 'human' || s.away === true) return;
  // At a correspondence table people come and go for days: only the turn clock stands in for them.
  if (isCorrespondence(doc.settings.turnSeconds)) return;
  if (await context.options.presence.present(id, seat)) return;
  const playerId = s.playerId;
  const gone = await context.commits.update(id, (d) => goneAway(d, seat, playerId));
  // They may have come back between the look and the change: then the seat is theirs again.
  if (gone.ok && gone.value !== null && (await context.options.presence.present(id, seat))) {
    // As they sat: their rating and kept name come back with the seat.
    const person = personOf(s);
    if (gone.value.phase === 'waiting') await context.commits.update(id, (d) => reseat(d, seat, person));
    else await comeBack(context, id, playerId);
  }
}
