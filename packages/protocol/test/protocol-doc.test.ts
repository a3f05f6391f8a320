import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type GameState, type ViewEvent, apply, dealFromSeed, newGame, startHand, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '../src/error-codes.ts';
import { type WireAction, toEngineAction } from '../src/actions.ts';
import { BoardSchema, HandEndSchema, HandSummarySchema, HandViewSchema, HintSchema, LayoutSchema, TableViewSchema, ViewEventSchema } from '../src/view.ts';

/**
 * docs/protocol.md is what a client is written from. These tests hold it to the code: every
 * error code the protocol defines is in its table (and nothing else is), every field of a
 * `TableView` is described, and its example view is one the engine really makes.
 */

const page = readFileSync(fileURLToPath(new URL('../../../docs/protocol.md', import.meta.url)), 'utf8');

function section(from: string, to: string): string {
  const start = page.indexOf(from);
  const end = page.indexOf(to, start + from.length);
  if (start < 0 || end < 0) throw new Error(`docs/protocol.md has no section from "${from}" to "${to}"`);
  return page.slice(start, end);
}

const errors = section('### Problem (errors)', '\n## ');
const tableView = section('### TableView', '### Problem (errors)');

/** The first column of each row of the code table. */
const documentedCodes = [...errors.matchAll(/^\| `([a-z_]+\/[a-z_]+)` \|/gm)].map((m) => m[1] as string);

describe('docs/protocol.md, error codes', () => {
  it('lists every code of ErrorCode, http/not_found included, once each', () => {
    const codes: string[] = Object.values(ErrorCode);
    expect(codes).toContain('http/not_found');
    expect(documentedCodes.toSorted()).toEqual(codes.toSorted());
    expect(new Set(documentedCodes).size).toBe(documentedCodes.length);
  });
});

describe('docs/protocol.md, TableView', () => {
  const fieldsOf = (schema: z.ZodObject): string[] => Object.keys(schema.shape);
  const placedTile = LayoutSchema.shape.line.element;

  it('has a table row for every field of a view, of its hand and of its board', () => {
    // The names in the first column of every table row of the section.
    const rows = [...tableView.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...(m[1] as string).matchAll(/`(\w+)`/g)].map((f) => f[1]));
    const fields = [TableViewSchema, HandViewSchema, BoardSchema].flatMap(fieldsOf);
    expect(fields.length).toBeGreaterThan(25);
    for (const field of fields) expect(rows, field).toContain(field);
  });

  it('names every field of the layout, its placed tiles, hints, hand summaries and hand end', () => {
    const fields = [LayoutSchema, placedTile, HintSchema, HandSummarySchema, HandEndSchema].flatMap(fieldsOf);
    expect(fields.length).toBeGreaterThan(15);
    for (const field of fields) expect(tableView, field).toContain(`\`${field}\``);
  });

  it('has a row for every kind of log entry, naming each of its fields', () => {
    for (const option of ViewEventSchema.options) {
      const shape: Record<string, z.ZodType> = option.shape;
      const tag = shape.type;
      const types = tag instanceof z.ZodLiteral ? [...tag.values].map(String) : tag instanceof z.ZodEnum ? tag.options.map(String) : [];
      expect(types.length).toBeGreaterThan(0);
      for (const type of types) {
        const row = new RegExp(`^\\| \`${type}\` \\| (.*) \\|`, 'm').exec(tableView);
        expect(row, `log entry ${type}`).not.toBeNull();
        for (const field of Object.keys(shape).filter((k) => k !== 'type')) expect(row?.[1], `${type}.${field}`).toContain(`\`${field}\``);
      }
    }
  });

  it('shows a view the engine really makes: the example is the view of its own log on its deal', () => {
    const block = /<!-- protocol-doc:table-view -->\s*```json\n([\s\S]*?)\n```/.exec(tableView);
    if (block === null) throw new Error('the TableView section has no example marked protocol-doc:table-view');
    const shown = TableViewSchema.parse(JSON.parse(block[1] as string));
    const hand = shown.hand;
    if (hand === null) throw new Error('the example shows no hand');
    // The example's hand was dealt from the seed "example36" (and the lead left to chance, as its rules say).
    const game = newGame({ preset: shown.rules.preset, players: shown.rules.players });
    if (!game.ok) throw new Error(game.error.message);
    const { deal, randomLeader } = dealFromSeed(game.value.rules, 'example36');
    expect(hand.leader).toBe(randomLeader);
    const started = startHand(game.value, deal, randomLeader);
    if (!started.ok) throw new Error(started.error.message);
    let state: GameState = started.value;
    const leadWest = hand.layout.line.find((p) => p.tile === hand.log.find((e) => e.type === 'play')?.tile);
    const wireOf = (e: ViewEvent): WireAction => {
      if (e.type === 'draw' || e.type === 'pass') return { type: e.type };
      if (e.type !== 'play') throw new Error(`the example replays plays, draws and passes only, not ${e.type}`);
      // The lead as its leader sent it: the half shown to the west written first.
      return e.end === null ? { type: 'play', tile: `${leadWest?.a}-${leadWest?.b}` } : { type: 'play', tile: e.tile, end: e.end };
    };
    for (const [i, e] of hand.log.entries()) {
      if (e.type === 'handEnd') throw new Error('the example is a hand being played');
      const next = apply(state, toEngineAction(wireOf(e), e.seat, i === 0));
      if (!next.ok) throw new Error(`log entry ${i}: ${next.error.message}`);
      state = next.value;
    }
    expect(view(state, shown.seat)).toEqual(shown);
  });
});
