import { legalActions, view } from '@fives/engine';
import { commitmentOf } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { act } from '../src/acting.ts';
import { type BotChooser, actorOf } from '../src/actors.ts';
import { mugginsOpen, paused } from '../src/clock.ts';
import { openTable, startedTable } from '../src/create.ts';
import type { TableDoc } from '../src/doc.ts';
import { nextStepAt } from '../src/next-step.ts';
import { changeSettings, comeBack, goneAway, leave, setSeat, takeOpenSeat } from '../src/seating.ts';
import { summarize } from '../src/summary.ts';
import type { Effect } from '../src/settle.ts';
import { answerRematch, rematch, start } from '../src/starting.ts';
import { automaticStep } from '../src/step.ts';
import { ANN, BOB, CAT, T0, TIMING, apply, firstLegal, firstMove, found, playOn, refused, seeds, value } from './support.ts';

const ALL_FIVES = { variant: 'allFives', players: 3 } as const;
const MUGGINS = { variant: 'allFives', players: 3, muggins: true } as const;
const NO_TIMER = { turnSeconds: null, listed: false, rated: false };

function kinds(effects: readonly Effect[]): string[] {
  return effects.map((e) => e.kind);
}

/** A three-seat table waiting, Ann hosting, Bob seated, the last seat open. */
function waiting(): TableDoc {
  const opened = value(openTable(ANN, ALL_FIVES, undefined, { turnSeconds: 30, listed: true, rated: false }));
  const bob = value(takeOpenSeat(found(opened.table).doc, BOB));
  if (bob.change === null) throw new Error('Bob was not seated');
  return apply(found(opened.table).doc, { ok: true, value: bob.change }).doc;
}

/** The table dealt: Ann and Bob, a computer player in seat 2, every turn timed. */
function dealt(rules: typeof ALL_FIVES | typeof MUGGINS = ALL_FIVES, turnSeconds: number | null = 30, seed = 1): TableDoc {
  const made = value(startedTable({ people: [ANN, BOB], level: 'easy', rulesInput: rules, settings: { turnSeconds, listed: false, rated: false }, seeds: seeds(seed) }));
  return found(made.table).doc;
}

describe('seating', () => {
  it('puts the host in the first open seat and computer players where asked; a full or started table refuses a seat', () => {
    const opened = value(openTable(ANN, ALL_FIVES, [{ type: 'bot', level: 'easy' }, { type: 'human' }, { type: 'human' }], NO_TIMER));
    expect(opened.seat).toBe(1);
    expect(opened.table.seats.map((s) => s.kind)).toEqual(['bot', 'human', 'open']);
    const doc = waiting();
    expect(doc.seats.map((s) => s.kind)).toEqual(['human', 'human', 'open']);
    expect(value(takeOpenSeat(doc, BOB))).toEqual({ seat: 1, change: null });
    const full = apply(doc, { ok: true, value: value(takeOpenSeat(doc, CAT)).change }).doc;
    refused(takeOpenSeat(full, { id: 'p_dan00000' as typeof ANN.id, name: 'Dan' }), 'table/full');
    refused(openTable(ANN, { variant: 'allFives', players: 9 } as never, undefined, NO_TIMER), 'rules/invalid');
  });

  it('lets only the host change seats, never a person’s, and a change to the same occupant is none', () => {
    const doc = waiting();
    refused(setSeat(doc, BOB.id, 2, { type: 'bot', level: 'easy' }), 'table/not_host');
    refused(setSeat(doc, ANN.id, 1, { type: 'bot', level: 'easy' }), 'table/seat_taken');
    refused(setSeat(doc, ANN.id, 7, { type: 'bot', level: 'easy' }), 'table/bad_seat');
    expect(value(setSeat(doc, ANN.id, 2, { type: 'human' }))).toBeNull();
    const botted = apply(doc, setSeat(doc, ANN.id, 2, { type: 'bot', level: 'hard' }));
    expect(botted.doc.seats[2]).toEqual({ kind: 'bot', level: 'hard', name: 'Ada' });
    expect(botted.doc.version).toBe(doc.version + 1);
    // Listed, waiting, an open seat: it was in the open-tables list and is no longer.
    expect(kinds(botted.effects)).toEqual(['broadcast', 'openTablesChanged']);
    refused(changeSettings(doc, BOB.id, { listed: false }), 'table/not_host');
    expect(value(changeSettings(doc, ANN.id, { listed: true }))).toBeNull();
  });

  it('lets the host mark a table rated before the first start only', () => {
    const doc = waiting();
    const rated = apply(doc, changeSettings(doc, ANN.id, { rated: true })).doc;
    expect(rated.settings.rated).toBe(true);
    refused(changeSettings(doc, BOB.id, { rated: true }), 'table/not_host');
    const started = dealt();
    refused(changeSettings(started, ANN.id, { rated: true }), 'table/rated_fixed');
    // Unchanged is no change, whatever the phase; the other settings still change.
    expect(value(changeSettings(started, ANN.id, { rated: false }))).toBeNull();
    expect(value(changeSettings(started, ANN.id, { rated: false, turnSeconds: 45 }))?.doc.settings).toEqual({ turnSeconds: 45, listed: false, rated: false });
  });

  it('a host who leaves a waiting table opens the seat and hands the role on; over, the table waits again', () => {
    const doc = waiting();
    const left = apply(doc, leave(doc, ANN.id)).doc;
    expect(left.seats[0]).toEqual({ kind: 'open' });
    expect(left.hostId).toBe(BOB.id);
    expect(value(leave(left, ANN.id))).toBeNull();
    const over: TableDoc = { ...dealt(), phase: 'over' };
    const after = apply(over, leave(over, BOB.id)).doc;
    expect(after.phase).toBe('waiting');
    expect(after.state).toBeNull();
    expect(after.seats[1]).toEqual({ kind: 'open' });
  });
});

