import type { PlayerId } from '@fives/protocol';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { newPlayerId } from '../../src/identity/token.ts';
import { MemoryPush, type PushStore, type PushSubscriber } from '../../src/push/store.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';

// The push store's contract (subscriptions and the site's VAPID keys), run against memory and PostgreSQL alike.
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
let browsers = 0;
function sub(player: PlayerId, minute: number, kinds: PushSubscriber['kinds'] = ['turn', 'challenge']): PushSubscriber {
  browsers += 1;
  return { player, endpoint: `https://push.example.org/send/${browsers}-${player}`, p256dh: 'p'.repeat(87), auth: 'a'.repeat(22), kinds, lang: 'en', since: at(minute) };
}

function pushContract(name: string, open: () => PushStore): void {
  describe(`PushStore contract: ${name}`, () => {
    it('keeps subscriptions by kind, replaces one endpoint subscribed again, unsubscribes only the owner', async () => {
      const s = open();
      const [ada, bob] = [newPlayerId(), newPlayerId()];
      const phone = sub(ada, 1, ['challenge']);
      const laptop = sub(ada, 2, ['turn', 'challenge']);
      await s.subscribe(phone, 10);
      await s.subscribe(laptop, 10);
      expect((await s.subscribers(ada, 'challenge')).map((x) => x.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
      expect(await s.subscribers(ada, 'turn')).toEqual([laptop]);
      expect(await s.subscribers(ada, 'tournament')).toEqual([]);
      expect(await s.subscriptionsOf(ada)).toEqual([laptop, phone]);
      // The same browser, now Bob's (he signed in there), with other kinds: one row, his.
      const bobs = { ...phone, player: bob, kinds: ['tournament'] as const, lang: 'es', since: at(3) };
      await s.subscribe(bobs, 10);
      expect(await s.subscriptionsOf(ada)).toEqual([laptop]);
      expect(await s.subscribers(bob, 'tournament')).toEqual([bobs]);
      expect(await s.unsubscribe(ada, phone.endpoint)).toBe(false);
      expect(await s.unsubscribe(bob, phone.endpoint)).toBe(true);
      expect(await s.subscriptionsOf(bob)).toEqual([]);
    });

    it("keeps a person's newest browsers up to the limit, drops a gone endpoint, and forgets a deleted person", async () => {
      const s = open();
      const [ada, bob] = [newPlayerId(), newPlayerId()];
      const mine = [sub(ada, 1), sub(ada, 2), sub(ada, 3)];
      for (const m of mine) await s.subscribe(m, 2);
      expect((await s.subscriptionsOf(ada)).map((x) => x.endpoint)).toEqual([mine[2]?.endpoint, mine[1]?.endpoint]);
      const theirs = sub(bob, 4);
      await s.subscribe(theirs, 2);
      await s.drop(mine[2]?.endpoint ?? '');
      expect((await s.subscriptionsOf(ada)).map((x) => x.endpoint)).toEqual([mine[1]?.endpoint]);
      await s.forget(ada);
      expect(await s.subscriptionsOf(ada)).toEqual([]);
      expect(await s.subscriptionsOf(bob)).toEqual([theirs]);
    });

    it('keeps the first pair of VAPID keys it is given, and hands every later caller the same', async () => {
      const s = open();
      const first = await s.vapidKeys(webpush.generateVAPIDKeys());
      const again = await s.vapidKeys(webpush.generateVAPIDKeys());
      expect(again).toEqual(first);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    });
  });
}

pushContract('memory', () => new MemoryPush());
pushContract('postgres', () => archive.pushStore());

it('PostgreSQL: two nodes asking for the keys at once both get the one pair kept', async () => {
  const one = archive.pushStore();
  const other = await PostgresArchive.connect({ url: db.url, log: () => {} });
  try {
    // The table may hold a pair from the contract above: whatever is kept, both read the same.
    const [a, b] = await Promise.all([one.vapidKeys(webpush.generateVAPIDKeys()), other.pushStore().vapidKeys(webpush.generateVAPIDKeys())]);
    expect(a).toEqual(b);
  } finally {
    await other.close();
  }
});
