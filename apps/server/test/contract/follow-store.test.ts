import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { type FollowStore, MemoryFollows } from '../../src/friends/follows.ts';
import { newPlayerId } from '../../src/identity/token.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';

// The follow store's contract, run against memory and PostgreSQL alike.
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

function followContract(name: string, open: () => FollowStore): void {
  describe(`FollowStore contract: ${name}`, () => {
    it('follows once, lists newest first, one way, and unfollows', async () => {
      const s = open();
      const [ada, bob, cy] = [newPlayerId(), newPlayerId(), newPlayerId()];
      expect(await s.follow(ada, bob, 'Bob', at(1), 10)).toBe('followed');
      expect(await s.follow(ada, bob, 'Bob again', at(2), 10)).toBe('exists');
      expect(await s.follow(ada, cy, 'Cy', at(3), 10)).toBe('followed');
      expect(await s.follows(ada)).toEqual([
        { playerId: cy, name: 'Cy', since: at(3) },
        { playerId: bob, name: 'Bob', since: at(1) },
      ]);
      expect(await s.follows(bob)).toEqual([]);
      expect(await s.unfollow(ada, bob)).toBe(true);
      expect(await s.unfollow(ada, bob)).toBe(false);
      expect((await s.follows(ada)).map((f) => f.playerId)).toEqual([cy]);
    });

    it('refuses a follow past the limit and keeps the list as it was', async () => {
      const s = open();
      const ada = newPlayerId();
      for (let i = 0; i < 3; i++) expect(await s.follow(ada, newPlayerId(), `P${i}`, at(i), 3)).toBe('followed');
      expect(await s.follow(ada, newPlayerId(), 'One more', at(9), 3)).toBe('too_many');
      expect(await s.follows(ada)).toHaveLength(3);
    });

    it('forgets a deleted account: its follows go, its name goes from the follows of it', async () => {
      const s = open();
      const [ada, bob] = [newPlayerId(), newPlayerId()];
      await s.follow(ada, bob, 'Bob', at(1), 10);
      await s.follow(bob, ada, 'Ada', at(2), 10);
      await s.forget(bob);
      expect(await s.follows(bob)).toEqual([]);
      expect(await s.follows(ada)).toEqual([{ playerId: bob, name: '', since: at(1) }]);
    });
  });
}

followContract('memory', () => new MemoryFollows());
followContract('postgres', () => archive.followStore());