describe('leaving a game under way', () => {
  it('keeps the seat for a stand-in and hands the host on; the person’s own move takes the seat back', () => {
    const doc = dealt(ALL_FIVES, null);
    const left = apply(doc, leave(doc, ANN.id));
    expect(left.doc.seats[0]).toMatchObject({ kind: 'human', playerId: ANN.id, away: true });
    expect(left.doc.hostId).toBe(BOB.id);
    expect(value(leave(left.doc, ANN.id))).toBeNull();
    // Ann's turn comes (the stand-in plays it); she moves herself at her next turn and is back.
    const ready = playOn(left.doc, (d) => d.state?.hand?.turn === 0 && d.state.status === 'playing').doc;
    expect(actorOf(ready, 0, T0)).toEqual({ level: 'medium', why: 'away' });
    const moved = apply(ready, act(ready, T0, { playerId: ANN.id, seat: 0, version: ready.version, wire: firstMove(ready, 0) })).doc;
    expect(moved.seats[0]).toEqual({ kind: 'human', playerId: ANN.id, name: 'Ann' });
  });
});

describe('starting and dealing', () => {
  it('starts only by the host with every seat taken, and deals from a seed it commits to', () => {
    const doc = waiting();
    refused(start(doc, ANN.id, seeds()), 'table/seats_open');
    const full = apply(doc, setSeat(doc, ANN.id, 2, { type: 'bot', level: 'easy' })).doc;
    refused(start(full, BOB.id, seeds()), 'table/not_host');
    const started = apply(full, start(full, ANN.id, seeds()), T0);
    const d = started.doc;
    expect([d.phase, d.game, d.state?.status]).toEqual(['playing', 1, 'playing']);
    expect(d.fair?.current.commitment).toBe(commitmentOf(d.fair?.current.seed ?? ''));
    expect(d.fair?.previous).toBeNull();
    refused(start(d, ANN.id, seeds()), 'table/already_started');
    refused(rematch(d, ANN.id, seeds()), 'table/game_not_over');
    expect(kinds(started.effects)).toContain('schedule');
  });

  it('deals the same table from the same seeds, and another from others', () => {
    expect(dealt(ALL_FIVES, 30, 5).state).toEqual(dealt(ALL_FIVES, 30, 5).state);
    expect(dealt(ALL_FIVES, 30, 5).state).not.toEqual(dealt(ALL_FIVES, 30, 6).state);
  });
});

describe('a person’s move', () => {
  it('is refused when made on an older version, for another’s seat, or out of the game', () => {
    const doc = dealt();
    const seat = doc.state?.hand?.turn ?? -1;
    const mover = seat === 0 ? ANN : BOB;
    const wire = seat === 2 ? { type: 'pass' as const } : firstMove(doc, seat);
    refused(act(doc, T0, { playerId: mover.id, seat, version: doc.version + 1, wire }), 'action/stale');
    refused(act(doc, T0, { playerId: CAT.id, seat: 0, version: doc.version, wire }), 'table/not_seated');
    refused(act({ ...doc, phase: 'over' }, T0, { playerId: ANN.id, seat: 0, version: doc.version, wire }), 'game/over');
  });
});

