import { z } from 'zod';
import { actionFromText, actionToText } from './action-text.ts';
import { END_NAMES } from './board.ts';
import { dealFromOrder } from './deal.ts';
import { type Result, ok } from './errors.ts';
import { apply, newGame, startHand } from './game.ts';
import { maxPipOf, resolveRules, type Rules } from './rules.ts';
import { RulesInputSchema } from './rules-schema.ts';
import type { Action, Deal, GameState, HandEvent, HandState } from './state.ts';
import { type Tile, formatTile, parseTile, tileCount } from './tiles.ts';

/**
 * Game records (docs/records.md#the-record): plain JSON that replays a game exactly. This file reads, checks,
 * writes and replays them; the `fives replay` command is a thin shell around `replayRecord`.
 */

// Numbers to 9 for a double-nine set; a tile beyond the record's own set is refused with its deal (dealProblem).
const tileText = z.string().regex(/^[0-9]-[0-9]$/, { error: 'a tile is written "a-b" with a and b from 0 to 9' });
const seat = z.int().min(0).max(3);

const actionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ seat, type: z.literal('play'), tile: tileText, end: z.enum(END_NAMES).optional() }),
    z.strictObject({ seat, type: z.literal('draw') }),
    z.strictObject({ seat, type: z.literal('pass') }),
    z.strictObject({ seat, type: z.literal('claim'), points: z.int().min(0).max(1000) }),
    z.strictObject({ seat, type: z.literal('noScore') }),
    z.strictObject({ seat, type: z.literal('muggins') }),
  ],
  { error: 'an action type is one of play, draw, pass, claim, noScore, muggins' },
);

const handSchema = z.strictObject({
  deal: z.strictObject({ hands: z.array(z.array(tileText)), boneyard: z.array(tileText) }),
  leader: seat,
  actions: z.array(actionSchema),
});

export const RecordSchema = z.strictObject({ rules: RulesInputSchema, hands: z.array(handSchema) });
export type GameRecord = z.output<typeof RecordSchema>;
export type RecordHand = GameRecord['hands'][number];
export type RecordAction = RecordHand['actions'][number];

export interface RecordProblem {
  readonly path: string;
  readonly message: string;
}

/** Parses a record, with the path of the first bad field when it is not one. */
export function parseRecord(input: unknown): Result<{ readonly record: GameRecord; readonly rules: Rules }, RecordProblem> {
  const parsed = RecordSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: { path: (issue?.path ?? []).join('.'), message: issue?.message ?? 'not a record' } };
  }
  const record = parsed.data;
  const resolved = resolveRules(record.rules);
  if (!resolved.ok) return { ok: false, error: { path: 'rules', message: resolved.error.message } };
  const rules = resolved.value;
  for (const [h, hand] of record.hands.entries()) {
    const problem = dealProblem(rules, hand, `hands.${h}`);
    if (problem) return { ok: false, error: problem };
  }
  return ok({ record, rules });
}

function dealProblem(rules: Rules, hand: RecordHand, at: string): RecordProblem | null {
  const { hands, boneyard } = hand.deal;
  if (hands.length !== rules.players) {
    return { path: `${at}.deal.hands`, message: `${hands.length} hands dealt for ${rules.players} players` };
  }
  const seen = new Map<string, string>();
  const maxPip = maxPipOf(rules);
  const setSize = tileCount(maxPip);
  const place = (path: string, text: string): RecordProblem | null => {
    const parsed = parseTile(text, maxPip);
    if (parsed === null) return { path, message: `${text} is not a tile of the double-${maxPip === 6 ? 'six' : 'nine'} set` };
    const key = formatTile(parsed.tile);
    const before = seen.get(key);
    if (before !== undefined) return { path, message: `${key} is dealt twice (also at ${before})` };
    seen.set(key, path);
    return null;
  };
  for (const [s, tiles] of hands.entries()) {
    if (tiles.length !== rules.handSize) {
      return { path: `${at}.deal.hands.${s}`, message: `${tiles.length} tiles dealt; the rules deal ${rules.handSize}` };
    }
    for (const [i, text] of tiles.entries()) {
      const problem = place(`${at}.deal.hands.${s}.${i}`, text);
      if (problem) return problem;
    }
  }
  for (const [i, text] of boneyard.entries()) {
    const problem = place(`${at}.deal.boneyard.${i}`, text);
    if (problem) return problem;
  }
  if (seen.size !== setSize) return { path: `${at}.deal.boneyard`, message: `the deal holds ${seen.size} of the ${setSize} tiles` };
  if (hand.leader >= rules.players) return { path: `${at}.leader`, message: `no seat ${hand.leader} at a ${rules.players}-player table` };
  for (const [i, a] of hand.actions.entries()) {
    if (a.seat >= rules.players) {
      return { path: `${at}.actions.${i}.seat`, message: `no seat ${a.seat} at a ${rules.players}-player table` };
    }
  }
  return null;
}

function toDeal(rules: Rules, deal: RecordHand['deal']): Deal {
  const tile = (text: string): Tile => (parseTile(text, maxPipOf(rules)) as { tile: Tile }).tile;
  return dealFromOrder(rules, [...deal.hands.flat().map(tile), ...deal.boneyard.map(tile)]);
}

