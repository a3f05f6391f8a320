import '../lib/no-eval.ts';
import { type CoachRequest, answer } from './coach.ts';

/** The coach's estimates run here, off the page's thread, on the player's own machine. */
self.onmessage = (event: MessageEvent<CoachRequest>) => {
  self.postMessage(answer(event.data));
};
