import { ok } from '@fives/engine';
import type { TableId } from '@fives/protocol';
import { type TableDoc, automaticStep, nextStepAt } from '@fives/table';
import { awayJobKey, tableJobKey } from '../jobs/job.ts';
import type { TableContext } from './context.ts';

/** The table moving by itself: its next step (a deal, a computer player's or a stand-in's move) and its resumption. */

/**
 * The `t:` job set on `version`: the next deal, a computer player's or stand-in's move (a
 * person out of time included), or — nothing being due — a look at whether the person to move
 * is still connected. A table that has moved on since is left alone. `'replaced'` when it
 * committed a change: the commit set the table's next step, this job with it.
 */
export async function runStep(t: TableContext, id: TableId, version: number): Promise<'replaced' | undefined> {
  const idle: { doc: TableDoc | null } = { doc: null };
  const changed = await t.commits.update(
    id,
    (d, now) => {
      const step = automaticStep(d, now, version, { seeds: t.o.seeds, choose: t.choose });
      if (!step.ok) return step;
      if (step.value.kind === 'idle') idle.doc = d;
      if (step.value.kind !== 'change') return ok(null);
      const bot = step.value.bot;
      if (bot?.fellBack === true) {
        t.o.log.error({ seat: bot.seat, level: bot.actor.level, chose: bot.chose }, 'a bot policy gave no legal action on its turn; playing its first legal one');
      }
      return ok(step.value.change);
    },
    0,
  );
  if (idle.doc !== null) await watch(t, idle.doc);
  return changed.ok && changed.value !== null ? 'replaced' : undefined;
}

/** Nothing to do but wait for the person to move: if they are not connected, start the grace period, then look again later. */
async function watch(t: TableContext, doc: TableDoc): Promise<void> {
  const seat = doc.state?.hand?.turn;
  if (seat === undefined || doc.seats[seat]?.kind !== 'human') return;
  const now = t.nowMs();
  if (!(await t.runtime().present(doc.id, seat))) await t.o.store.jobs.put(awayJobKey(doc.id, seat), 0, now + t.o.graceMs, 'ifAbsent');
  const at = nextStepAt(doc, now, t.o);
  if (at !== null) await t.o.store.jobs.put(tableJobKey(doc.id), doc.version, at);
}

/** A starting server makes sure every table under way has its next step set (tables from before steps were stored). */
export async function resumeAll(t: TableContext): Promise<number> {
  const ids = await t.o.store.activeTables();
  const now = t.nowMs();
  for (const id of ids) {
    try {
      const doc = await t.o.store.load(id);
      const at = doc === null ? null : nextStepAt(doc, now, t.o);
      if (doc !== null && at !== null) await t.o.store.jobs.put(tableJobKey(id), doc.version, at, 'ifAbsent');
    } catch (error) {
      // One table the server cannot read must not keep it from starting for all the others.
      t.o.log.error({ err: error, tableId: id }, 'a table under way could not be read');
    }
  }
  return ids.length;
}
