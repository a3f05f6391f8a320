import { BLOCKS_MAX, type GameId, type PlayerId, type ReportId, ReportSchema } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { newPlayerId } from '../../src/identity/token.ts';
import { MemorySafety, type SafetyStore } from '../../src/safety/store.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';

// The safety store's contract (reports and blocks), run against memory and PostgreSQL alike.
let db: TestDatabase;
let archive: PostgresArchive;
beforeAll(async () => {
  db = await testDatabase();
  archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
});
afterAll(async () => {
  await archive.close();
  await db.drop();
});

const at = (minute: number): string => new Date(Date.UTC(2026, 11, 1, 12, minute)).toISOString();

function safetyContract(name: string, open: () => SafetyStore): void {
  describe(`SafetyStore contract: ${name}`, () => {
    it('blocks once, lists newest first, unblocks; avoided and blockersOf read both ways', async () => {
      const s = open();
      const [ada, bob, cy, dee] = [newPlayerId(), newPlayerId(), newPlayerId(), newPlayerId()];
      expect(await s.block(ada, bob, 'Bob', at(1), BLOCKS_MAX)).toBe('blocked');
      expect(await s.block(ada, bob, 'Bob again', at(2), BLOCKS_MAX)).toBe('exists');
      expect(await s.block(ada, cy, 'Cy', at(3), BLOCKS_MAX)).toBe('blocked');
      expect(await s.block(dee, ada, 'Ada', at(4), BLOCKS_MAX)).toBe('blocked');
      expect(await s.blocks(ada)).toEqual([
        { playerId: cy, name: 'Cy', since: at(3) },
        { playerId: bob, name: 'Bob', since: at(1) },
      ]);
      expect(await s.avoided(ada)).toEqual(new Set([bob, cy, dee]));
      expect(await s.avoided(bob)).toEqual(new Set([ada]));
      expect(await s.blockersOf(bob, [ada, cy, dee])).toEqual(new Set([ada]));
      expect(await s.blockersOf(ada, [bob, cy])).toEqual(new Set());
      expect(await s.blockersOf(ada, [])).toEqual(new Set());
      expect(await s.unblock(ada, bob)).toBe(true);
      expect(await s.unblock(ada, bob)).toBe(false);
      expect((await s.blocks(ada)).map((b) => b.playerId)).toEqual([cy]);
      expect(await s.avoided(bob)).toEqual(new Set());
    });

    it('refuses a block past the limit and keeps the list as it was', async () => {
      const s = open();
      const ada = newPlayerId();
      const others = Array.from({ length: 3 }, () => newPlayerId());
      for (const [i, o] of others.entries()) expect(await s.block(ada, o, `P${i}`, at(i), 3)).toBe('blocked');
      expect(await s.block(ada, newPlayerId(), 'One more', at(9), 3)).toBe('too_many');
      expect(await s.blocks(ada)).toHaveLength(3);
    });

    it('files reports open, lists the open ones oldest first and a reporter’s newest first', async () => {
      const s = open();
      const [ada, bob] = [newPlayerId(), newPlayerId()];
      const first = await s.file({ reporter: ada, reported: bob, reason: 'offensive_name', note: '', gameId: null, createdAt: at(1) });
      const second = await s.file({
        reporter: ada,
        reported: bob,
        reason: 'abusive_reactions',
        note: 'kept sending "bad luck"',
        gameId: 'tbl00001x-2' as GameId,
        createdAt: at(2),
      });
      for (const r of [first, second]) expect(ReportSchema.parse(r)).toEqual(r);
      expect(second).toMatchObject({ reporter: ada, reported: bob, reason: 'abusive_reactions', note: 'kept sending "bad luck"', gameId: 'tbl00001x-2', status: 'open' });
      expect(first.id).not.toBe(second.id);
      const listed = (await s.openReports(1000)).filter((r) => r.reporter === ada);
      expect(listed.map((r) => r.id)).toEqual([first.id, second.id]);
      expect((await s.reportsBy(ada)).map((r) => r.id)).toEqual([second.id, first.id]);
      expect(await s.reportsBy(bob)).toEqual([]);
    });

    it('closes an open report once: it leaves the open list, its reporter still has it, closed', async () => {
      const s = open();
      const [ada, bob] = [newPlayerId(), newPlayerId()];
      const kept = await s.file({ reporter: ada, reported: bob, reason: 'offensive_name', note: '', gameId: null, createdAt: at(5) });
      const dealt = await s.file({ reporter: ada, reported: bob, reason: 'offensive_name', note: 'still', gameId: null, createdAt: at(6) });
      expect(await s.closeReport(dealt.id)).toEqual({ ...dealt, status: 'closed' });
      expect(await s.closeReport(dealt.id)).toBeNull();
      expect(await s.closeReport('r_0000000000000000' as ReportId)).toBeNull();
      const openIds = (await s.openReports(1000)).map((r) => r.id);
      expect(openIds).toContain(kept.id);
      expect(openIds).not.toContain(dealt.id);
      expect((await s.reportsBy(ada)).map((r) => [r.id, r.status])).toEqual([
        [dealt.id, 'closed'],
        [kept.id, 'open'],
      ]);
    });

    it('forgets a deleted account: the blocks it made go, and its name leaves the blocks of it', async () => {
      const s = open();
      const [gone, other] = [newPlayerId(), newPlayerId()];
      await s.block(gone, other, 'Other', at(1), BLOCKS_MAX);
      await s.block(other, gone, 'Gone Person', at(2), BLOCKS_MAX);
      await s.forget(gone);
      expect(await s.blocks(gone)).toEqual([]);
      expect(await s.blocks(other)).toEqual([{ playerId: gone, name: '', since: at(2) }]);
      // Still blocked: the id is what keeps them apart.
      expect(await s.avoided(other)).toEqual(new Set<PlayerId>([gone]));
    });
  });
}

safetyContract('memory', () => new MemorySafety());
safetyContract('postgres', () => archive.safetyStore());
