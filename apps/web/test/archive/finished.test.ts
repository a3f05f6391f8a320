import { replayRecord } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { BLUNDER, finishedBlunder } from './records.ts';

describe('the browser tests’ finished game', () => {
  it('is a legal, finished game that opens with the known blunder', () => {
    const record = finishedBlunder();
    const out = replayRecord(record);
    expect(out.exitCode).toBe(0);
    expect(out.state?.status).toBe('over');
    expect(record.hands[0]?.actions.slice(0, 2)).toEqual(BLUNDER.hands[0]?.actions);
  });
});
