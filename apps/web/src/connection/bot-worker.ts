import { type RandomSource, seededRandom } from '@fives/engine';
import { botAction } from './bot.ts';
import type { ThinkReply, ThinkRequest, ThinkStart } from './thinker.ts';

/**
 * The practice table's computer players, in a thread of their own (`thinker.ts` asks): the
 * first message seeds their random choices, each one after is a seat's view and level, answered
 * with the engine action the level chooses. `fivesThinks` counts the answers, for the browser
 * test to see that the players ran here and not on the page.
 */
/** The worker's side of its global scope (the web client is typed for the page, not for workers). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<ThinkStart | ThinkRequest>) => void) | null;
  postMessage(reply: ThinkReply): void;
  fivesThinks: number;
}
const scope = self as unknown as WorkerScope;
scope.fivesThinks = 0;
let random: RandomSource | null = null;

scope.onmessage = (e: MessageEvent<ThinkStart | ThinkRequest>) => {
  const message = e.data;
  if (!('id' in message)) {
    random = seededRandom(message.seed);
    return;
  }
  let reply: ThinkReply;
  try {
    if (random === null) throw new Error('asked to think before being seeded');
    reply = { id: message.id, ok: true, action: botAction(message.view, message.level, random) };
    scope.fivesThinks++;
  } catch (error) {
    reply = { id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
