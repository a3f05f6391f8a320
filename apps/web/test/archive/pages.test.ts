import { type GameSummary, type PlayerId, gameIdOf } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { playerIdOfToken } from '../../src/archive/me.ts';
import { matches, outcomeFor, runningBalance } from '../../src/archive/results.ts';
import { analysisAddress, archiveRoute, gamePath, playerPath } from '../../src/archive/route.ts';
import { leaderboardAddress, leaderboardChoice } from '../../src/archive/leaderboard.ts';
import { dateText, seatName } from '../../src/archive/words.ts';
import { locale, t, useLanguage } from '../../src/i18n/i18n.svelte.ts';
import { ROSA, rosasGames } from './fixtures.ts';

afterEach(() => {
  locale.current = 'en';
});

describe('the archive pages’ logic', () => {
  it('routes /p/<player> and /g/<game>, and says when an id is not one', () => {
    expect(archiveRoute(playerPath(ROSA))).toEqual({ kind: 'player', id: ROSA });
    expect(archiveRoute(gamePath(gameIdOf('k3j9x2ab', 2)))).toEqual({ kind: 'game', id: 'k3j9x2ab-2' });
    expect(archiveRoute('/g/k3j9x2ab-2/')).toEqual({ kind: 'game', id: 'k3j9x2ab-2' });
    expect(archiveRoute('/g/k3j9x2ab-0')).toEqual({ kind: 'bad', text: 'k3j9x2ab-0' });
    expect(archiveRoute('/p/rosa')).toEqual({ kind: 'bad', text: 'rosa' });
    expect(archiveRoute('/p/%E0%A4%A')).toMatchObject({ kind: 'bad' });
    expect(archiveRoute('/')).toBeNull();
    expect(archiveRoute('/t/abcdefgh')).toBeNull();
    expect(analysisAddress('/g/k3j9x2ab-2', '?seat=0&x=1', 1, 'a b')).toBe('/g/k3j9x2ab-2?seat=1&x=1&seed=a+b');
  });

  it('routes /leaderboard, its choice in the query and the default where it is missing or not one', () => {
    expect(archiveRoute('/leaderboard')).toEqual({ kind: 'leaderboard' });
    expect(archiveRoute('/leaderboard/')).toEqual({ kind: 'leaderboard' });
    expect(archiveRoute('/leaderboards')).toBeNull();
    expect(leaderboardChoice('')).toEqual({ preset: 'allFives', players: 2 });
    expect(leaderboardChoice('?preset=block&players=4')).toEqual({ preset: 'block', players: 4 });
    expect(leaderboardChoice('?preset=poker&players=7')).toEqual({ preset: 'allFives', players: 2 });
    expect(leaderboardChoice(new URL(leaderboardAddress('muggins', 3), 'http://x').search)).toEqual({ preset: 'muggins', players: 3 });
  });

  it('reads the player id from a guest token, and nothing from what is not one', () => {
    const payload = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    expect(playerIdOfToken(`${payload({ v: 1, id: ROSA, name: 'Rosa' })}.mac`)).toBe(ROSA);
    // base64url that needs padding and holds - and _ (a name with accents).
    expect(playerIdOfToken(`${payload({ v: 1, id: 'p_Ab-_9zzzzzzz', name: 'Jos\u00e9 \u00c1ngel?' })}.mac`)).toBe('p_Ab-_9zzzzzzz');
    expect(playerIdOfToken(`${payload({ v: 1, id: 'nobody', name: 'x' })}.mac`)).toBeNull();
    expect(playerIdOfToken('not a token')).toBeNull();
    expect(playerIdOfToken('')).toBeNull();
  });

  it('says how each game went for the player, filters, and charts wins less losses oldest first', () => {
    const games = rosasGames(6);
    const nth = (i: number): GameSummary => {
      const g = games[i];
      if (g === undefined) throw new Error(`no game ${i}`);
      return g;
    };
    expect(outcomeFor(nth(0), ROSA)).toMatchObject({ seat: 0, won: true });
    expect(outcomeFor(nth(1), ROSA)).toMatchObject({ seat: 0, won: false });
    expect(outcomeFor(nth(0), 'p_someone_else' as PlayerId)).toBeNull();
    expect(games.filter((g) => matches(g, { preset: '', players: 3 })).map((g) => g.rules.players)).toEqual([3, 3]);
    expect(games.filter((g) => matches(g, { preset: 'block', players: null }))).toHaveLength(1);
    // Newest first in: [won, lost, won, lost, won, lost]; oldest first out.
    expect(runningBalance(games, ROSA).map((p) => p.balance)).toEqual([-1, 0, -1, 0, -1, 0]);
  });

  it('says "left" for a game the player left, a loss whatever the stand-in scored, in both languages', () => {
    const won = rosasGames(1)[0]!;
    expect(outcomeFor(won, ROSA)).toMatchObject({ won: true, left: false });
    const left: GameSummary = { ...won, seats: won.seats.map((s) => (s.kind === 'human' && s.playerId === ROSA ? { ...s, left: true as const } : s)) };
    expect(outcomeFor(left, ROSA)).toMatchObject({ seat: 0, won: false, left: true });
    expect(runningBalance([left], ROSA).map((p) => p.balance)).toEqual([-1]);
    expect(t('archive.left')).toBe('Left');
    expect(t('archive.leftSeat')).toBe('left the game');
  });

  it('speaks the language the player chose, as the rest of the client does', async () => {
    expect(t('archive.stepOf', { hand: 2, step: 5, steps: 90 })).toBe('Hand 2 · step 5 of 90');
    expect(t('archive.gamesWins', { games: t('archive.games', { count: 1 }), wins: t('archive.wins', { count: 1 }) })).toBe('1 game, 1 win');
    await useLanguage('es');
    expect(t('archive.stepOf', { hand: 2, step: 5, steps: 90 })).toBe('Mano 2 · paso 5 de 90');
    expect([t('archive.left'), t('archive.leftSeat')]).toEqual(['Abandonada', 'abandonó la partida']);
    expect(t('archive.chartNote', { count: 1 })).toBe('Victorias menos derrotas, partida a partida, en la partida listada abajo.');
    // Dates and a deleted player's seat too: the choice in the settings, not the browser's language.
    expect(dateText('2026-03-05T12:00:00Z')).toBe('5 mar 2026');
    expect(seatName({ name: 'Rosa', deleted: true })).toBe('jugador borrado');
  });
});
