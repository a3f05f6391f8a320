import { resolveRules } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { describeEvent, newEvents } from '../src/lib/announce.ts';
import { sideName, tileLabel } from '../src/lib/names.ts';
import { reactTo } from '../src/lib/reactions.ts';
import { seatNote, seatPlaces } from '../src/lib/seats.ts';
import { positions } from './positions.ts';

const rules = (() => {
  const r = resolveRules({ players: 3 });
  if (!r.ok) throw new Error('rules');
  return r.value;
})();
const names = ['Rosa', 'Ada', 'Basil'];

describe('words for screen readers', () => {
  it('names tiles as people say them', () => {
    expect(tileLabel('3-5')).toBe('three–five');
    expect(tileLabel('3-5', 5)).toBe('five–three');
    expect(tileLabel('6-6')).toBe('double six');
    expect(tileLabel('0-4')).toBe('blank–four');
  });

  it('says every kind of event', () => {
    expect(describeEvent({ type: 'play', seat: 1, tile: '5-5', end: null, count: 10, scored: 10 }, rules, names, 0)).toBe(
      'Ada played double five to lead. Count 10. Ada scores 10 points.',
    );
    expect(describeEvent({ type: 'play', seat: 0, tile: '2-5', end: 'east', count: 12, scored: 0 }, rules, names, 0)).toBe('You played two–five on the right end. Count 12.');
    expect(describeEvent({ type: 'play', seat: 2, tile: '2-5', end: 'north', count: null, scored: 0 }, rules, names, 0)).toBe('Basil played two–five on the top end.');
    expect(describeEvent({ type: 'draw', seat: 2 }, rules, names, 0)).toBe('Basil drew a tile.');
    expect(describeEvent({ type: 'pass', seat: 1 }, rules, names, 0)).toBe('Ada passed.');
    expect(describeEvent({ type: 'claim', seat: 1, points: 15, scored: 15 }, rules, names, 0)).toBe('Ada claimed 15 and scored 15 points.');
    expect(describeEvent({ type: 'noScore', seat: 1, scored: 0 }, rules, names, 0)).toBe('Ada said no score.');
    expect(describeEvent({ type: 'muggins', seat: 0, scored: 10 }, rules, names, 0)).toBe('You called Muggins! 10 points.');
    expect(describeEvent({ type: 'handEnd', reason: 'domino', awards: [{ seat: 1, points: 25 }], pips: [12, 0, 13], out: 1 }, rules, names, 0)).toBe(
      'Ada went out. Ada scores 25 points.',
    );
  });

  it('names a team by both partners, whichever of them an award names', () => {
    const partners = resolveRules({ preset: 'partners', players: 4 });
    if (!partners.ok) throw new Error('rules');
    const four = ['Rosa', 'Ada', 'Basil', 'Cleo'];
    expect(sideName(partners.value, 0, four)).toBe('Rosa & Basil');
    expect(sideName(partners.value, 1, four)).toBe('Ada & Cleo');
    expect(sideName(rules, 2, names)).toBe('Basil');
    expect(describeEvent({ type: 'handEnd', reason: 'domino', awards: [{ seat: 3, points: 25 }], pips: [12, 9, 13, 0], out: 3 }, partners.value, four, 0)).toBe(
      'Cleo went out. Ada & Cleo scores 25 points.',
    );
  });

  it('announces each event exactly once across a whole hand, and a new hand afresh', () => {
    let prev = null;
    let said = 0;
    let total = 0;
    for (const v of positions({ players: 3 }, 'announce', 2)) {
      said += newEvents(prev, v).length;
      total = v.hand?.log.length ?? 0;
      if (prev !== null && prev.handScores.length !== v.handScores.length) said = newEvents(prev, v).length;
      prev = v;
    }
    expect(said).toBe(total);
  });

  it('reacts to a scoring play with a sound and a score flying to the scorer', () => {
    let flights = 0;
    let prev = null;
    for (const v of positions({ players: 2 }, 'react', 2)) {
      const r = reactTo(prev, v, names);
      for (const e of newEvents(prev, v)) if (e.type === 'play' && e.scored > 0) expect(r.flights).toContainEqual({ seat: e.seat, points: e.scored });
      if (r.flights.length > 0) expect(r.sounds).toContain('score');
      flights += r.flights.length;
      prev = v;
    }
    expect(flights).toBeGreaterThan(0);
  });
});

describe('seats on screen', () => {
  it('puts the viewer at the bottom and the others clockwise', () => {
    expect(seatPlaces(2, 1)).toEqual([
      { seat: 1, place: 'bottom' },
      { seat: 0, place: 'top' },
    ]);
    expect(seatPlaces(4, 2).map((p) => `${p.seat}:${p.place}`)).toEqual(['2:bottom', '3:left', '0:top', '1:right']);
    expect(seatPlaces(3, 0).map((p) => p.place)).toEqual(['bottom', 'left', 'right']);
  });

  it('notes draws and passes since a seat last played', () => {
    for (const v of positions({ players: 2 }, 'notes', 3)) {
      if (v.hand === null) continue;
      for (const seat of [0, 1]) {
        const note = seatNote(v.hand, seat);
        const last = v.hand.log.filter((e) => e.type !== 'handEnd' && e.seat === seat).at(-1);
        if (last?.type === 'play' || last === undefined) expect(note).toBe('');
        if (last?.type === 'pass') expect(note).toMatch(/passed/);
        if (last?.type === 'draw') expect(note).toMatch(/^drew \d+$/);
      }
    }
  });
});
