import { view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { startedTable } from '../src/create.ts';
import { tableState } from '../src/state.ts';
import { summarize } from '../src/summary.ts';
import { TABLE_TIMING } from '../src/timing.ts';
import { ANN, T0, TIMING, found, seeds, value } from './support.ts';

describe('tableState', () => {
  const { doc } = found(
    value(
      startedTable({ people: [ANN], level: 'easy', rulesInput: { preset: 'allFives', players: 2 }, settings: { turnSeconds: null, listed: false, rated: false }, seeds: seeds(7) }),
    ).table,
  );
  const state = doc.state;
  if (state === null) throw new Error('no game');

  it('gives a seat its own view, and a spectator the spectator view', () => {
    const mine = tableState(doc, 0, summarize(doc, T0));
    expect(mine.view).toEqual(view(state, 0));
    expect(mine.version).toBe(doc.version);
    expect(tableState(doc, null, summarize(doc, T0)).view).toEqual(view(state, null));
  });

  it('commits to the hand being played without its seed', () => {
    const s = tableState(doc, 0, summarize(doc, T0));
    expect(s.fairness?.current.commitment).toBe(doc.fair?.current.commitment);
    expect(s.fairness?.current.seed).toBeNull();
    expect(JSON.stringify(s)).not.toContain(doc.fair?.current.seed ?? 'no seed');
  });

  it('runs on the times the tests use, which are the defaults', () => {
    expect(TABLE_TIMING).toEqual(TIMING);
  });
});
