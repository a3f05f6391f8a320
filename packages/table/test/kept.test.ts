import { TableSummarySchema } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { openTable } from '../src/create.ts';
import { fromStored, toStored } from '../src/schema.ts';
import { comeBack, goneAway, reseat, takeOpenSeat } from '../src/seating.ts';
import { start } from '../src/starting.ts';
import { summarize } from '../src/summary.ts';
import { ANN, BOB, T0, apply, found, seeds, value } from './support.ts';

const TWO = { variant: 'allFives', players: 2 } as const;
const NO_TIMER = { turnSeconds: null, listed: false, rated: false };

/** "Kept names are unique; guests' names are not, and show as guests": the seat says which it is. */
describe('a kept name on the seat', () => {
  it('shows a person who kept their name as kept and a guest as a guest, through the summary and the stored document', () => {
    const opened = value(openTable({ ...ANN, kept: true }, TWO, undefined, NO_TIMER));
    const waiting = found(opened.table).doc;
    const took = value(takeOpenSeat(waiting, BOB));
    if (took.change === null) throw new Error('Bob did not sit');
    const joined = apply(waiting, { ok: true, value: took.change }).doc;
    const seats = TableSummarySchema.parse(summarize(joined, T0)).seats;
    expect(seats[0]).toMatchObject({ kind: 'human', name: 'Ann', kept: true });
    expect(seats[1]).toMatchObject({ kind: 'human', name: 'Bob' });
    expect(seats[1]).not.toHaveProperty('kept');
    expect(value(fromStored(JSON.parse(JSON.stringify(toStored(joined)))))).toEqual(joined);
  });

  it('keeps it through going away and coming back, and through a seat given back while the table waits', () => {
    const opened = value(openTable({ ...ANN, kept: true }, TWO, undefined, NO_TIMER));
    const waiting = found(opened.table).doc;
    const took = value(takeOpenSeat(waiting, BOB));
    if (took.change === null) throw new Error('Bob did not sit');
    const full = apply(waiting, { ok: true, value: took.change }).doc;
    const playing = apply(full, start(full, ANN.id, seeds())).doc;
    const away = apply(playing, goneAway(playing, 0, ANN.id)).doc;
    expect(away.seats[0]).toMatchObject({ away: true, kept: true });
    expect(apply(away, comeBack(away, ANN.id)).doc.seats[0]).toEqual({ kind: 'human', playerId: ANN.id, name: 'Ann', kept: true });

    const left = apply(full, goneAway(full, 0, ANN.id)).doc;
    expect(left.seats[0]).toEqual({ kind: 'open' });
    expect(apply(left, reseat(left, 0, { ...ANN, kept: true })).doc.seats[0]).toMatchObject({ kept: true });
  });
});
