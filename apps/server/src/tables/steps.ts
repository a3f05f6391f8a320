import { type Action, ok } from '@fives/engine';
import type { BotLevel, TableId } from '@fives/protocol';
import { type BotChooser, type TableDoc, automaticStep, nextStepAt } from '@fives/table';
import type { Budget } from '@fives/bots';
import { needsThought } from '../bots/levels.ts';
import { botSeed } from '../bots/seed.ts';
import type { BotThinker, ThinkTask } from '../bots/thinker.ts';
import { awayJobKey, tableJobKey, thinkJobKey } from '../jobs/job.ts';
import type { TableContext } from './context.ts';

/** The table moving by itself: its next step (a deal, a computer player's or a stand-in's move) and its resumption. */

/** Rounds of thinking in one step: a round thinks every decision the step asked for and did not know (a stand-in whose person's time ran out mid-thought adds one). */
const THINK_ROUNDS = 3;
/** How often one decision is tried on a fresh thread before the first legal action is played. */
const THINK_TRIES = 3;
const NO_THINKER_QUIET_MS = 30_000;

/**
 * The `t:` job set on `version` (and the `b:` job a node that thinks nowhere handed over): the
 * next deal, a computer player's or stand-in's move (a person out of time included), or —
 * nothing being due — a look at whether the person to move is still connected. A table that
 * has moved on since is left alone. `'replaced'` when it committed a change (the commit set the
 * table's next step, this job with it), or when the job must stay for another thinker.
 *
 * A searching player's move is *thought, then committed if the table has not moved*: the step
 * is decided with what is known, each decision worth a thread (`needsThought`) that is not
 * known yet is sent to the pool with the seat's own view, and nothing is held meanwhile — the
 * table's commits (a person's move among them) go on. When the answers are in, the table is
 * loaded again and the step decided again with them, on the version they were thought about
 * only: a table that moved on drops them (counted), and its new version's step, which the
 * commit that moved it set, thinks again.
 */
export async function runStep(context: TableContext, id: TableId, version: number): Promise<'replaced' | undefined> {
  // Taken again while this node still thinks about it (its lease ran out behind a long queue
  // of decisions): the step under way commits it, and its commit sets the job anew.
  const running = `${id}:${version}`;
  if (context.steps.running.has(running)) return 'replaced';
  context.steps.running.add(running);
  try {
    return await step(context, id, version);
  } finally {
    context.steps.running.delete(running);
  }
}

async function step(context: TableContext, id: TableId, version: number): Promise<'replaced' | undefined> {
  // The answers thought about, by table version, seat and level.
  const answers = new Map<string, Action | null>();
  // Decisions whose thinking failed every time (their first legal action is played; said once).
  const failed = new Set<string>();
  for (let round = 0; ; round++) {
    // Past the last round, a decision still unknown is not thought about: the first legal action.
    const lastRound = round >= THINK_ROUNDS;
    const wanted = new Map<string, ThinkTask>();
    const idle: { doc: TableDoc | null; stale: boolean } = { doc: null, stale: false };
    const changed = await context.commits.update(
      id,
      (d, now) => {
        wanted.clear();
        const choose: BotChooser = (level, seen) => {
          if (seen.seat === null || !needsThought(level, seen)) return context.choose(level, seen);
          const key = answerKey(d.version, seen.seat, level);
          // An answer counts only for the version it was thought about (keyed by it).
          if (answers.has(key)) return answers.get(key) ?? null;
          if (!lastRound) wanted.set(key, { level, view: seen, seed: botSeed(d, seen.seat), budget: plainBudget(context.options.botBudget) });
          return null;
        };
        const step = automaticStep(d, now, version, { seeds: context.options.seeds, choose });
        if (!step.ok) return step;
        // The last decision's (a first one on this node's cached copy may be decided again).
        idle.stale = step.value.kind === 'stale';
        // Something to think about first: nothing is committed (nor held) meanwhile.
        if (wanted.size > 0) return ok(null);
        if (step.value.kind === 'idle') idle.doc = d;
        if (step.value.kind !== 'change') return ok(null);
        const bot = step.value.bot;
        const key = bot === null ? null : answerKey(d.version, bot.seat, bot.actor.level);
        if (key !== null) context.options.bots.decided(answers.has(key) ? 'pool' : 'inline');
        if (bot?.fellBack === true && key !== null && !failed.has(key)) {
          context.options.log.error({ seat: bot.seat, level: bot.actor.level, chose: bot.chose }, 'a bot policy gave no legal action on its turn; playing its first legal one');
        }
        return ok(step.value.change);
      },
      0,
      // Thinking wanted on this node's cached copy of the job's version needs no fresh read
      // first: the answers are keyed by that version, and the commit after them checks it (a
      // table that moved on meanwhile costs one thought, then ends the step as stale).
      () => wanted.size > 0,
    );
    if (wanted.size === 0) {
      if (idle.stale && answers.size > 0) context.options.bots.stale();
      if (idle.doc !== null) await watch(context, idle.doc);
      return changed.ok && changed.value !== null ? 'replaced' : undefined;
    }
    if (context.options.thinker === null) {
      await handOff(context, id, version);
      return undefined;
    }
    const thinker = context.options.thinker;
    const outcomes = await Promise.all([...wanted].map(async ([key, task]) => ({ key, answer: await thinkHard(context, thinker, id, task) })));
    for (const { key, answer } of outcomes) {
      // The node is stopping: the job stays, and another thinker takes it when its lease is over.
      if (answer === 'closed') return 'replaced';
      if (answer === 'failed') failed.add(key);
      answers.set(key, answer === 'failed' ? null : answer);
    }
  }
}

