import { describe, expect, it } from 'vitest';
import {
  type Action,
  type GameState,
  type Preset,
  type RandomSource,
  type Tile,
  actionFromText,
  actionOfViewEvent,
  actionToText,
  apply,
  dealHand,
  formatTile,
  legalActions,
  newGame,
  parseTile,
  seededRandom,
  startHand,
  view,
} from '../src/index.ts';

const tile = (text: string): Tile => (parseTile(text) as { tile: Tile }).tile;

describe('the text form of actions', () => {
  it('reads a lead’s spelling as its orientation, and only the lead’s', () => {
    expect(actionFromText({ type: 'play', tile: '5-2' }, 1, true)).toEqual({ type: 'play', seat: 1, tile: tile('2-5'), west: 5 });
    expect(actionFromText({ type: 'play', tile: '5-2', end: 'east' }, 0, false)).toEqual({ type: 'play', seat: 0, tile: tile('2-5'), end: 'east' });
    expect(actionFromText({ type: 'claim', points: 15 }, 2, false)).toEqual({ type: 'claim', seat: 2, points: 15 });
    expect(actionFromText({ type: 'muggins' }, 3, true)).toEqual({ type: 'muggins', seat: 3 });
  });

  it('reads a tile of the double-nine set in any game: apply refuses it where the set has no such tile', () => {
    expect(actionFromText({ type: 'play', tile: '9-7' }, 0, true)).toEqual({ type: 'play', seat: 0, tile: 52, west: 9 });
  });

  it('gives no action for a tile that is not written as one', () => {
    expect(actionFromText({ type: 'play', tile: '10-9' }, 0, false)).toBeNull();
    expect(actionFromText({ type: 'play', tile: 'five-two' }, 0, true)).toBeNull();
  });

  it('writes a lead with its west half first, and drops the seat', () => {
    expect(actionToText({ type: 'play', seat: 1, tile: tile('2-5'), west: 5 })).toEqual({ type: 'play', tile: '5-2' });
    expect(actionToText({ type: 'play', seat: 1, tile: tile('2-5'), west: 2 })).toEqual({ type: 'play', tile: '2-5' });
    expect(actionToText({ type: 'play', seat: 0, tile: tile('6-3'), end: 'north' })).toEqual({ type: 'play', tile: '3-6', end: 'north' });
    expect(actionToText({ type: 'noScore', seat: 2 })).toEqual({ type: 'noScore' });
  });

  it('turns every legal action of seeded games into text and back to the same move', () => {
    let checked = 0;
    for (const preset of ['allFives', 'muggins', 'block', 'draw'] as const) {
      const random = seededRandom(`text-${preset}`);
      let state = dealt(preset, 3, random);
      while (state.status === 'playing' && state.hand !== null) {
        const isLead = state.hand.board.tiles === 0;
        const legal: Action[] = [0, 1, 2].flatMap((s) => legalActions(view(state, s)));
        for (const action of legal) {
          const back = actionFromText(actionToText(action), action.seat, isLead);
          // The lead comes back with its west half said out loud; everything else comes back as it was.
          if (!(isLead && action.type === 'play')) expect(back).toEqual(action);
          expect(back === null ? null : apply(state, back)).toEqual(apply(state, action));
          checked++;
        }
        const next = apply(state, legal[random.int(legal.length)] as Action);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the action a view’s event was', () => {
  it('replays what a seat saw to the same view, the lead with the west half its layout shows', () => {
    for (const preset of ['allFives', 'muggins', 'draw'] as const) {
      const random = seededRandom(`events-${preset}`);
      const start = dealt(preset, 2, random);
      const leader = start.hand?.turn ?? 0;
      // Led with its high half to the west, so a replay that missed the layout's word would differ.
      const lead = legalActions(view(start, leader)).find((a) => a.type === 'play');
      if (lead?.type !== 'play') throw new Error('no lead');
      const high = Number(formatTile(lead.tile).split('-')[1]);
      let state = start;
      let next = apply(state, { ...lead, west: high });
      for (let i = 0; i < 12 && next.ok && next.value.status === 'playing'; i++) {
        state = next.value;
        const legal = [0, 1].flatMap((s) => legalActions(view(state, s)));
        next = apply(state, legal[random.int(legal.length)] as Action);
      }
      if (next.ok && next.value.status === 'playing') state = next.value;
      const seen = view(state, 0);
      const log = seen.hand?.log ?? [];
      const first = log.find((e) => e.type === 'play');
      const leadWest = seen.hand?.layout.line.find((p) => p.tile === first?.tile)?.a ?? null;
      expect(leadWest).toBe(high);
      let replayed = start;
      for (const e of log) {
        const action = actionOfViewEvent(e, leadWest);
        if (action === null) continue;
        const step = apply(replayed, action);
        if (!step.ok) throw new Error(step.error.message);
        replayed = step.value;
      }
      expect(log.length).toBeGreaterThan(3);
      expect(view(replayed, 0)).toEqual(seen);
    }
  });
});

/** A new game under `preset`, its first hand dealt from `random`. */
function dealt(preset: Preset, players: 2 | 3 | 4, random: RandomSource): GameState {
  const created = newGame({ preset, players });
  if (!created.ok) throw new Error(created.error.message);
  const { deal, leader } = dealHand(created.value, random);
  const started = startHand(created.value, deal, leader);
  if (!started.ok) throw new Error(started.error.message);
  return started.value;
}
