import { replayRecord } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { clampStep, handStep, replayOf } from '../../src/archive/replay.ts';
import { BLUNDER, playedRecord } from './records.ts';

describe('the replay viewer’s steps', () => {
  const record = playedRecord({ preset: 'allFives', players: 2 }, 'replay-steps');

  it('has one step per deal and per action, ending where the engine’s replay ends', () => {
    const got = replayOf(record);
    if (!got.ok) throw new Error(JSON.stringify(got.error));
    const { frames } = got.value;
    const actions = record.hands.reduce((n, h) => n + h.actions.length, 0);
    expect(frames).toHaveLength(record.hands.length + actions);
    const last = frames.at(-1)?.state;
    const engine = replayRecord(record);
    expect(engine.exitCode).toBe(0);
    expect(last?.scores).toEqual(engine.state?.scores);
    expect(last?.status).toBe('over');
    // Each step's event is the record's action at that place, in order.
    for (const f of frames) {
      if (f.action === null) expect(f.event).toBeNull();
      else expect(f.event?.type).toBe(record.hands[f.hand]?.actions[f.action]?.type);
    }
    // Every hand but (perhaps) the last shows its awards at its final step.
    const ends = frames.filter((f) => f.handEnd !== null);
    expect(ends.length).toBeGreaterThanOrEqual(record.hands.length - 1);
  });

  it('moves by hand and stays inside the game', () => {
    const got = replayOf(record);
    if (!got.ok) throw new Error('not a record');
    const r = got.value;
    expect(clampStep(r, -5)).toBe(0);
    expect(clampStep(r, 1e9)).toBe(r.frames.length - 1);
    const second = handStep(r, 0, 1);
    expect(r.frames[second]?.hand).toBe(1);
    expect(r.frames[second]?.action).toBeNull();
    expect(handStep(r, second, -1)).toBe(0);
    expect(handStep(r, r.frames.length - 1, 1)).toBe(r.frames.length - 1);
  });

  it('refuses what is not a record, naming the bad field', () => {
    const bad = replayOf({ ...BLUNDER, hands: [{ ...BLUNDER.hands[0], leader: 7 }] });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid', path: 'hands.0.leader' } });
    expect(replayOf({ rules: { players: 2 }, hands: [] })).toEqual({ ok: false, error: { kind: 'empty' } });
  });
});
