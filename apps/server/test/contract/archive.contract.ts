import type { GameRecord } from '@fives/engine';
import {
  type ArchivedGame,
  ArchivedGameSchema,
  type GameId,
  NEW_RATING,
  type PlayerId,
  PlayerGamesSchema,
  PlayerProfileSchema,
  RatingHistorySchema,
  gamesCursor,
  rateGame,
} from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameArchive } from '../../src/archive/archive.ts';
import { summaryOf } from '../../src/archive/memory.ts';
import { seatLines } from '../../src/archive/seat-lines.ts';
import { archivedGame, playedRecords } from '../support/archive-games.ts';

const ada = { playerId: 'p_ada0000000' as PlayerId, name: 'Ada' };
const bob = { playerId: 'p_bob0000000' as PlayerId, name: 'Bob' };

let tables = 0;
/** A table id no other test of the run uses. */
function tableId(): string {
  tables++;
  return `t${process.pid}${tables}x${Math.random().toString(36).slice(2, 8)}`.slice(0, 32);
}

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

/** The clock the archives under test count idle days and the leaderboard's 90 days on: 2026-01-01 13:00. */
export const CONTRACT_NOW = Date.UTC(2026, 0, 1, 13, 0);

/** What every GameArchive must do; run against each implementation (each test on its own players), its clock at CONTRACT_NOW. */
export function archiveContract(name: string, open: () => Promise<GameArchive>): void {
  describe(`GameArchive contract: ${name}`, () => {
    let archive: GameArchive;
    let records: GameRecord[];
    let muggins: GameRecord[];
    let block3: GameRecord[];
    beforeAll(async () => {
      archive = await open();
      records = playedRecords({ preset: 'allFives', players: 2, target: 61 }, 6, `archive-contract`);
      muggins = playedRecords({ preset: 'muggins', players: 2, target: 61 }, 2, `archive-contract-muggins`);
      block3 = playedRecords({ preset: 'block', players: 3, target: 61 }, 1, `archive-contract-block3`);
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

    it('rates a rated game once, both people at once, and leaves an unrated or computer game out', async () => {
      const [p, q] = [person('rate'), person('rate')];
      const game = archivedGame(records[0]!, { tableId: tableId(), game: 1, seats: [p, q], startedAt: at(0), finishedAt: at(5), rated: true });
      const results = await Promise.all(Array.from({ length: 4 }, () => archive.write(game)));
      expect(results.filter((r) => r === 'written')).toHaveLength(1);
      const expected = rateGame(
        game.seats.map((s) => ({ seat: s.seat, score: s.score, before: NEW_RATING, lastAtMs: null })),
        false,
        Date.parse(game.finishedAt),
      );
      const profile = PlayerProfileSchema.parse(await archive.player(p.playerId));
      expect(profile.ratings['allFives/2']?.games).toBe(1);
      expect(profile.ratings['allFives/2']?.rating).toBeCloseTo(expected.get(0)!.rating, 9);
      expect(profile.ratings['allFives/2']?.rd).toBeCloseTo(expected.get(0)!.rd, 9);
      expect((await archive.player(q.playerId))?.ratings['allFives/2']?.rating).toBeCloseTo(expected.get(1)!.rating, 9);
      // Unrated, and a computer in a rated table's seat: neither counts.
      await archive.write(archivedGame(records[1]!, { tableId: tableId(), game: 1, seats: [p, q], startedAt: at(6), finishedAt: at(9) }));
      await archive.write(archivedGame(records[2]!, { tableId: tableId(), game: 1, seats: [p, 'bot'], startedAt: at(6), finishedAt: at(9), rated: true }));
      expect((await archive.player(p.playerId))?.ratings['allFives/2']?.games).toBe(1);
      const history = RatingHistorySchema.parse(await archive.ratingHistory(p.playerId));
      expect(history.history['allFives/2']).toEqual([
        { gameId: game.id, at: game.finishedAt, rating: expect.closeTo(expected.get(0)!.rating, 9), rd: expect.closeTo(expected.get(0)!.rd, 9) },
      ]);
      const both = await archive.ratings([p.playerId, q.playerId, person('never').playerId], 'allFives/2');
      expect([...both.keys()].sort()).toEqual([p.playerId, q.playerId].sort());
      expect(await archive.ratingHistory(person('nobody').playerId)).toBeNull();
    });

    it('rates a person who left as losing to every opponent, once, and counts the leave once for their queue bans', async () => {
      const [p, q] = [person('leaver'), person('stayer')];
      const played = archivedGame(records[0]!, { tableId: tableId(), game: 1, seats: [p, q], startedAt: at(0), finishedAt: at(5), rated: true });
      // The leaver is the seat that scored more: their stand-in's points are not theirs.
      const leaverSeat = played.seats[0]!.score >= played.seats[1]!.score ? 0 : 1;
      const leaverId = leaverSeat === 0 ? p.playerId : q.playerId;
      const stayerId = leaverSeat === 0 ? q.playerId : p.playerId;
      const game: ArchivedGame = { ...played, seats: played.seats.map((s) => (s.seat === leaverSeat && s.kind === 'human' ? { ...s, left: true as const } : s)) };
      expect(ArchivedGameSchema.parse(game)).toEqual(game);
      const results = await Promise.all(Array.from({ length: 4 }, () => archive.write(game)));
      expect(results.filter((r) => r === 'written')).toHaveLength(1);
      const expected = rateGame(
        game.seats.map((s) => ({ seat: s.seat, score: s.score, left: s.seat === leaverSeat, before: NEW_RATING, lastAtMs: null })),
        false,
        Date.parse(game.finishedAt),
      );
      const leaver = (await archive.player(leaverId))?.ratings['allFives/2'];
      const stayer = (await archive.player(stayerId))?.ratings['allFives/2'];
      expect(leaver?.rating).toBeCloseTo(expected.get(leaverSeat)!.rating, 9);
      expect(leaver?.rating).toBeLessThan(1500);
      expect(stayer?.rating).toBeCloseTo(expected.get(1 - leaverSeat)!.rating, 9);
      expect(stayer?.rating).toBeGreaterThan(1500);
      expect((await archive.game(game.id))?.seats[leaverSeat]).toMatchObject({ left: true });
      // One leave, however many writers; none for who stayed; an unrated game left is no leave.
      expect(await archive.leaves(leaverId, 0)).toEqual([Date.parse(game.finishedAt)]);
      expect(await archive.leaves(stayerId, 0)).toEqual([]);
      const unrated = archivedGame(records[1]!, { tableId: tableId(), game: 1, seats: [p, q], startedAt: at(6), finishedAt: at(9) });
      await archive.write({ ...unrated, seats: unrated.seats.map((s) => (s.kind === 'human' ? { ...s, left: true as const } : s)) });
      expect(await archive.leaves(stayerId, 0)).toEqual([]);
      // A second rated leave: newest first, and only those at or after the window's start.
      const again = archivedGame(records[2]!, { tableId: tableId(), game: 1, seats: [p, q], startedAt: at(10), finishedAt: at(15), rated: true });
      await archive.write({ ...again, seats: again.seats.map((s) => (s.kind === 'human' && s.playerId === leaverId ? { ...s, left: true as const } : s)) });
      expect(await archive.leaves(leaverId, 0)).toEqual([Date.parse(at(15)), Date.parse(at(5))]);
      expect(await archive.leaves(leaverId, Date.parse(at(6)))).toEqual([Date.parse(at(15))]);
      expect(await archive.leaves(person('never').playerId, 0)).toEqual([]);
    });

    it('rates games of the same people written at once one after the other, each from the last', async () => {
      const [p, q] = [person('serial'), person('serial')];
      const games = Array.from({ length: 6 }, (_, i) =>
        archivedGame(records[i % records.length]!, { tableId: tableId(), game: 1, seats: i % 2 === 0 ? [p, q] : [q, p], startedAt: at(i), finishedAt: at(20 + i), rated: true }),
      );
      await Promise.all(games.map((g) => archive.write(g)));
      const [rp, rq] = [(await archive.player(p.playerId))!.ratings['allFives/2']!, (await archive.player(q.playerId))!.ratings['allFives/2']!];
      expect(rp.games).toBe(6);
      expect(rq.games).toBe(6);
      // Six periods each: the RD is far below a new player's whichever order they were rated in.
      expect(rp.rd).toBeLessThan(250);
      const history = (await archive.ratingHistory(p.playerId))!.history['allFives/2']!;
      expect(history).toHaveLength(6);
      // Oldest first by finish; the games were rated in whatever order their writes took turns.
      expect(history.map((h) => h.at)).toEqual(games.map((g) => g.finishedAt));
      expect(history.some((h) => Math.abs(h.rating - rp.rating) < 1e-9)).toBe(true);
    });

    it('ranks the leaderboard: RD at most 110, a rated game within 90 days, best first', async () => {
      // A key no other test rates: muggins/2.
      const champ = person('champ');
      const rivals = Array.from({ length: 3 }, () => person('rival'));
      let n = 0;
      // Thirty games against three rivals bring everyone's RD well under 110; the champ wins most.
      for (let i = 0; i < 30; i++) {
        const rival = rivals[i % 3]!;
        const rec = muggins[i % 2]!;
        const g = archivedGame(rec, { tableId: tableId(), game: 1, seats: [champ, rival], startedAt: at(0), finishedAt: at(n++ % 50), rated: true });
        await archive.write(g);
      }
      const board = await archive.leaderboard('muggins/2', 10);
      const ours = board.filter((e) => [champ, ...rivals].some((p) => p.playerId === e.playerId));
      for (const e of board) expect(e.provisional).toBe(e.rd > 110);
      expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => i + 1));
      // The sure ratings first, best first; then the provisional ones, best first.
      const sure = board.filter((e) => !e.provisional);
      const provisional = board.filter((e) => e.provisional);
      expect(board).toEqual([...sure, ...provisional]);
      for (const part of [sure, provisional]) expect(part.map((e) => e.rating)).toEqual(part.map((e) => e.rating).toSorted((a, b) => b - a));
      const champRating = (await archive.player(champ.playerId))!.ratings['muggins/2']!;
      if (champRating.rd <= 110) expect(ours.some((e) => e.playerId === champ.playerId && e.name === 'champ' && e.games === 30)).toBe(true);
      expect(await archive.leaderboard('block/4', 10)).toEqual([]);
      expect(await archive.leaderboard('muggins/2', 1)).toHaveLength(1);
    });

    it('lists provisional ratings below the sure ones on a young site, marked, rather than nothing', async () => {
      // A key no other test rates: block/3. One rated game each: every RD is far above 110.
      const [a, b, c] = [person('young'), person('young'), person('young')];
      const [rec] = block3;
      await archive.write(archivedGame(rec!, { tableId: tableId(), game: 1, seats: [a, b, c], startedAt: at(0), finishedAt: at(5), rated: true }));
      const board = await archive.leaderboard('block/3', 10);
      expect(board.map((e) => e.playerId).toSorted()).toEqual([a, b, c].map((p) => p.playerId).toSorted());
      for (const e of board) expect(e).toMatchObject({ provisional: true, games: 1, name: 'young' });
      expect(board.map((e) => e.rank)).toEqual([1, 2, 3]);
      expect(board.map((e) => e.rating)).toEqual(board.map((e) => e.rating).toSorted((x, y) => y - x));
      expect(await archive.leaderboard('block/3', 2)).toHaveLength(2);
    });

    it('forgets a deleted player: every seat of theirs nameless, off the leaderboard, and so in a game written after', async () => {
      const [gone, stays] = [person('gone'), person('stays')];
      const before = archivedGame(records[0]!, { tableId: tableId(), game: 1, seats: [gone, stays], startedAt: at(0), finishedAt: at(5), rated: true });
      await archive.write(before);
      expect((await archive.leaderboard('allFives/2', 100)).some((e) => e.playerId === gone.playerId)).toBe(true);
      await archive.forget(gone.playerId);
      // A game they were playing as they deleted, archived once it ends.
      const after = archivedGame(records[1]!, { tableId: tableId(), game: 1, seats: [stays, gone], startedAt: at(6), finishedAt: at(9), rated: true });
      expect(await archive.write(after)).toBe('written');
      for (const id of [before.id, after.id]) {
        const seats = (await archive.game(id))!.seats;
        expect(seats.find((s) => s.kind === 'human' && s.playerId === gone.playerId)).toMatchObject({ name: '', deleted: true });
        expect(seats.find((s) => s.kind === 'human' && s.playerId === stays.playerId)).toMatchObject({ name: 'stays' });
        expect(seats.find((s) => s.kind === 'human' && s.playerId === stays.playerId)).not.toHaveProperty('deleted');
      }
      expect(await archive.player(gone.playerId)).toMatchObject({ name: '', deleted: true, stats: { games: 2 } });
      const listed = (await archive.playerGames(stays.playerId, { before: null, limit: 10 }))!.games;
      expect(listed.map((g) => g.seats.find((s) => s.kind === 'human' && s.playerId === gone.playerId))).toEqual([
        expect.objectContaining({ name: '', deleted: true }),
        expect.objectContaining({ name: '', deleted: true }),
      ]);
      const board = await archive.leaderboard('allFives/2', 100);
      expect(board.some((e) => e.playerId === gone.playerId)).toBe(false);
      expect(board.some((e) => e.playerId === stays.playerId && e.name === 'stays')).toBe(true);
    });

    it('answers a ping', async () => {
      expect(await archive.ping()).toBe(true);
    });
  });
}