describe('a whole game and the rematch', () => {
  it('plays to the end, records every hand closed, and a rematch by the host deals game 2 with the last hand revealed', () => {
    const { doc, effects } = playOn(dealt(ALL_FIVES, null), (d) => d.phase === 'over');
    expect(doc.state?.status).toBe('over');
    const records = effects.filter((e) => e.kind === 'record');
    expect(records.length).toBe(doc.state?.hands.length);
    const last = doc.fair?.current;
    refused(rematch(doc, BOB.id, seeds()), 'table/not_host');
    // Ann offers; the game waits for Bob's yes (issue 31: nobody is dropped into a game unasked).
    const offered = apply(doc, rematch(doc, ANN.id, seeds(99))).doc;
    expect([offered.phase, offered.game]).toEqual(['over', 1]);
    expect(summarize(offered, T0).rematch).toEqual({ by: 0, accepted: [0], declined: null });
    refused(rematch(offered, ANN.id, seeds()), 'table/rematch_offered');
    const again = apply(offered, answerRematch(offered, BOB.id, true, seeds(99))).doc;
    expect([again.phase, again.game, again.state?.hands.length, again.fair?.previous]).toEqual(['playing', 2, 1, last]);
    expect(again.rematch).toBeUndefined();
    expect(summarize(again, T0)).not.toHaveProperty('rematch');
    // Answered once: the game under way has no offer left to answer.
    refused(answerRematch(again, BOB.id, true, seeds()), 'table/no_rematch_offer');
  });

  it('a rematch offer declined stands no more, may be offered again, and is answered only by the people seated', () => {
    const { doc } = playOn(dealt(ALL_FIVES, null), (d) => d.phase === 'over');
    refused(answerRematch(doc, BOB.id, true, seeds()), 'table/no_rematch_offer');
    const offered = apply(doc, rematch(doc, ANN.id, seeds(5))).doc;
    refused(answerRematch(offered, CAT.id, true, seeds()), 'table/not_seated');
    const declined = apply(offered, answerRematch(offered, BOB.id, false, seeds())).doc;
    expect([declined.phase, declined.game]).toEqual(['over', 1]);
    expect(summarize(declined, T0).rematch).toEqual({ by: 0, accepted: [0], declined: 1 });
    refused(answerRematch(declined, BOB.id, true, seeds()), 'table/no_rematch_offer');
    const again = apply(declined, rematch(declined, ANN.id, seeds(6))).doc;
    expect(summarize(again, T0).rematch).toEqual({ by: 0, accepted: [0], declined: null });
    // Bob is gone (away) before answering: Ann, with nobody else to ask, asks again and the game starts.
    const alone = apply(again, goneAway(again, 1, BOB.id)).doc;
    const next = apply(alone, rematch(alone, ANN.id, seeds(7))).doc;
    expect([next.phase, next.game]).toEqual(['playing', 2]);
  });

  it('a host alone with computer players rematches at once', () => {
    const made = value(startedTable({ people: [ANN], level: 'easy', rulesInput: ALL_FIVES, settings: NO_TIMER, seeds: seeds(3) }));
    const { doc } = playOn(found(made.table).doc, (d) => d.phase === 'over');
    const next = apply(doc, rematch(doc, ANN.id, seeds(4))).doc;
    expect([next.phase, next.game]).toEqual(['playing', 2]);
  });
});

describe('clocks and stand-ins', () => {
  it('times a person’s turn from when it reaches them; once it runs out a stand-in moves for them, and the table is told', () => {
    let doc = dealt();
    // Play until it is a person's turn, then look at their clock.
    doc = playOn(doc, (d) => d.seats[d.state?.hand?.turn ?? -1]?.kind === 'human' && d.state?.status === 'playing').doc;
    const seat = doc.state?.hand?.turn ?? -1;
    const turn = doc.clock.turn;
    expect(turn?.seat).toBe(seat);
    const at = turn?.at ?? 0;
    expect(nextStepAt(doc, at - 5000, TIMING)).toBe(at);
    expect(actorOf(doc, seat, at - 1)).toBeNull();
    expect(value(automaticStep(doc, at - 1, doc.version, { seeds: seeds(), choose: firstLegal })).kind).toBe('idle');
    expect(actorOf(doc, seat, at)).toEqual({ level: 'medium', why: 'timeout' });
    const step = value(automaticStep(doc, at, doc.version, { seeds: seeds(), choose: firstLegal }));
    if (step.kind !== 'change') throw new Error(step.kind);
    expect(step.change.cause).toMatchObject({ kind: 'action', seat, by: 'timeout' });
    const settled = apply(doc, { ok: true, value: step.change }, at);
    expect(kinds(settled.effects)).toContain('timedOut');
    // A step set on an older version finds nothing to do.
    expect(value(automaticStep(settled.doc, at, doc.version, { seeds: seeds(), choose: firstLegal })).kind).toBe('stale');
  });

  it('a person gone for the grace period is away: a stand-in plays their seat, they take it back; everyone away pauses the table', () => {
    const doc = dealt(ALL_FIVES, null);
    const away = apply(doc, goneAway(doc, 0, ANN.id)).doc;
    expect(away.seats[0]).toMatchObject({ kind: 'human', away: true });
    expect(actorOf(away, 0, T0)).toEqual({ level: 'medium', why: 'away' });
    expect(value(goneAway(away, 0, ANN.id))).toBeNull();
    const back = apply(away, comeBack(away, ANN.id)).doc;
    expect(back.seats[0]).toEqual({ kind: 'human', playerId: ANN.id, name: 'Ann' });
    const both = apply(away, goneAway(away, 1, BOB.id)).doc;
    expect(paused(both)).toBe(true);
    expect(nextStepAt(both, T0, TIMING)).toBeNull();
    expect(value(automaticStep(both, T0, both.version, { seeds: seeds(), choose: firstLegal })).kind).toBe('idle');
    // While waiting, a person gone gives the seat up.
    const w = waiting();
    expect(apply(w, goneAway(w, 1, BOB.id)).doc.seats[1]).toEqual({ kind: 'open' });
  });
});

