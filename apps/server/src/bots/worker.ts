import { LEVEL_POLICIES } from '@fives/bots';
import { seededRandom } from '@fives/engine';
import { type ThinkReply, type ThinkTask, WARM_UP } from './thinker.ts';

/**
 * A worker thread of the bot pool (`pool.ts`; piscina calls the default export once per task).
 * The interface with `@fives/bots` is the one the server always used: the level's policy, the
 * seat's view, a seeded random source and the budget.
 */
export default function think(task: ThinkTask | typeof WARM_UP): ThinkReply | null {
  // The thread's module is loaded, and with it the bots: the pool may count its deadlines now.
  if (task === WARM_UP) return null;
  const started = performance.now();
  try {
    const action = LEVEL_POLICIES[task.level](task.view, seededRandom(task.seed), task.budget);
    return { action, ms: performance.now() - started };
  } catch (error) {
    // A policy that threw may have left its caches (kept between decisions) half written: this
    // thread ends once its answer is sent, and the pool starts a fresh one in its place.
    setImmediate(() => process.exit(1));
    throw error;
  }
}
