import type { TableView } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { loadSeen, saveSeen, seenOf, stoodIn } from '../src/connection/stood-in.ts';
import { positions } from './positions.ts';

// Seat 0's views of two whole three-player hands, as the server would have sent them.
const views: TableView[] = [...positions({ players: 3 }, 'stood-in', 2)];
const playsBy = (v: TableView, seat: number, from: number): number => (v.hand?.log.slice(from) ?? []).filter((e) => e.type === 'play' && e.seat === seat).length;

describe('what the computer played for a returning player, from the table’s log', () => {
  it('counts the tiles played from their seat since they last saw the hand', () => {
    const firstHand = views.filter((v) => v.handScores.length === views[0]?.handScores.length && v.hand !== null && v.hand.end === null);
    let checked = 0;
    for (let i = 0; i < firstHand.length; i += 3) {
      for (let j = i; j < firstHand.length; j += 4) {
        const left = firstHand[i] as TableView;
        const back = firstHand[j] as TableView;
        const got = stoodIn(seenOf('t1', 1, left), seenOf('t1', 1, back), back, 0);
        const tiles = playsBy(back, 0, left.hand?.log.length ?? 0);
        expect(got).toEqual(tiles > 0 ? { kind: 'tiles', count: tiles } : null);
        if (tiles > 0) checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('says how many hands ended when the player missed the end of theirs', () => {
    const first = views[1] as TableView;
    const later = views.find((v) => v.handScores.length > first.handScores.length) as TableView;
    expect(stoodIn(seenOf('t1', 1, first), seenOf('t1', 1, later), later, 0)).toEqual({ kind: 'hands', count: later.handScores.length - first.handScores.length });
  });

  it('says nothing for another table, another game, or a first visit', () => {
    const a = views[1] as TableView;
    const b = views.at(-1) as TableView;
    expect(stoodIn(null, seenOf('t1', 1, b), b, 0)).toBeNull();
    expect(stoodIn(seenOf('t2', 1, a), seenOf('t1', 1, b), b, 0)).toBeNull();
    expect(stoodIn(seenOf('t1', 1, a), seenOf('t1', 2, b), b, 0)).toBeNull();
  });

  it('is kept in the browser', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v), removeItem: (k: string) => void kept.delete(k) };
    expect(loadSeen(storage)).toBeNull();
    const seen = seenOf('t1', 3, views[4] as TableView);
    saveSeen(storage, seen);
    expect(loadSeen(storage)).toEqual(seen);
    kept.set('fives.seen', '{"tableId":1}');
    expect(loadSeen(storage)).toBeNull();
  });
});
