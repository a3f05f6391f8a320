import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeStore } from '../../src/accounts/challenges.ts';
import { MemoryChallenges } from '../../src/accounts/challenges.ts';
import { skeleton } from '../../src/accounts/skeleton.ts';
import { type AccountStore, MemoryAccounts, type Passkey } from '../../src/accounts/store.ts';
import type { GameArchive } from '../../src/archive/archive.ts';
import { MemoryArchive } from '../../src/archive/memory.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { newPlayerId } from '../../src/identity/token.ts';
import { redisShared } from '../../src/store/shared.ts';
import { archivedGame, playedRecords } from '../support/archive-games.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { redisStore } from '../support/redis.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

const passkey = (id: string, at = '2026-12-01T12:00:00.000Z'): Passkey => ({
  id,
  publicKey: new Uint8Array([1, 2, 3, id.length]),
  counter: 0,
  transports: ['internal'],
  createdAt: at,
  lastUsedAt: null,
});

/** What every account store does, memory and PostgreSQL alike. */
function accountContract(kind: string, open: () => Promise<{ accounts: AccountStore; archive: GameArchive; close: () => Promise<void> }>): void {
  describe(`the ${kind} account store`, () => {
    it('makes an account once, its skeleton unique; finds it by id, by passkey and by name', async () => {
      const { accounts, close } = await open();
      try {
        const ada = newPlayerId();
        expect(await accounts.create({ id: ada, name: 'Ada', skeleton: skeleton('Ada'), passkey: passkey('k1') })).toBe('created');
        expect(await accounts.create({ id: ada, name: 'Ada', skeleton: skeleton('Ada'), passkey: passkey('k2') })).toBe('exists');
        expect(await accounts.create({ id: newPlayerId(), name: 'ADA', skeleton: skeleton('ADA'), passkey: passkey('k3') })).toBe('name_taken');
        expect(await accounts.holder(skeleton('аda'))).toBe(ada);
        expect(await accounts.holder(skeleton('Grace'))).toBeNull();
        const found = await accounts.account(ada);
        expect(found).toMatchObject({
          id: ada,
          name: 'Ada',
          createdAt: '2026-12-01T12:00:00.000Z',
          passkeys: [{ id: 'k1', counter: 0, transports: ['internal'], lastUsedAt: null }],
        });
        expect([...(found?.passkeys[0]?.publicKey ?? [])]).toEqual([1, 2, 3, 2]);
        expect((await accounts.byPasskey('k1'))?.id).toBe(ada);
        expect(await accounts.byPasskey('k3')).toBeNull();
        expect(await accounts.account(newPlayerId())).toBeNull();
      } finally {
        await close();
      }
    });

    it('renames an account, never onto a name another account keeps', async () => {
      const { accounts, close } = await open();
      try {
        const ada = newPlayerId();
        const bea = newPlayerId();
        expect(await accounts.create({ id: ada, name: 'Rena', skeleton: skeleton('Rena'), passkey: passkey('r1') })).toBe('created');
        expect(await accounts.create({ id: bea, name: 'Rhea', skeleton: skeleton('Rhea'), passkey: passkey('r2') })).toBe('created');
        expect(await accounts.rename(ada, 'RHEA', skeleton('RHEA'))).toBe('name_taken');
        expect(await accounts.rename(ada, 'RENA', skeleton('RENA'))).toBe('renamed');
        expect(await accounts.rename(ada, 'Rena Rhodes', skeleton('Rena Rhodes'))).toBe('renamed');
        expect(await accounts.account(ada)).toMatchObject({ name: 'Rena Rhodes', skeleton: skeleton('Rena Rhodes') });
        expect(await accounts.holder(skeleton('Rena'))).toBeNull();
        expect(await accounts.holder(skeleton('rena rhodes'))).toBe(ada);
        expect(await accounts.rename(newPlayerId(), 'Ryn', skeleton('Ryn'))).toBe('not_found');
      } finally {
        await close();
      }
    });

    it('adds passkeys, counts their use, removes all but the last, and deletes the account with them', async () => {
      const { accounts, close } = await open();
      try {
        const ada = newPlayerId();
        expect(await accounts.create({ id: ada, name: 'Beatrice', skeleton: skeleton('Beatrice'), passkey: passkey('a1') })).toBe('created');
        expect(await accounts.addPasskey(ada, passkey('a2', '2026-12-01T12:01:00.000Z'))).toBe(true);
        expect(await accounts.addPasskey(newPlayerId(), passkey('zz'))).toBe(false);
        await accounts.used('a2', 7, '2026-12-02T00:00:00.000Z');
        expect((await accounts.account(ada))?.passkeys.map((p) => [p.id, p.counter, p.lastUsedAt])).toEqual([
          ['a1', 0, null],
          ['a2', 7, '2026-12-02T00:00:00.000Z'],
        ]);
        expect(await accounts.removePasskey(ada, 'nope')).toBe('not_found');
        expect(await accounts.removePasskey(newPlayerId(), 'a1')).toBe('not_found');
        expect(await accounts.removePasskey(ada, 'a1')).toBe('removed');
        expect(await accounts.removePasskey(ada, 'a2')).toBe('last');
        expect(await accounts.deleted(ada)).toBe(false);
        expect(await accounts.delete(ada)).toBe(true);
        expect(await accounts.delete(ada)).toBe(false);
        // Only the id stays, so its tokens are refused; a guest never kept a name, nor was deleted.
        expect(await accounts.deleted(ada)).toBe(true);
        expect(await accounts.deleted(newPlayerId())).toBe(false);
        expect(await accounts.byPasskey('a2')).toBeNull();
        expect(await accounts.holder(skeleton('Beatrice'))).toBeNull();
      } finally {
        await close();
      }
    });

    it("forgets a deleted player's name in the archive: profile and every game show a deleted player", async () => {
      const { archive, close } = await open();
      try {
        const ada = newPlayerId();
        const grace = newPlayerId();
        const [record] = playedRecords({ players: 2 }, 1, `forget-${kind}`);
        if (record === undefined) throw new Error('no game played');
        const game = archivedGame(record, {
          tableId: `forget${kind.slice(0, 4)}`,
          game: 1,
          seats: [
            { playerId: ada, name: 'Ada' },
            { playerId: grace, name: 'Grace' },
          ],
          startedAt: '2026-12-01T11:00:00.000Z',
          finishedAt: '2026-12-01T11:30:00.000Z',
        });
        await archive.write(game);
        await archive.forget(ada);
        expect(await archive.player(ada)).toMatchObject({ name: '', deleted: true, stats: { games: 1 } });
        expect(await archive.player(grace)).not.toHaveProperty('deleted');
        expect((await archive.game(game.id))?.seats[0]).toMatchObject({ name: '', deleted: true });
        expect((await archive.playerGames(grace, { before: null, limit: 5 }))?.games[0]?.seats[0]).toMatchObject({ name: '', deleted: true });
      } finally {
        await close();
      }
    });
  });
}

