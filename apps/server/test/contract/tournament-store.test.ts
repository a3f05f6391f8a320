import type { PlayerId } from '@fives/protocol';
import { type Tournament, type TournamentId, apply, createTournament } from '@fives/tournament';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { MemoryTournaments, type TournamentStore } from '../../src/tournaments/store.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';

// The tournament store's contract, run against memory and PostgreSQL alike.
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

const T0 = Date.parse('2026-12-05T10:00:00Z');
const MINUTE = 60_000;
const HOST = 'p_host00000000' as PlayerId;
let made = 0;

function tournament(o: { minutes?: number; access?: 'open' | 'link' } = {}): Tournament {
  const id = `tour${String(++made).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}` as TournamentId;
  const out = createTournament({
    id,
    by: HOST,
    now: T0,
    settings: {
      name: `Swiss ${made}`,
      rules: { players: 2 },
      format: 'swiss',
      rounds: 2,
      startsAt: new Date(T0 + (o.minutes ?? 60) * MINUTE).toISOString(),
      access: o.access ?? 'open',
      entry: 'individuals',
    },
  });
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}

function joined(t: Tournament, n: number): Tournament {
  const out = apply(t, { type: 'join', members: [{ playerId: `p_member${n}000000` as PlayerId, name: `Member ${n}` }] }, T0);
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}

function storeContract(name: string, open: () => TournamentStore): void {
  describe(`TournamentStore contract: ${name}`, () => {
    it('keeps a tournament as it was given, and writes a change only over the version it was made on', async () => {
      const s = open();
      const t = tournament();
      await s.create(t, t.settings.startsAt);
      expect(await s.get(t.id)).toEqual(t);
      const one = joined(t, 1);
      expect(await s.commit(one, 0, t.settings.startsAt)).toBe(true);
      // A second change made on version 0 lost the race: nothing of it is written.
      expect(await s.commit(joined(t, 2), 0, t.settings.startsAt)).toBe(false);
      expect(await s.get(t.id)).toEqual(one);
      expect(await s.get('nosuchtournament' as TournamentId)).toBeNull();
    });

    it('gives a due tournament to one claimer at a time, for a lease, and again once the lease is over', async () => {
      const s = open();
      const t = tournament({ minutes: 0 });
      await s.create(t, T0 - 1000);
      // Due long ago: claimed; then nobody else gets it until its lease runs out.
      const claims = await Promise.all([s.claimDue(T0, 30_000), s.claimDue(T0, 30_000), s.claimDue(T0, 30_000)]);
      expect(claims.filter((c) => c === t.id)).toHaveLength(1);
      expect(await s.claimDue(T0 + 29_999, 30_000)).not.toBe(t.id);
      expect(await s.claimDue(T0 + 30_000, 30_000)).toBe(t.id);
      // A commit sets its due time: null is never due.
      expect(await s.commit(t, t.version, null)).toBe(true);
      expect(await s.claimDue(T0 + 10 ** 9, 30_000)).not.toBe(t.id);
    });

    it('lists the open tournaments not finished, soonest first, and never one joined by link only', async () => {
      const s = open();
      const late = tournament({ minutes: 40_000 + 300 });
      const soon = tournament({ minutes: 40_000 + 100 });
      const hidden = tournament({ minutes: 40_000 + 50, access: 'link' });
      for (const t of [late, soon, hidden]) await s.create(t, null);
      const ids = (await s.listed(100)).map((t) => t.id);
      expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(late.id));
      expect(ids).not.toContain(hidden.id);
    });

    it('finds the tournament game a table plays', async () => {
      const s = open();
      const t = joined(joined(tournament({ minutes: 0 }), 1), 2);
      await s.create({ ...t, version: 0 }, null);
      const start = apply({ ...t, version: 0 }, { type: 'start' }, T0);
      if (!start.ok) throw new Error(start.error.message);
      const paired = apply(start.value, { type: 'pair' }, T0);
      if (!paired.ok) throw new Error(paired.error.message);
      const game = paired.value.games[0]!;
      const opened = apply(paired.value, { type: 'tableOpened', game: game.id, table: `tbl${t.id}` }, T0);
      if (!opened.ok) throw new Error(opened.error.message);
      expect(await s.commit(opened.value, 0, null)).toBe(true);
      expect(await s.byTable(`tbl${t.id}`)).toEqual({ tournament: t.id, game: game.id });
      expect(await s.byTable('no-such-table')).toBeNull();
    });
  });
}

storeContract('memory', () => new MemoryTournaments());
storeContract('postgres', () => archive.tournamentStore());
