import { formatTile } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { type AnalysisOptions, analyseGame, decisionSteps } from '../../src/archive/analysis.ts';
import { replayOf } from '../../src/archive/replay.ts';
import { BLUNDER, playedRecord } from './records.ts';

function replay(record: unknown) {
  const got = replayOf(record);
  if (!got.ok) throw new Error(JSON.stringify(got.error));
  return got.value;
}

describe('move-by-move analysis', () => {
  it('finds the winning play the blunder missed, from what the seat knew and in hindsight', () => {
    const r = replay(BLUNDER);
    expect(decisionSteps(r, 1)).toEqual([1]);
    for (const mode of ['fair', 'hindsight'] as const) {
      const a = analyseGame(r, { seat: 1, seed: 'known', samples: 40, mode });
      expect(a.decisions).toHaveLength(1);
      const d = a.decisions[0];
      expect(formatTile(d?.best.action.tile ?? (0 as never))).toBe('5-5');
      expect(d?.best.win).toBe(1);
      expect(formatTile(d?.made.action.tile ?? (0 as never))).toBe('0-1');
      expect(d?.isBest).toBe(false);
      expect(d?.costly).toBe(true);
      expect(d?.winLost).toBeGreaterThan(0.2);
      expect(d?.pointsLost).toBeGreaterThan(0);
      expect(a.summary).toMatchObject({ decisions: 1, best: 0, bestShare: 0, hands: 1 });
    }
    // Seat 0's lead was a free choice among its nine tiles: a decision too.
    expect(decisionSteps(r, 0)).toEqual([0]);
  });

  it('analyses a Latin game: the forced 6-6 is no decision, and every other choice of the pair is weighed', { timeout: 60_000 }, () => {
    const record = playedRecord({ preset: 'latin', players: 4, bonuses: true, target: 60 }, 'analysis-latin');
    const r = replay(record);
    const first = record.hands[0]!;
    const leader = first.leader;
    // The first action of the game is the 6-6, the leader's only legal play.
    expect(first.actions[0]).toMatchObject({ type: 'play', tile: '6-6', seat: leader });
    expect(decisionSteps(r, leader)).not.toContain(0);
    for (const mode of ['fair', 'hindsight'] as const) {
      const a = analyseGame(r, { seat: leader, seed: 'latin', samples: 12, mode });
      expect(a.decisions.length).toBeGreaterThan(0);
      for (const d of a.decisions) {
        expect(d.options.length).toBeGreaterThanOrEqual(2);
        expect(d.best.win).toBeGreaterThanOrEqual(d.made.win - 1e-9);
      }
      expect(a.summary.hands).toBe(record.hands.length);
    }
  });

  it('has no decision to weigh in a Cuban game (its double-nine hands are beyond the expert’s estimates), and does not fail on one', () => {
    const r = replay(playedRecord({ preset: 'cuban', players: 4, target: 40 }, 'analysis-cuban'));
    expect(r.frames.length).toBeGreaterThan(10);
    expect(decisionSteps(r, 0)).toEqual([]);
    const a = analyseGame(r, { seat: 0, seed: 'cuban', samples: 4, mode: 'fair' });
    expect(a.decisions).toEqual([]);
  });

  it('is the same from the same seed, and covers every choice the seat made', { timeout: 60_000 }, () => {
    const record = playedRecord({ preset: 'allFives', players: 2, target: 100 }, 'analysis-seeded');
    const r = replay(record);
    const o: AnalysisOptions = { seat: 0, seed: 'same', samples: 12, mode: 'fair' };
    const progress: number[] = [];
    const first = analyseGame(r, o, (done) => progress.push(done));
    const second = analyseGame(r, o);
    expect(second).toEqual(first);
    expect(first.decisions.length).toBeGreaterThan(3);
    expect(progress).toEqual(Array.from({ length: first.decisions.length + 1 }, (_, i) => i));
    for (const d of first.decisions) {
      expect(d.options.length).toBeGreaterThanOrEqual(2);
      expect(d.best.win).toBeGreaterThanOrEqual(d.made.win - 1e-9);
      expect(d.winLost).toBeGreaterThanOrEqual(0);
    }
    expect(first.summary.bestShare).toBeGreaterThanOrEqual(0);
    expect(first.summary.bestShare).toBeLessThanOrEqual(1);
    const other = analyseGame(r, { ...o, seed: 'another' });
    expect(other.decisions.map((d) => d.step)).toEqual(first.decisions.map((d) => d.step));
  });
});
