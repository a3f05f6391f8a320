import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ReplayStep, replayRecord } from '../src/index.ts';

/**
 * The replay's step observer (what the replay viewer keeps): one step after each deal and one
 * after each legal action, in order, the last being the state the replay ends in; an illegal
 * action gives no step.
 */
const dir = new URL('./golden/', import.meta.url);
const goldens = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ file: f, record: (JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { record: unknown }).record }));

describe('replayRecord’s steps', () => {
  for (const { file, record } of goldens) {
    it(file, () => {
      const steps: ReplayStep[] = [];
      const replayed = replayRecord(record, (s) => steps.push(s));
      if (replayed.exitCode === 2) {
        expect(steps).toEqual([]);
        return;
      }
      if (steps.length > 0) expect(steps.at(-1)?.state).toBe(replayed.state);
      const error = 'hands' in replayed.output ? replayed.output.error : undefined;
      const hands = (record as { hands: { actions: unknown[] }[] }).hands;
      // Every hand dealt has its deal step and one per action, up to an illegal one.
      const dealt = [...new Set(steps.map((st) => st.hand))];
      expect(dealt).toEqual(dealt.map((_, h) => h));
      for (const h of dealt) {
        const actions = steps.filter((st) => st.hand === h && st.action !== null).length;
        expect(actions).toBe(error?.hand === h ? error.action : hands[h]?.actions.length);
      }
      // No hand after an error, and every hand when there is none.
      expect(dealt.length).toBe(error === undefined ? hands.length : error.hand + (dealt.includes(error.hand) ? 1 : 0));
      for (let i = 1; i < steps.length; i++) {
        const [a, b] = [steps[i - 1], steps[i]] as [ReplayStep, ReplayStep];
        if (b.action === null) expect(b.hand).toBe(a.hand + 1);
        else expect([b.hand, b.action]).toEqual([a.hand, (a.action ?? -1) + 1]);
      }
    });
  }
});
