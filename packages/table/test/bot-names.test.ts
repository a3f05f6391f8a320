import { BOT_NAMES, type PlayerId, botNameBesides } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { openTable, startedTable } from '../src/create.ts';
import type { SeatRecord, TableDoc } from '../src/doc.ts';
import { TABLE_SCHEMA, fromStored, toStored } from '../src/schema.ts';
import { leave, setSeat, takeOpenSeat } from '../src/seating.ts';
import { summarize } from '../src/summary.ts';
import { ANN, BOB, T0, apply, found, seeds, value } from './support.ts';

const FOUR = { variant: 'allFives', players: 4 } as const;
const NO_TIMER = { turnSeconds: null, listed: false, rated: false };
const ADA = { id: 'p_ada00000' as PlayerId, name: 'Ada' };

function names(seats: readonly SeatRecord[]): string[] {
  return seats.map((s) => (s.kind === 'open' ? '' : s.name));
}

describe('computer players’ names', () => {
  it('three computer players at a table read Ada, Basil and Cleo, and the level stays a field of its own', () => {
    const made = value(startedTable({ people: [ANN], level: 'hard', rulesInput: FOUR, settings: NO_TIMER, seeds: seeds() }));
    expect(names(made.table.seats)).toEqual(['Ann', 'Ada', 'Basil', 'Cleo']);
    const summary = summarize(found(made.table).doc, T0);
    expect(summary.seats.slice(1)).toEqual([
      { seat: 1, kind: 'bot', level: 'hard', name: 'Ada' },
      { seat: 2, kind: 'bot', level: 'hard', name: 'Basil' },
      { seat: 3, kind: 'bot', level: 'hard', name: 'Cleo' },
    ]);
  });

  it('go by no person’s name at the table, however it is written', () => {
    const made = value(startedTable({ people: [ADA], level: 'easy', rulesInput: FOUR, settings: NO_TIMER, seeds: seeds() }));
    expect(names(made.table.seats)).toEqual(['Ada', 'Basil', 'Cleo', 'Dara']);
    const specs = [{ type: 'bot', level: 'easy' }, { type: 'human' }, { type: 'bot', level: 'medium' }, { type: 'human' }] as const;
    const opened = value(openTable({ ...ADA, name: 'basil' }, FOUR, specs, NO_TIMER));
    expect(names(opened.table.seats)).toEqual(['Ada', 'basil', 'Cleo', '']);
  });

  it('a person who sits down by a computer player of their name keeps it; the computer player takes the next free one', () => {
    const opened = value(openTable(ANN, FOUR, [{ type: 'human' }, { type: 'bot', level: 'easy' }, { type: 'bot', level: 'easy' }, { type: 'human' }], NO_TIMER));
    const doc = found(opened.table).doc;
    expect(names(doc.seats)).toEqual(['Ann', 'Ada', 'Basil', '']);
    const seated = value(takeOpenSeat(doc, { ...ADA, name: 'ADA' }));
    if (seated.change === null) throw new Error('not seated');
    expect(names(apply(doc, { ok: true, value: seated.change }).doc.seats)).toEqual(['Ann', 'Cleo', 'Basil', 'ADA']);
  });

  it('the host adding a computer player names it for nobody there; a new level keeps the name; a stand-in plays under the person’s', () => {
    const opened = value(openTable(ADA, FOUR, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }, { type: 'human' }], NO_TIMER));
    const doc = found(opened.table).doc;
    expect(names(doc.seats)).toEqual(['Ada', '', 'Basil', '']);
    const added = apply(doc, setSeat(doc, ADA.id, 3, { type: 'bot', level: 'hard' })).doc;
    expect(added.seats[3]).toEqual({ kind: 'bot', level: 'hard', name: 'Cleo' });
    const harder = apply(added, setSeat(added, ADA.id, 2, { type: 'bot', level: 'expert' })).doc;
    expect(harder.seats[2]).toEqual({ kind: 'bot', level: 'expert', name: 'Basil' });
    const started = found(value(startedTable({ people: [ADA, BOB], level: 'easy', rulesInput: FOUR, settings: NO_TIMER, seeds: seeds() })).table).doc;
    const away = apply(started, leave(started, BOB.id)).doc;
    expect(away.seats[1]).toEqual({ kind: 'human', playerId: BOB.id, name: 'Bob', away: true, leftEarly: true });
    expect(summarize(away, T0).seats[1]).toEqual({ seat: 1, kind: 'human', name: 'Bob', away: true, rating: '?' });
  });

  it('never run out: past the list, a number makes the name nobody’s', () => {
    expect(BOT_NAMES.length).toBeGreaterThanOrEqual(4);
    expect(new Set(BOT_NAMES).size).toBe(BOT_NAMES.length);
    expect(botNameBesides(BOT_NAMES)).toBe('Ada 2');
    expect(botNameBesides([...BOT_NAMES, 'ada 2'])).toBe('Ada 3');
  });
});

describe('a stored table of schema 1', () => {
  /** A table as schema 1 stored it: its computer players had no names. */
  function storedV1(seats: readonly object[]): unknown {
    const doc: TableDoc = found(value(openTable(ADA, FOUR, undefined, NO_TIMER)).table).doc;
    return { ...doc, seats, schema: 1 };
  }

  it('loads with each computer player named as a new one would be, after the people and the earlier ones', () => {
    const read = fromStored(storedV1([{ kind: 'bot', level: 'easy' }, { kind: 'human', playerId: ADA.id, name: 'Ada' }, { kind: 'open' }, { kind: 'bot', level: 'hard' }]));
    expect(read.ok ? read.value.seats : read.error).toEqual([
      { kind: 'bot', level: 'easy', name: 'Basil' },
      { kind: 'human', playerId: ADA.id, name: 'Ada' },
      { kind: 'open' },
      { kind: 'bot', level: 'hard', name: 'Cleo' },
    ]);
  });

  it('is written back at this schema, and a computer player without a name is refused at this schema', () => {
    const read = fromStored(
      storedV1([
        { kind: 'human', playerId: ADA.id, name: 'Ada' },
        { kind: 'bot', level: 'easy' },
      ]),
    );
    if (!read.ok) throw new Error(read.error.message);
    const stored = toStored(read.value);
    expect(stored.schema).toBe(TABLE_SCHEMA);
    expect(fromStored(JSON.parse(JSON.stringify(stored)))).toEqual(read);
    const unnamed = { ...stored, seats: [stored.seats[0], { kind: 'bot', level: 'easy' }] };
    const refused = fromStored(unnamed);
    expect(refused.ok ? 'read' : refused.error.message).toMatch(/seats\.1\.name/);
  });
});

describe('a stored table of schema 3', () => {
  it("loads with its game's resolved rules saying there are no bonuses, which is what they meant", () => {
    const doc: TableDoc = found(value(openTable(ADA, FOUR, undefined, NO_TIMER)).table).doc;
    const game = { rules: { players: 4, muggins: false }, status: 'playing', scores: [0, 0], hands: [], hand: null };
    const read = fromStored({ ...doc, state: game, schema: 3 });
    expect(read.ok ? read.value.state : read.error).toEqual({ ...game, rules: { players: 4, muggins: false, bonuses: false } });
    const empty = fromStored({ ...doc, state: null, schema: 3 });
    expect(empty.ok ? empty.value.state : empty.error).toBeNull();
  });
});
