import { describe, expect, it } from 'vitest';
import type { TileOption } from '../src/lib/hints.ts';
import { NO_SELECTION, type Selection, onKey, pick } from '../src/lib/keyboard.ts';

const hand = ['0-1', '2-5', '3-3', '5-6'];
const options = new Map<string, TileOption[]>([
  ['2-5', [{ end: 'east', count: 12, points: 0 }]],
  [
    '5-6',
    [
      { end: 'west', count: 15, points: 15 },
      { end: 'east', count: 9, points: 0 },
      { end: 'north', count: 11, points: 0 },
    ],
  ],
]);

function press(keys: string[], start: Selection = NO_SELECTION) {
  let sel = start;
  const commands = [];
  for (const k of keys) {
    const r = onKey(sel, k, hand, options);
    sel = r.selection;
    if (r.command) commands.push(r.command);
  }
  return { sel, commands };
}

describe('keyboard play', () => {
  it('moves along the hand with the arrows, wrapping at both ends, and Home/End', () => {
    expect(press(['ArrowRight', 'ArrowRight']).sel.focus).toBe(2);
    expect(press(['ArrowLeft']).sel.focus).toBe(3);
    expect(press(['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight']).sel.focus).toBe(0);
    expect(press(['End']).sel.focus).toBe(3);
    expect(press(['End', 'Home']).sel.focus).toBe(0);
  });

  it('plays a tile that fits one end at once', () => {
    expect(press(['ArrowRight', 'Enter']).commands).toEqual([{ type: 'play', tile: '2-5', end: 'east' }]);
  });

  it('refuses a tile that fits nowhere, and says which', () => {
    expect(press(['Enter']).commands).toEqual([{ type: 'refuse', tile: '0-1' }]);
  });

  it('asks for an end when a tile fits several: arrows point at ends, Enter plays', () => {
    const picked = press(['End', ' ']);
    expect(picked.commands).toEqual([]);
    expect(picked.sel.choosing?.tile).toBe('5-6');
    expect(press(['ArrowUp', 'Enter'], picked.sel).commands).toEqual([{ type: 'play', tile: '5-6', end: 'north' }]);
    expect(press(['ArrowRight', 'Enter'], picked.sel).commands).toEqual([{ type: 'play', tile: '5-6', end: 'east' }]);
    expect(press(['Enter'], picked.sel).commands).toEqual([{ type: 'play', tile: '5-6', end: 'west' }]);
  });

  it('cycles with an arrow that points at no open end, picks by number, and Escape puts the tile back', () => {
    const picked = press(['End', 'Enter']).sel;
    expect(press(['ArrowDown'], picked).sel.choosing?.index).toBe(1);
    expect(press(['ArrowDown', 'ArrowDown', 'ArrowDown'], picked).sel.choosing?.index).toBe(0);
    expect(press(['3'], picked).commands).toEqual([{ type: 'play', tile: '5-6', end: 'north' }]);
    expect(press(['9'], picked).sel.choosing).not.toBeNull();
    const back = press(['Escape'], picked);
    expect(back.sel).toEqual({ focus: 3, choosing: null });
    expect(back.commands).toEqual([]);
  });

  it('draws with D and passes with P; ignores other keys', () => {
    expect(press(['d', 'P']).commands).toEqual([{ type: 'draw' }, { type: 'pass' }]);
    expect(onKey(NO_SELECTION, 'x', hand, options).handled).toBe(false);
    expect(onKey(NO_SELECTION, 'Tab', hand, options).handled).toBe(false);
  });

  it('keeps the focus inside a hand that shrank', () => {
    expect(onKey({ focus: 7, choosing: null }, 'ArrowLeft', hand, options).selection.focus).toBe(2);
    expect(onKey({ focus: 0, choosing: null }, 'ArrowRight', [], options).selection.focus).toBe(0);
  });

  it('a second tap on the picked tile puts it back; a tap on a one-end tile plays it', () => {
    const first = pick(NO_SELECTION, '5-6', options.get('5-6'), 3);
    expect(first.selection.choosing?.tile).toBe('5-6');
    expect(pick(first.selection, '5-6', options.get('5-6'), 3).selection.choosing).toBeNull();
    expect(pick(first.selection, '2-5', options.get('2-5'), 1).command).toEqual({ type: 'play', tile: '2-5', end: 'east' });
  });
});
