import { legalActions, formatTile } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { forcedMove, mugginsChance, playOptions } from '../src/lib/hints.ts';
import { positions } from './positions.ts';

describe('playOptions: what glows and what each end shows', () => {
  it('offers exactly the legal plays, with the count and points the engine hints', () => {
    let checked = 0;
    for (const v of positions({ preset: 'allFives', players: 3 }, 'hints', 3)) {
      const options = playOptions(v);
      const legal = legalActions(v).flatMap((a) => (a.type === 'play' ? [`${formatTile(a.tile)}@${a.end ?? 'lead'}`] : []));
      const shown = [...options].flatMap(([tile, list]) => list.map((o) => `${tile}@${o.end ?? 'lead'}`));
      expect(shown.sort()).toEqual(legal.sort());
      for (const [tile, list] of options) {
        for (const o of list) {
          const hint = v.hand?.hints?.find((h) => h.tile === tile && h.end === o.end);
          expect(o).toEqual({ end: o.end, count: hint?.count, points: hint?.points });
        }
      }
      if (options.size > 0) checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('shows where tiles go under Muggins but never what they would count', () => {
    let checked = 0;
    for (const v of positions({ preset: 'muggins', players: 2 }, 'muggins', 2)) {
      const options = playOptions(v);
      const legal = legalActions(v).filter((a) => a.type === 'play');
      expect([...options.values()].flat()).toHaveLength(legal.length);
      for (const o of [...options.values()].flat()) expect(o.count).toBeNull();
      if (options.size > 0) checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('lights nothing when it is not the viewer’s move, and names the draw or pass when nothing fits', () => {
    const seen = new Set<string>();
    for (const v of positions({ preset: 'allFives', players: 2 }, 'forced', 4)) {
      const mine = v.status === 'playing' && v.hand?.turn === 0 && v.hand.awaiting === 'move';
      if (!mine) expect(playOptions(v).size).toBe(0);
      const forced = forcedMove(v);
      const legal = legalActions(v).map((a) => a.type);
      if (forced !== null) {
        expect(legal).toEqual([forced]);
        seen.add(forced);
      } else if (mine) expect(legal).toContain('play');
    }
    expect(seen.has('draw')).toBe(true);
  });

  it('offers Call Muggins! after an opponent’s claim that scored nothing, until the next tile', () => {
    let offered = 0;
    for (const v of positions({ preset: 'muggins', players: 2 }, 'call', 4)) {
      const last = v.hand?.log.filter((e) => e.type !== 'draw' && e.type !== 'pass').at(-1);
      const chance = mugginsChance(v);
      if (chance) {
        offered++;
        // Draws and passes keep the window open; the next tile closes it.
        expect(last?.type === 'claim' || last?.type === 'noScore').toBe(true);
        expect(last && 'seat' in last && last.seat).toBe(1);
      }
      // Whenever the engine would accept a call, the button is there.
      if (legalActions(v).some((a) => a.type === 'muggins')) expect(chance).toBe(true);
      if (last?.type === 'play') expect(chance).toBe(false);
    }
    expect(offered).toBeGreaterThan(0);
  });
});
