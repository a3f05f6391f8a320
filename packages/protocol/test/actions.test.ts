import { type Action, GameErrorCode, MAX_PIP_NINE, apply, dealHand, newGame, parseTile, seededRandom, startHand, type Tile } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { WireActionSchema, tableIdFromInvite, toEngineAction, toWireAction } from '../src/index.ts';

const tile = (text: string): Tile => (parseTile(text) as { tile: Tile }).tile;

describe('wire actions', () => {
  it('orients the lead by its spelling, as records do', () => {
    expect(toEngineAction({ type: 'play', tile: '5-2' }, 1, true)).toEqual({ type: 'play', seat: 1, tile: tile('2-5'), west: 5 });
    expect(toEngineAction({ type: 'play', tile: '5-2', end: 'east' }, 0, false)).toEqual({ type: 'play', seat: 0, tile: tile('2-5'), end: 'east' });
  });

  it('round-trips every kind of action', () => {
    const actions: Action[] = [
      { type: 'play', seat: 2, tile: tile('3-6'), west: 6 },
      { type: 'play', seat: 2, tile: tile('3-6'), end: 'north' },
      { type: 'draw', seat: 2 },
      { type: 'pass', seat: 2 },
      { type: 'claim', seat: 2, points: 15 },
      { type: 'noScore', seat: 2 },
      { type: 'muggins', seat: 2 },
    ];
    for (const a of actions) {
      const wire = toWireAction(a);
      expect(WireActionSchema.parse(wire)).toEqual(wire);
      expect(toEngineAction(wire, 2, 'west' in a)).toEqual(a);
    }
  });

  it('reads tiles to 9-9 (the Cuban game), which a double-six game refuses as no tile of its set', () => {
    const wire = WireActionSchema.parse({ type: 'play', tile: '9-7' });
    const action = toEngineAction(wire, 1, true);
    expect(action).toEqual({ type: 'play', seat: 1, tile: parseTile('7-9', MAX_PIP_NINE)!.tile, west: 9 });
    const six = newGame({ preset: 'latin', players: 4 });
    if (!six.ok) throw new Error(six.error.message);
    const { deal, leader } = dealHand(six.value, seededRandom('wire'));
    const started = startHand(six.value, deal, leader);
    if (!started.ok) throw new Error(started.error.message);
    const refused = apply(started.value, { ...action, seat: leader });
    expect(!refused.ok && refused.error.code).toBe(GameErrorCode.badAction);
  });

  it('refuses malformed actions', () => {
    for (const bad of [
      { type: 'play', tile: '10-1' },
      { type: 'play', tile: '7-' },
      { type: 'play', tile: '1-2', end: 'up' },
      { type: 'play', tile: '1-2', seat: 0 },
      { type: 'claim', points: -5 },
      { type: 'claim', points: 2.5 },
      { type: 'dance' },
      null,
      'draw',
    ]) {
      expect(WireActionSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('finds the table id in an invite link', () => {
    expect(tableIdFromInvite('http://localhost:3000/t/abc123def')).toBe('abc123def');
    expect(tableIdFromInvite('https://fives.example/t/abc123def/?x=1')).toBe('abc123def');
    expect(tableIdFromInvite('abc123def')).toBe('abc123def');
    expect(tableIdFromInvite('http://localhost:3000/x/abc')).toBeNull();
  });
});