/**
 * One decision, thought about in the pool: a thread that throws or hangs is replaced (the pool
 * does that) and the decision thought again, up to `THINK_TRIES` times; after that it is
 * `'failed'` (the table plays the first legal action: it never stalls). `'closed'`: the pool
 * is closing with the node.
 */
async function thinkHard(context: TableContext, thinker: BotThinker, id: TableId, task: ThinkTask): Promise<Action | null | 'failed' | 'closed'> {
  for (let attempt = 1; attempt <= THINK_TRIES; attempt++) {
    const thought = await thinker.think(task);
    if (thought.ok) return thought.action;
    if (thought.failure === 'closed') return 'closed';
    context.options.bots.failed(thought.failure);
    context.options.log.warn(
      { tableId: id, seat: task.view.seat, level: task.level, failure: thought.failure, attempt, err: thought.message },
      'a bot worker thread failed; it is replaced and the move thought again',
    );
  }
  context.options.bots.fellBack();
  context.options.log.error({ tableId: id, seat: task.view.seat, level: task.level, tries: THINK_TRIES }, 'a bot move could not be thought about; playing its first legal action');
  return 'failed';
}

/** This node thinks nowhere (BOT_WORKERS=0): the move waits in Redis for a thinker (`jobs/thinking.ts`). */
async function handOff(context: TableContext, id: TableId, version: number): Promise<void> {
  const now = context.nowMs();
  await context.options.store.thinking.jobs.put(thinkJobKey(id), version, now);
  context.options.bots.handedOff();
  if (now - context.steps.saidNoThinkerAt < NO_THINKER_QUIET_MS || (await context.options.store.thinking.alive(now)) > 0) return;
  context.steps.saidNoThinkerAt = now;
  context.options.log.warn(
    { tableId: id, waiting: await context.options.store.thinking.waiting(now) },
    "computer players' moves are waiting for a thinker: this node thinks nowhere (BOT_WORKERS=0) and no worker process is running (start one: pnpm start:worker); they are made as soon as one starts",
  );
}

function answerKey(version: number, seat: number, level: BotLevel): string {
  return `${version}:${seat}:${level}`;
}

/** The budget as it crosses to a thread: every field but its clock, which a thread reads for itself (a function does not cross). */
function plainBudget(budget: Budget): ThinkTask['budget'] {
  const { now: _clock, ...plain } = budget;
  return plain;
}

/** Nothing to do but wait for the person to move: if they are not connected, start the grace period, then look again later. */
async function watch(context: TableContext, doc: TableDoc): Promise<void> {
  const seat = doc.state?.hand?.turn;
  if (seat === undefined || doc.seats[seat]?.kind !== 'human') return;
  const now = context.nowMs();
  if (!(await context.options.presence.present(doc.id, seat))) await context.options.store.jobs.put(awayJobKey(doc.id, seat), 0, now + context.options.graceMs, 'ifAbsent');
  const at = nextStepAt(doc, now, context.options);
  if (at !== null) await context.options.store.jobs.put(tableJobKey(doc.id), doc.version, at);
}

/** A starting server makes sure every table under way has its next step set (tables from before steps were stored). */
export async function resumeAll(context: TableContext): Promise<number> {
  const ids = await context.options.store.activeTables();
  const now = context.nowMs();
  for (const id of ids) {
    try {
      const doc = await context.options.store.load(id);
      const at = doc === null ? null : nextStepAt(doc, now, context.options);
      if (doc !== null && at !== null) await context.options.store.jobs.put(tableJobKey(id), doc.version, at, 'ifAbsent');
    } catch (error) {
      // One table the server cannot read must not keep it from starting for all the others.
      context.options.log.error({ err: error, tableId: id }, 'a table under way could not be read');
    }
  }
  return ids.length;
}
