import { describe, expect, it } from 'vitest';
import { GameIdSchema, GamesCursorSchema, PlayerGamesQuerySchema, archivePaths, gameIdOf, gamesCursor, readGamesCursor, splitGameId } from '../src/archive.ts';

describe('archive ids and cursors', () => {
  it('a game id is the table id and the game number, and splits back into them', () => {
    const id = gameIdOf('k3j9x2ab', 12);
    expect(GameIdSchema.parse('k3j9x2ab-12')).toBe(id);
    expect(splitGameId(id)).toEqual({ tableId: 'k3j9x2ab', game: 12 });
    for (const bad of ['k3j9x2ab', 'k3j9x2ab-0', 'k3j9x2ab-01', 'K3J9X2AB-1', 'abc-1', 'k3j9x2ab-1-2']) expect(GameIdSchema.safeParse(bad).success).toBe(false);
  });

  it('a cursor reads back as the finish time and game id it was made from', () => {
    const id = GameIdSchema.parse('k3j9x2ab-3');
    const cursor = gamesCursor('2026-12-01T12:00:00.123Z', id);
    expect(GamesCursorSchema.parse(cursor)).toBe(cursor);
    expect(readGamesCursor(cursor)).toEqual({ finishedAtMs: Date.parse('2026-12-01T12:00:00.123Z'), id });
    for (const bad of ['', 'x.k3j9x2ab-3', '123', '123.', '123.k3j9x2ab', `${'9'.repeat(16)}.k3j9x2ab-3`]) expect(GamesCursorSchema.safeParse(bad).success).toBe(false);
  });

  it('limit defaults to 20 and is refused outside 1 to 100', () => {
    expect(PlayerGamesQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(PlayerGamesQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '1.5', 'ten', '-1']) expect(PlayerGamesQuerySchema.safeParse({ limit }).success).toBe(false);
    expect(PlayerGamesQuerySchema.safeParse({ before: 'nonsense' }).success).toBe(false);
  });

  it('paths put the query in only when given', () => {
    expect(archivePaths.playerGames('p_abcdefgh')).toBe('/api/players/p_abcdefgh/games');
    expect(archivePaths.playerGames('p_abcdefgh', { before: '1.k3j9x2ab-1', limit: 5 })).toBe('/api/players/p_abcdefgh/games?before=1.k3j9x2ab-1&limit=5');
    expect(archivePaths.game('k3j9x2ab-1')).toBe('/api/games/k3j9x2ab-1');
  });
});