describe('the Muggins window', () => {
  /** The person to move makes no claim on a count they scored (the rest play their first legal move). */
  const missCounts = (d: TableDoc, seat: number) => firstMove(d, seat, (legal) => legal.find((a) => a.type === 'noScore') ?? legal.find((a) => a.type !== 'muggins'));
  /** Seat 2 calls Muggins whenever it may; otherwise the first legal move. */
  const caller: BotChooser = (level, seen) => (seen.seat === 2 ? legalActions(seen).find((a) => a.type === 'muggins') : undefined) ?? firstLegal(level, seen);

  it('opens on a missed count; a computer opponent’s call comes before the turn’s move; the call is refused once the window closed', () => {
    let found: TableDoc | null = null;
    for (let seed = 1; seed < 60 && found === null; seed++) {
      const run = playOn(dealt(MUGGINS, null, seed), (d) => (d.state?.hand?.missed != null && d.state.hand.turn !== 2) || d.phase !== 'playing', { person: missCounts });
      if (run.doc.state?.hand?.missed != null && run.doc.phase === 'playing') found = run.doc;
    }
    if (found === null) throw new Error('no missed count in 60 seeded games');
    const doc = found;
    const window = doc.clock.muggins ?? 0;
    expect(mugginsOpen(doc, window)).toBe(true);
    expect(mugginsOpen(doc, window + 1)).toBe(false);
    expect(legalActions(view(doc.state!, 2)).some((a) => a.type === 'muggins')).toBe(true);
    const step = value(automaticStep(doc, window - 1, doc.version, { seeds: seeds(), choose: caller }));
    if (step.kind !== 'change') throw new Error(step.kind);
    expect(step.change.cause).toMatchObject({ kind: 'action', seat: 2, type: 'muggins', by: 'bot' });
    // After the window the computer player no longer calls, and a person's call is refused.
    const late = value(automaticStep(doc, window + 1, doc.version, { seeds: seeds(), choose: caller }));
    if (late.kind === 'change') expect(late.change.cause).not.toMatchObject({ type: 'muggins' });
    const person = doc.seats.findIndex((s, i) => s.kind === 'human' && legalActions(view(doc.state!, i)).some((a) => a.type === 'muggins'));
    if (person >= 0) {
      const p = doc.seats[person];
      if (p?.kind === 'human') refused(act(doc, window + 1, { playerId: p.playerId, seat: person, version: doc.version, wire: { type: 'muggins' } }), 'muggins/window_closed');
    }
  });
});

describe('ratings beside names', () => {
  it('shows the rating a person sat down with, "?" while its RD is above 110 or with none, and keeps it through a stand-in', () => {
    const opened = value(openTable({ ...ANN, rating: { rating: 1712.6, rd: 80 } }, ALL_FIVES, undefined, NO_TIMER));
    const doc = found(opened.table).doc;
    const bob = apply(doc, { ok: true, value: value(takeOpenSeat(doc, { ...BOB, rating: { rating: 1400, rd: 200 } })).change }).doc;
    const cat = apply(bob, { ok: true, value: value(takeOpenSeat(bob, CAT)).change }).doc;
    expect(summarize(cat, 0).seats.map((s) => (s.kind === 'human' ? s.rating : null))).toEqual(['1713', '?', '?']);
  });
});
