import { type TableView, legalActions, seededRandom, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { type PlayAction, type SearchReport, DEFAULT_MAX_SAMPLES, STOP_RULE, expertPolicy, readSeatView, search } from '../src/index.ts';
import { positions } from './support/positions.ts';

/** Positions where the seat to move has two or more plays (what the search is for). */
function choices(seed: string, count: number): { view: TableView; plays: PlayAction[] }[] {
  const out: { view: TableView; plays: PlayAction[] }[] = [];
  for (const state of positions({ players: 2 }, seed, count * 3)) {
    const turn = state.hand?.turn ?? 0;
    const v = view(state, turn);
    if (v.hand?.awaiting !== 'move') continue;
    const plays = legalActions(v).filter((a): a is PlayAction => a.type === 'play');
    if (plays.length >= 2) out.push({ view: v, plays });
    if (out.length === count) break;
  }
  return out;
}

function seatView(v: TableView): NonNullable<ReturnType<typeof readSeatView>> {
  const sv = readSeatView(v);
  if (sv === null) throw new Error('no seat view');
  return sv;
}

const cases = choices('search', 24);

describe('the adaptive search', () => {
  it('has positions to work on', () => {
    expect(cases.length).toBe(24);
  });

  it('stops once the best play is settled, mostly well short of its cap, and never before its minimum', () => {
    let early = 0;
    for (const [i, c] of cases.entries()) {
      const r = search(seatView(c.view), c.plays, seededRandom(`s${i}`), { samples: DEFAULT_MAX_SAMPLES });
      expect(r.samples).toBeLessThanOrEqual(DEFAULT_MAX_SAMPLES);
      if (r.stop === 'settled') {
        expect(r.samples).toBeGreaterThanOrEqual(STOP_RULE.minSamples);
        if (r.samples < DEFAULT_MAX_SAMPLES / 2) early++;
      } else expect(r.stop).toBe('samples');
      // The play it makes was tried on every deal: it was never dropped.
      expect(r.tried[c.plays.indexOf(r.action)]).toBe(r.samples);
    }
    expect(early).toBeGreaterThan(cases.length / 2);
  });

  it('chooses as well as a search that spends its whole budget, judged on the same deals', () => {
    // Candidates take no randomness, so the adaptive search's deals are the first of the full one's.
    let regret = 0;
    let firstPlayRegret = 0;
    for (const [i, c] of cases.entries()) {
      const sv = seatView(c.view);
      const full = search(sv, c.plays, seededRandom(`r${i}`), { samples: DEFAULT_MAX_SAMPLES, adaptive: false });
      const quick = search(sv, c.plays, seededRandom(`r${i}`), { samples: DEFAULT_MAX_SAMPLES });
      expect(full.samples).toBe(DEFAULT_MAX_SAMPLES);
      expect(full.tried.every((n) => n === DEFAULT_MAX_SAMPLES)).toBe(true);
      const best = Math.max(...full.values);
      regret += best - (full.values[c.plays.indexOf(quick.action)] as number);
      firstPlayRegret += best - (full.values[0] as number);
    }
    // The mean regret in chance of winning, against what always taking the first play would lose.
    expect(regret / cases.length).toBeLessThan(STOP_RULE.indifference / 2);
    expect(firstPlayRegret / cases.length).toBeGreaterThan(4 * (regret / cases.length));
  });

  it('stops on its time cap, read from the clock it is given', () => {
    const c = cases[0];
    if (c === undefined) throw new Error('no case');
    let t = 0;
    const r = search(seatView(c.view), c.plays, seededRandom('t'), { ms: 20, now: () => (t += 0.25), adaptive: false });
    expect(r.stop).toBe('time');
    expect(r.samples).toBeGreaterThan(0);
    expect(r.samples).toBeLessThan(DEFAULT_MAX_SAMPLES);
  });

  it('replays exactly from its seed and reports each search', () => {
    const reports: SearchReport[] = [];
    const run = (): unknown => cases.slice(0, 6).map((c, i) => expertPolicy(c.view, seededRandom(`p${i}`), { samples: 120, onSearch: (r) => reports.push(r) }));
    expect(run()).toEqual(run());
    expect(reports).toHaveLength(12);
    expect(reports.slice(0, 6)).toEqual(reports.slice(6));
    for (const r of reports) expect(r.samples).toBeLessThanOrEqual(120);
  });
});