accountContract('memory', async () => ({ accounts: new MemoryAccounts(), archive: new MemoryArchive(), close: async () => {} }));
accountContract('postgres', async () => {
  const archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
  return { accounts: archive.accountStore(), archive, close: () => archive.close() };
});

function challengeContract(kind: string, open: () => Promise<{ challenges: ChallengeStore; close: () => Promise<void> }>): void {
  describe(`the ${kind} challenges`, () => {
    it('gives a challenge back once, and not after its time', async () => {
      const { challenges, close } = await open();
      try {
        await challenges.put('c1', 'one', 60_000, 1000);
        expect(await challenges.take('c1', 2000)).toBe('one');
        expect(await challenges.take('c1', 2000)).toBeNull();
        expect(await challenges.take('never', 2000)).toBeNull();
        await challenges.put('c2', 'two', 50, Date.now());
        // Memory compares the clock; Redis lets the key expire: wait it out for both.
        await new Promise((r) => setTimeout(r, 120));
        expect(await challenges.take('c2', Date.now())).toBeNull();
      } finally {
        await close();
      }
    });
  });
}

challengeContract('memory', async () => ({ challenges: new MemoryChallenges(), close: async () => {} }));
challengeContract('redis', async () => {
  const store = await redisStore();
  return { challenges: redisShared(store.client, store.prefix).challenges, close: () => store.close() };
});