/** The engine's action for a record's action; `isLead` decides whether the tile's spelling orients it. */
export function fromRecordAction(a: RecordAction, isLead: boolean): Action {
  const action = actionFromText(a, a.seat, isLead);
  // The schema has already checked every tile's spelling.
  if (action === null) throw new Error(`a checked record holds ${JSON.stringify(a)}`);
  return action;
}

/** A hand as a record holds it: the deal, the leader and every action, replayable as is. */
export function handToRecord(hand: HandState): RecordHand {
  const actions: RecordAction[] = [];
  for (const e of hand.log) {
    switch (e.type) {
      case 'play': {
        // The log says where a tile went; the record says it as the player did: the lead by its spelling.
        const played: Action = e.end === null ? { type: 'play', seat: e.seat, tile: e.tile, west: e.west ?? 0 } : { type: 'play', seat: e.seat, tile: e.tile, end: e.end };
        actions.push({ seat: e.seat, ...actionToText(played) });
        break;
      }
      case 'claim':
      case 'draw':
      case 'pass':
      case 'noScore':
      case 'muggins':
        actions.push({ seat: e.seat, ...actionToText(e) });
        break;
      case 'handEnd':
        break;
    }
  }
  return {
    deal: { hands: hand.deal.hands.map((h) => h.map(formatTile)), boneyard: hand.deal.boneyard.map(formatTile) },
    leader: hand.leader,
    actions,
  };
}

// ---- replay ---------------------------------------------------------------------------------

export type OutputEvent =
  | { seat: number; type: 'play'; tile: string; end: string | null; count: number; scored: number }
  | { seat: number; type: 'draw' | 'pass' }
  | { seat: number; type: 'claim' | 'noScore' | 'muggins'; scored: number }
  | { type: 'handEnd'; reason: string; awards: { seat: number; points: number }[] };

export interface OutputHand {
  events: OutputEvent[];
  scores: number[];
}

export type ReplayOutput =
  | {
      ok: boolean;
      hands: OutputHand[];
      error?: { hand: number; action: number; code: string; message: string };
      scores: number[];
      finished: boolean;
      winner: number | null;
    }
  | { ok: false; error: { code: 'record/invalid'; path: string; message: string } };

export interface Replayed {
  /** 0 legal to the end, 1 an illegal action, 2 not a record. */
  readonly exitCode: 0 | 1 | 2;
  readonly output: ReplayOutput;
  /** The state after the last legal action (absent when the input was not a record). */
  readonly state?: GameState;
}

/**
 * Where a replay stands after a step: `action` is null just after the hand's deal, else the
 * index (in the record's hand) of the action just applied. The replay viewer keeps these to step
 * through a game; nothing else about the replay changes.
 */
export interface ReplayStep {
  readonly hand: number;
  readonly action: number | null;
  readonly state: GameState;
}

export function replayRecord(input: unknown, onStep?: (step: ReplayStep) => void): Replayed {
  const parsed = parseRecord(input);
  if (!parsed.ok) {
    return { exitCode: 2, output: { ok: false, error: { code: 'record/invalid', ...parsed.error } } };
  }
  const { record, rules } = parsed.value;
  const started = newGame(record.rules);
  if (!started.ok) {
    return { exitCode: 2, output: { ok: false, error: { code: 'record/invalid', path: 'rules', message: started.error.message } } };
  }
  let state = started.value;
  const hands: OutputHand[] = [];
  const finish = (error?: { hand: number; action: number; code: string; message: string }): Replayed => ({
    exitCode: error ? 1 : 0,
    output: {
      ok: !error,
      hands,
      ...(error ? { error } : {}),
      scores: state.scores.slice(),
      finished: state.status === 'over',
      winner: state.winner,
    },
    state,
  });
  for (const [h, recordHand] of record.hands.entries()) {
    const dealt = startHand(state, toDeal(rules, recordHand.deal), recordHand.leader);
    if (!dealt.ok) return finish({ hand: h, action: 0, ...dealt.error });
    state = dealt.value;
    onStep?.({ hand: h, action: null, state });
    const out: OutputHand = { events: [], scores: state.scores.slice() };
    hands.push(out);
    for (const [i, a] of recordHand.actions.entries()) {
      const isLead = state.hand?.board.tiles === 0;
      const next = apply(state, fromRecordAction(a, isLead));
      if (!next.ok) {
        out.events = (state.hand?.log ?? []).map(outputEvent);
        return finish({ hand: h, action: i, ...next.error });
      }
      state = next.value;
      onStep?.({ hand: h, action: i, state });
    }
    out.events = (state.hand?.log ?? []).map(outputEvent);
    out.scores = state.scores.slice();
  }
  return finish();
}

export function outputEvent(e: HandEvent): OutputEvent {
  switch (e.type) {
    case 'play':
      return { seat: e.seat, type: 'play', tile: formatTile(e.tile), end: e.end, count: e.count, scored: e.scored };
    case 'draw':
    case 'pass':
      return { seat: e.seat, type: e.type };
    case 'claim':
    case 'noScore':
    case 'muggins':
      return { seat: e.seat, type: e.type, scored: e.scored };
    case 'handEnd':
      return { type: 'handEnd', reason: e.reason, awards: e.awards.map((a) => ({ seat: a.seat, points: a.points })) };
  }
}
