import type { GameRecord } from '@fives/engine';
import { type ArchivedGame, ArchivedGameSchema, type GameId, type PlayerId, PlayerGamesSchema, PlayerProfileSchema, gamesCursor } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameArchive } from '../src/archive/archive.ts';
import { summaryOf } from '../src/archive/memory.ts';
import { seatLines } from '../src/archive/seat-lines.ts';
import { archivedGame, playedRecords } from './support/archive-games.ts';

const ada = { playerId: 'p_ada0000000' as PlayerId, name: 'Ada' };
const bob = { playerId: 'p_bob0000000' as PlayerId, name: 'Bob' };

let tables = 0;
/** A table id no other test of the run uses. */
function tableId(): string {
  tables++;
  return `t${process.pid}${tables}x${Math.random().toString(36).slice(2, 8)}`.slice(0, 32);
}

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

/** What every GameArchive must do; run against each implementation (each test on its own players). */
export function archiveContract(name: string, open: () => Promise<GameArchive>): void {
  describe(`GameArchive contract: ${name}`, () => {
    let archive: GameArchive;
    let records: GameRecord[];
    let muggins: GameRecord[];
    beforeAll(async () => {
      archive = await open();
      records = playedRecords({ preset: 'allFives', players: 2, target: 61 }, 6, `archive-contract`);
      muggins = playedRecords({ preset: 'muggins', players: 2, target: 61 }, 2, `archive-contract-muggins`);
    });
    afterAll(async () => {
      await archive.close();
    });

    const person = (tag: string): { playerId: PlayerId; name: string } => ({ playerId: `p_${tag}${Math.random().toString(36).slice(2, 12)}` as PlayerId, name: tag });

    it('writes a game once and gives it back as it was, record and all', async () => {
      const game = archivedGame(records[0]!, { tableId: tableId(), game: 1, seats: [ada, 'bot'], startedAt: at(0), finishedAt: at(5) });
      expect(ArchivedGameSchema.parse(game)).toEqual(game);
      expect(await archive.write(game)).toBe('written');
      expect(await archive.write(game)).toBe('exists');
      const back = await archive.game(game.id);
      expect(back).toEqual(game);
      // The record comes back as written, key order too: it is the file `fives replay` reads.
      expect(JSON.stringify(back?.record)).toBe(JSON.stringify(game.record));
      expect(await archive.game('nosuchgame1-1' as GameId)).toBeNull();
    });

    it('writes a game once when several writers race', async () => {
      const p = person('race');
      const game = archivedGame(records[1]!, { tableId: tableId(), game: 1, seats: ['bot', p], startedAt: at(0), finishedAt: at(3) });
      const results = await Promise.all(Array.from({ length: 5 }, () => archive.write(game)));
      expect(results.filter((r) => r === 'written')).toHaveLength(1);
      expect(results.filter((r) => r === 'exists')).toHaveLength(4);
      const profile = await archive.player(p.playerId);
      expect(profile?.stats.games).toBe(1);
      expect((await archive.playerGames(p.playerId, { before: null, limit: 10 }))?.games).toHaveLength(1);
    });

    it('writes different games of the same people at once, whatever seats they sat in', async () => {
      const [p, q] = [person('pair'), person('pair')];
      const games = Array.from({ length: 6 }, (_, i) =>
        archivedGame(records[i % records.length]!, { tableId: tableId(), game: 1, seats: i % 2 === 0 ? [p, q] : [q, p], startedAt: at(i), finishedAt: at(10 + i) }),
      );
      expect(await Promise.all(games.map((g) => archive.write(g)))).toEqual(games.map(() => 'written'));
      expect((await archive.player(p.playerId))?.stats.games).toBe(6);
      expect((await archive.player(q.playerId))?.stats.games).toBe(6);
    });

    it("keeps a player's name (the latest game's), first and last seen, and stats added up from every game", async () => {
      const p = person('stats');
      const games: ArchivedGame[] = [
        archivedGame(records[2]!, { tableId: tableId(), game: 1, seats: [{ ...p, name: 'Old name' }, 'bot'], startedAt: at(10), finishedAt: at(15) }),
        archivedGame(records[3]!, { tableId: tableId(), game: 2, seats: ['bot', { ...p, name: 'New name' }], startedAt: at(20), finishedAt: at(25) }),
        archivedGame(muggins[0]!, { tableId: tableId(), game: 1, seats: [p, bob], startedAt: at(30), finishedAt: at(40) }),
      ];
      // Written out of order: the name is still the latest game's, the first seen the earliest.
      for (const g of [games[1]!, games[2]!, games[0]!]) expect(await archive.write(g)).toBe('written');
      const profile = PlayerProfileSchema.parse(await archive.player(p.playerId));
      expect(profile).toMatchObject({ id: p.playerId, name: p.name, since: at(10), lastSeen: at(40) });
      const lines = games.flatMap((g) => seatLines(g)).filter((l) => l.playerId === p.playerId);
      const sum = (f: (l: (typeof lines)[number]) => number): number => lines.reduce((n, l) => n + f(l), 0);
      const wins = games.filter((g) => g.seats.some((s) => s.kind === 'human' && s.playerId === p.playerId && s.seat === g.winner)).length;
      const hands = games.reduce((n, g) => n + g.record.hands.length, 0);
      expect(profile.stats.games).toBe(3);
      expect(profile.stats.wins).toBe(wins);
      expect(profile.stats.hands).toBe(hands);
      expect(profile.stats.byRules).toEqual({
        'allFives/2': { games: 2, wins: games.slice(0, 2).filter((g) => g.seats[g.winner]?.kind === 'human').length },
        'muggins/2': { games: 1, wins: games[2]!.winner === 0 ? 1 : 0 },
      });
      expect(profile.stats.pointsPerHand).toBe(Math.round((sum((l) => l.points) / hands) * 100) / 100);
      expect(profile.stats.countsScored).toBe(sum((l) => l.countsScored));
      expect(profile.stats.countsScored).toBeGreaterThan(0);
      expect(profile.stats.muggins).toEqual({ made: sum((l) => l.mugginsMade), missed: sum((l) => l.mugginsMissed) });
      const best = Math.max(...lines.map((l) => l.bestHand));
      expect(profile.stats.bestHand).toEqual({ points: best, gameId: lines.find((l) => l.bestHand === best)!.gameId });
      // Bob is a player too, from the one game he sat in.
      expect((await archive.player(bob.playerId))?.stats.byRules['muggins/2']?.games).toBeGreaterThanOrEqual(1);
    });

    it('knows no player who has no archived game', async () => {
      const nobody = person('nobody').playerId;
      expect(await archive.player(nobody)).toBeNull();
      expect(await archive.playerGames(nobody, { before: null, limit: 10 })).toBeNull();
    });

    it("pages through a player's games newest first, by cursor, and a game archived meanwhile does not shift a page", async () => {
      const p = person('pages');
      const table = tableId();
      const all: ArchivedGame[] = [];
      for (let i = 0; i < 25; i++) {
        // Pairs of games finishing at the same instant: the game id breaks the tie.
        const g = archivedGame(records[i % records.length]!, { tableId: table, game: i + 1, seats: [p, 'bot'], startedAt: at(i), finishedAt: at(30 + Math.floor(i / 2)) });
        all.push(g);
        await archive.write(g);
      }
      const expected = all.toSorted((a, b) => Date.parse(b.finishedAt) - Date.parse(a.finishedAt) || (a.id < b.id ? 1 : -1)).map((g) => g.id);
      const first = PlayerGamesSchema.parse(await archive.playerGames(p.playerId, { before: null, limit: 10 }));
      expect(first.games.map((g) => g.id)).toEqual(expected.slice(0, 10));
      expect(first.games[0]).toEqual(summaryOf(all.find((g) => g.id === expected[0])!));
      expect(first.next).toBe(gamesCursor(first.games[9]!.finishedAt, first.games[9]!.id));
      // A newer game arrives between the pages: the next page still starts right after the first.
      await archive.write(archivedGame(records[0]!, { tableId: table, game: 26, seats: [p, 'bot'], startedAt: at(50), finishedAt: at(55) }));
      const second = PlayerGamesSchema.parse(await archive.playerGames(p.playerId, { before: first.next, limit: 10 }));
      expect(second.games.map((g) => g.id)).toEqual(expected.slice(10, 20));
      const third = PlayerGamesSchema.parse(await archive.playerGames(p.playerId, { before: second.next, limit: 10 }));
      expect(third.games.map((g) => g.id)).toEqual(expected.slice(20));
      expect(third.next).toBeNull();
      // Exactly a page left: no next page after it either.
      const exact = await archive.playerGames(p.playerId, { before: second.next, limit: 5 });
      expect(exact?.next).toBeNull();
      expect((await archive.playerGames(p.playerId, { before: null, limit: 1 }))?.games.map((g) => g.id)).toEqual([`${table}-26`]);
    });

    it('answers a ping', async () => {
      expect(await archive.ping()).toBe(true);
    });
  });
}
