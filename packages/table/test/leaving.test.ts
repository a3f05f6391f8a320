import { describe, expect, it } from 'vitest';
import { ABORT_BEFORE_MOVES, aborted, movesMade } from '../src/abort.ts';
import { finishedGame } from '../src/archive.ts';
import { startedTable } from '../src/create.ts';
import type { TableDoc } from '../src/doc.ts';
import { comeBack, goneAway, leave } from '../src/seating.ts';
import { rematch } from '../src/starting.ts';
import { ANN, BOB, apply, found, playOn, seeds, value } from './support.ts';

const TWO = { variant: 'allFives', players: 2 } as const;

/** A rated table of Ann and Bob, dealt. */
function ratedGame(): TableDoc {
  const made = value(startedTable({ people: [ANN, BOB], level: 'easy', rulesInput: TWO, settings: { turnSeconds: null, listed: false, rated: true }, seeds: seeds(11) }));
  return found(made.table).doc;
}

const moves = (d: TableDoc): number => (d.state?.hand === null || d.state?.hand === undefined ? 0 : movesMade(d.state.hand));
const over = (d: TableDoc): boolean => d.phase === 'over';

describe('leaving a rated game', () => {
  it('a person who leaves after the first hand’s third move and stays away has left: the game stays rated, their seat says so', () => {
    const played = playOn(ratedGame(), (d) => moves(d) >= ABORT_BEFORE_MOVES).doc;
    const gone = apply(played, leave(played, BOB.id)).doc;
    expect(gone.seats[1]).toMatchObject({ away: true });
    expect(gone.seats[1]).not.toHaveProperty('leftEarly');
    const end = finishedGame(playOn(gone, over).doc);
    expect(end?.rated).toBe(true);
    expect(end?.seats.map((s) => (s.kind === 'human' ? s.left === true : null))).toEqual([false, true]);
  });

  it('away past the grace is leaving too, unless they come back before the end', () => {
    const played = playOn(ratedGame(), (d) => moves(d) >= ABORT_BEFORE_MOVES + 2).doc;
    const away = apply(played, goneAway(played, 0, ANN.id)).doc;
    expect(finishedGame(playOn(away, over).doc)?.seats[0]).toMatchObject({ left: true });
    const back = apply(away, comeBack(away, ANN.id)).doc;
    const end = finishedGame(playOn(back, over).doc);
    expect(end?.rated).toBe(true);
    expect(end?.seats.some((s) => s.kind === 'human' && s.left === true)).toBe(false);
  });

  it('leaving before the first hand’s third move aborts the game: unrated for everyone, unless they come back', () => {
    const early = playOn(ratedGame(), (d) => moves(d) >= ABORT_BEFORE_MOVES - 1).doc;
    expect(moves(early)).toBe(ABORT_BEFORE_MOVES - 1);
    const gone = apply(early, leave(early, ANN.id)).doc;
    expect(gone.seats[0]).toMatchObject({ away: true, leftEarly: true });
    expect(aborted(gone)).toBe(true);
    const end = finishedGame(playOn(gone, over).doc);
    expect(end?.rated).toBe(false);
    expect(end?.seats[0]).toMatchObject({ left: true });
    // Back before the end: no abort, and a rated game for both.
    const back = apply(gone, comeBack(gone, ANN.id)).doc;
    expect(back.seats[0]).not.toHaveProperty('leftEarly');
    expect(finishedGame(playOn(back, over).doc)?.rated).toBe(true);
  });

  it('a person still away when a rematch is dealt has gone before its third move: that game is aborted, not a second leave', () => {
    const played = playOn(ratedGame(), (d) => moves(d) >= ABORT_BEFORE_MOVES).doc;
    const gone = apply(played, goneAway(played, 1, BOB.id)).doc;
    const first = playOn(gone, over).doc;
    // Ann alone asks for the rematch: Bob, away, is not asked.
    const next = apply(first, rematch(first, ANN.id, seeds(12))).doc;
    expect([next.phase, next.game]).toEqual(['playing', 2]);
    expect(next.seats[1]).toMatchObject({ away: true, leftEarly: true });
    expect(finishedGame(playOn(next, over).doc)?.rated).toBe(false);
  });
});
