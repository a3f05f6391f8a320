import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryModeration, type ModerationStore } from '../../src/admin/moderation.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { newPlayerId } from '../../src/identity/token.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';

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

const at = (iso: string) => new Date(iso);

/** What every moderation store does, memory and PostgreSQL alike. */
for (const [kind, open] of [
  ['memory', () => new MemoryModeration()],
  ['postgres', () => archive.moderationStore()],
] as [string, () => ModerationStore][]) {
  describe(`the ${kind} moderation store`, () => {
    it('holds a ban until it ends, replaces it with a second, lifts it; keeps a name given', async () => {
      const store = open();
      const eve = newPlayerId();
      const now = at('2026-12-04T12:00:00.000Z');
      expect(await store.standing(eve, now)).toEqual({ ban: null, name: null });
      await store.ban({ player: eve, reason: 'spam', by: 'ada', at: now, until: at('2026-12-05T12:00:00.000Z') });
      expect((await store.standing(eve, now)).ban).toEqual({ player: eve, reason: 'spam', by: 'ada', at: now, until: at('2026-12-05T12:00:00.000Z') });
      expect((await store.standing(eve, at('2026-12-05T12:00:00.000Z'))).ban).toBeNull();
      await store.ban({ player: eve, reason: 'again', by: 'bob', at: now, until: null });
      expect((await store.bans(at('2030-01-01T00:00:00.000Z'))).map((b) => [b.reason, b.by, b.until])).toEqual([['again', 'bob', null]]);
      await store.rename(eve, 'Player 7');
      expect(await store.standing(eve, now)).toMatchObject({ name: 'Player 7', ban: { reason: 'again' } });
      expect(await store.unban(eve)).toBe(true);
      expect(await store.unban(eve)).toBe(false);
      expect(await store.standing(eve, now)).toEqual({ ban: null, name: 'Player 7' });
    });

    it('keeps one notice and the log, latest first', async () => {
      const store = open();
      await store.setNotice({ text: 'first', by: 'ada', at: at('2026-12-04T12:00:00.000Z') });
      await store.setNotice({ text: 'second', by: 'bob', at: at('2026-12-04T13:00:00.000Z') });
      expect(await store.notice()).toEqual({ text: 'second', by: 'bob', at: at('2026-12-04T13:00:00.000Z') });
      await store.setNotice(null);
      expect(await store.notice()).toBeNull();
      const before = (await store.recent(500)).length;
      await store.log({ at: at('2026-12-04T12:00:00.000Z'), operator: 'ada', action: 'ban', target: 'p_x', detail: { reason: 'spam', until: null } });
      await store.log({ at: at('2026-12-04T12:01:00.000Z'), operator: 'bob', action: 'notice', target: '', detail: { text: 'hi' } });
      const recent = await store.recent(2);
      expect(recent.map((a) => [a.operator, a.action, a.detail])).toEqual([
        ['bob', 'notice', { text: 'hi' }],
        ['ada', 'ban', { reason: 'spam', until: null }],
      ]);
      expect((await store.recent(500)).length).toBe(before + 2);
    });
  });
}
