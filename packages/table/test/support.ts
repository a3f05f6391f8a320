import { type Action, type Result, type TableView, legalActions, seededRandom, view } from '@fives/engine';
import { type PlayerId, type Problem, type TableCode, type TableId, toWireAction } from '@fives/protocol';
import { expect } from 'vitest';
import { act } from '../src/acting.ts';
import { type BotChooser, actorOf } from '../src/actors.ts';
import type { Change, Person } from '../src/change.ts';
import { type NewTable, founded } from '../src/create.ts';
import { type SeedSource, seedsFrom } from '../src/dealer.ts';
import type { TableDoc } from '../src/doc.ts';
import { type Effect, type Settled, type Timing, settle } from '../src/settle.ts';
import { automaticStep } from '../src/step.ts';

export const TIMING: Timing = { botDelayMs: 900, handPauseMs: 2500, graceMs: 20_000, mugginsWindowMs: 10_000 };
export const T0 = Date.parse('2026-12-01T10:00:00Z');

export const ANN: Person = { id: 'p_ann00000' as PlayerId, name: 'Ann' };
export const BOB: Person = { id: 'p_bob00000' as PlayerId, name: 'Bob' };
export const CAT: Person = { id: 'p_cat00000' as PlayerId, name: 'Cat' };

export function seeds(seed = 1): SeedSource {
  return seedsFrom(seededRandom(seed));
}

export function found(table: NewTable, now = T0): Settled {
  const { doc, stepAt } = founded(table, 'tbl0000001' as TableId, 'ABCDEF' as TableCode, now, TIMING);
  return { doc, stepAt, effects: [] };
}

export function value<T>(out: Result<T, Problem>): T {
  if (!out.ok) throw new Error(`refused: ${out.error.code}: ${out.error.message}`);
  return out.value;
}

/** Settles a decision that must change the table. */
export function apply(doc: TableDoc, out: Result<Change | null, Problem>, now = T0): Settled {
  const change = value(out);
  if (change === null) throw new Error('the decision changed nothing');
  return settle(doc, change, now, TIMING);
}

export function refused<T>(out: Result<T, Problem>, code: string): void {
  expect(out.ok ? 'accepted' : out.error.code).toBe(code);
}

/** A plain computer player for the tests: its first legal action that is no Muggins call. */
export const firstLegal: BotChooser = (_level, seen) => legalActions(seen).find((a) => a.type !== 'muggins') ?? null;

/** The seat's first legal move as a wire action (the person's own choice in these tests). */
export function firstMove(doc: TableDoc, seat: number, pick: (legal: Action[]) => Action | undefined = (l) => l[0]) {
  if (doc.state === null) throw new Error('no game');
  const seen: TableView = view(doc.state, seat);
  const chosen = pick(legalActions(seen));
  if (chosen === undefined) throw new Error(`seat ${seat} has no legal action`);
  return toWireAction(chosen);
}

/** Plays the table on: the person to move plays their first legal move (or `person` decides), else the automatic step runs. */
export function playOn(start: TableDoc, until: (d: TableDoc) => boolean, o: { choose?: BotChooser; person?: (d: TableDoc, seat: number) => ReturnType<typeof firstMove> } = {}) {
  let doc = start;
  let now = T0;
  const effects: Effect[] = [];
  for (let i = 0; i < 2000 && !until(doc); i++) {
    now += TIMING.botDelayMs;
    const seat = doc.state?.hand?.turn ?? -1;
    const s = doc.seats[seat];
    const settled =
      doc.state?.status === 'playing' && s?.kind === 'human' && s.away !== true && actorOf(doc, seat, now) === null
        ? apply(doc, act(doc, now, { playerId: s.playerId, seat, version: doc.version, wire: (o.person ?? firstMove)(doc, seat) }), now)
        : (() => {
            const step = value(automaticStep(doc, now, doc.version, { seeds: seeds(doc.version), choose: o.choose ?? firstLegal }));
            if (step.kind !== 'change') throw new Error(`the table stalled: ${step.kind}`);
            return apply(doc, { ok: true, value: step.change }, now);
          })();
    doc = settled.doc;
    effects.push(...settled.effects);
  }
  return { doc, effects, now };
}
