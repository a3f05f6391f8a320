import type { PlayerId } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { seatLines } from '../../src/archive/seat-lines.ts';
import { archivedGame, playedRecords } from '../support/archive-games.ts';

const ada = { playerId: 'p_ada0000000' as PlayerId, name: 'Ada' };
const bob = { playerId: 'p_bob0000000' as PlayerId, name: 'Bob' };
const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

describe("a person's line of an archived game", () => {
  it('adds up, hand by hand, to the final score of the seat (plays, claims, Muggins calls and awards)', () => {
    for (const preset of ['allFives', 'muggins', 'block'] as const) {
      for (const [i, record] of playedRecords({ preset, players: 2 }, 4, `lines-${preset}`).entries()) {
        const game = archivedGame(record, { tableId: `lines${preset.toLowerCase()}`, game: i + 1, seats: [ada, bob], startedAt: at, finishedAt: at });
        const lines = seatLines(game);
        expect(lines.map((l) => l.playerId)).toEqual([ada.playerId, bob.playerId]);
        for (const l of lines) {
          expect(l.points, `${preset} game ${i} seat ${l.seat}`).toBe(game.seats[l.seat]!.score);
          expect(l.hands).toBe(record.hands.length);
          expect(l.won).toBe(game.winner === l.seat);
          expect(l.bestHand).toBeLessThanOrEqual(l.points);
        }
        // A Muggins call needs an opponent's miss.
        expect(lines[0]!.mugginsMade).toBeLessThanOrEqual(lines[1]!.mugginsMissed);
        expect(lines[1]!.mugginsMade).toBeLessThanOrEqual(lines[0]!.mugginsMissed);
        if (preset !== 'muggins') expect(lines.every((l) => l.mugginsMade === 0 && l.mugginsMissed === 0)).toBe(true);
      }
    }
  });

  it('counts misses and calls under Muggins (the random player misses counts, and is called on them)', () => {
    const lines = playedRecords({ preset: 'muggins', players: 2 }, 6, 'lines-muggins-calls').flatMap((record, i) =>
      seatLines(archivedGame(record, { tableId: 'linesmugginscalls', game: i + 1, seats: [ada, bob], startedAt: at, finishedAt: at })),
    );
    expect(lines.reduce((n, l) => n + l.countsScored, 0)).toBeGreaterThan(0);
    expect(lines.reduce((n, l) => n + l.mugginsMissed, 0)).toBeGreaterThan(0);
    expect(lines.reduce((n, l) => n + l.mugginsMade, 0)).toBeGreaterThan(0);
  });
});
