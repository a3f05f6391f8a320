import { type TableView, formatTile, legalActions, seededRandom, view } from '@fives/engine';
import { toWireAction } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { replayOf } from '../src/archive/replay.ts';
import { COACH_SHOWN, answer, handLessons, hintFor } from '../src/coach/coach.ts';
import { COACH_WORDS, playText } from '../src/coach/words.ts';
import { botAction } from '../src/connection/bot.ts';
import { PracticeConnection, type Scheduler } from '../src/connection/practice.ts';
import { inlineThinker } from '../src/connection/thinker.ts';
import { BLUNDER, playedRecord } from './archive/records.ts';

/** The state before seat 1's blunder: seat 0 has led 5-0, seat 1 holds 5-5, which wins at once. */
function beforeBlunder(): ReturnType<typeof view> {
  const r = replayOf(BLUNDER);
  if (!r.ok) throw new Error('BLUNDER does not replay');
  const state = r.value.frames[1]?.state;
  if (state === undefined) throw new Error('no frame');
  return view(state, 1);
}

describe('the coach’s hint', () => {
  it('names the play that wins at once', () => {
    const hint = hintFor(beforeBlunder(), 'hint');
    expect(hint?.options).toBeGreaterThanOrEqual(2);
    expect(formatTile(hint?.best.action.tile ?? (0 as never))).toBe('5-5');
    expect(hint?.best.win).toBe(1);
    expect(playText(hint?.best.action ?? { type: 'play', seat: 1, tile: 0 as never })).toMatch(/five/);
  });

  it('has nothing to say when it is not the player’s turn', () => {
    const r = replayOf(BLUNDER);
    if (!r.ok) throw new Error('no replay');
    expect(hintFor(view(r.value.frames[1]?.state as never, 0), 'hint')).toBeNull();
  });

  it('gives the same answer for the same seed (a sample budget, never a clock)', () => {
    const v = beforeBlunder();
    expect(hintFor(v, 'same', 60)).toEqual(hintFor(v, 'same', 60));
  });
});

describe('the coach after a hand', () => {
  it('points at the blunder, beside the play that won', () => {
    const lessons = handLessons(BLUNDER, 1, 0, 'hand');
    expect(lessons).toHaveLength(1);
    expect(formatTile(lessons[0]?.made.tile ?? (0 as never))).toBe('0-1');
    expect(formatTile(lessons[0]?.best.tile ?? (0 as never))).toBe('5-5');
    expect(lessons[0]?.winLost).toBeGreaterThan(0.2);
    expect(lessons[0]?.turn).toBe(1);
  });

  it('names at most a few plays of a real hand, costliest first, each of them costing something', { timeout: 60_000 }, () => {
    const record = playedRecord({ players: 2 }, 'coach-hand');
    let named = 0;
    for (let hand = 0; hand < Math.min(3, record.hands.length); hand++) {
      const lessons = handLessons(record, 0, hand, `h${hand}`, 60);
      expect(lessons.length).toBeLessThanOrEqual(COACH_SHOWN);
      for (const [i, l] of lessons.entries()) {
        expect(l.winLost > 0 || l.pointsLost > 0).toBe(true);
        if (i > 0) expect(l.winLost).toBeLessThanOrEqual(lessons[i - 1]?.winLost ?? 1);
      }
      named += lessons.length;
    }
    expect(named).toBeGreaterThan(0);
  });

  it('answers a record it cannot read with nothing, and a worker’s question by its number', () => {
    expect(handLessons({ rules: {}, hands: 'no' }, 0, 0, 'x')).toEqual([]);
    const a = answer({ id: 7, kind: 'hand', record: BLUNDER, seat: 1, hand: 0, seed: 'w' });
    expect(a).toMatchObject({ id: 7, kind: 'hand' });
    expect(answer({ id: 8, kind: 'hint', view: beforeBlunder(), seed: 'w' })).toMatchObject({ id: 8, kind: 'hint' });
  });

  it('reads the practice table’s game once its first hand is over', async () => {
    let now = 1_700_000_000_000;
    let tasks: { at: number; task: () => void }[] = [];
    const schedule: Scheduler = (task, ms) => {
      const entry = { at: now + ms, task };
      tasks.push(entry);
      return () => (tasks = tasks.filter((t) => t !== entry));
    };
    const conn = new PracticeConnection({ seed: 'coach', schedule, now: () => now, thinker: inlineThinker(seededRandom('coach/bots')) });
    conn.send({ type: 'playNow', setup: { rules: { players: 2 }, bots: 1, level: 'medium', turnSeconds: null } });
    expect(conn.currentGame()).toBeNull();
    const random = seededRandom('player');
    let v: TableView | null = null;
    for (let steps = 0; steps < 2000; steps++) {
      v = conn.state.table?.view ?? null;
      if (v === null || v.status !== 'playing') break;
      const action = legalActions(v).length > 0 ? botAction(v, 'easy', random) : null;
      if (action !== null && action.type !== 'muggins') {
        conn.send({ type: 'move', move: toWireAction(action) });
        continue;
      }
      tasks.sort((a, b) => a.at - b.at);
      const next = tasks.shift();
      if (next === undefined) break;
      now = Math.max(now, next.at);
      next.task();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(v?.handScores[0]?.reason).not.toBeNull();
    const game = conn.currentGame();
    expect(game?.hands).toHaveLength(1);
    const lessons = handLessons(game, 0, 0, 'practice', 40);
    expect(lessons.length).toBeLessThanOrEqual(COACH_SHOWN);
    conn.close();
  });
});

describe('the coach’s words', () => {
  it('every language has every key, with the same placeholders', () => {
    const holes = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
    for (const [lang, words] of Object.entries(COACH_WORDS)) {
      for (const [key, text] of Object.entries(COACH_WORDS.en)) {
        const theirs = (words as Record<string, string>)[key];
        expect(theirs, `${lang} ${key}`).toBeTypeOf('string');
        expect(holes(theirs ?? ''), `${lang} ${key}`).toEqual(holes(text));
      }
    }
  });
});
