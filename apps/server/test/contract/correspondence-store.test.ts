import { dealHand, newGame, startHand } from '@fives/engine';
import type { PlayerId, TableCode, TableId } from '@fives/protocol';
import type { TableDoc } from '@fives/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { type CorrespondenceStore, MemoryCorrespondence } from '../../src/correspondence/store.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { doc } from './store.contract.ts';

// Where correspondence tables are kept between moves: the same contract in memory and PostgreSQL.
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

const ANA = 'p_ana0000000' as PlayerId;
const BEA = 'p_bea0000000' as PlayerId;
const DAY = 86_400_000;
const T0 = Date.parse('2026-12-05T10:00:00Z');

/** A game under way between Ana and Bea at a day a move, with `turn` to move and its clock running out at `at`. */
function game(turn: 0 | 1, at: number, over: Partial<TableDoc> = {}): TableDoc {
  const base = doc({
    seats: [
      { kind: 'human', playerId: ANA, name: 'Ana' },
      { kind: 'human', playerId: BEA, name: 'Bea' },
    ],
    phase: 'playing',
    game: 1,
    settings: { turnSeconds: 86_400, listed: false, rated: false },
    ...over,
  });
  const fresh = newGame({ players: 2 });
  if (!fresh.ok) throw new Error('rules');
  const dealt = dealHand(fresh.value, 'correspondence');
  const started = startHand(fresh.value, dealt.deal, turn);
  if (!started.ok) throw new Error(started.error.message);
  return { ...base, state: started.value, clock: { turn: { seat: turn, game: 1, hand: 1, at }, muggins: null } };
}

for (const [name, open] of [
  ['memory', () => new MemoryCorrespondence()],
  ['postgres', () => archive.correspondenceStore()],
] as [string, () => CorrespondenceStore][]) {
  describe(`CorrespondenceStore contract: ${name}`, () => {
    it('keeps the newest version only, says whose move it was, and reads the table back as it was', async () => {
      const kept = open();
      const d = game(0, T0 + DAY, { version: 5 });
      expect(await kept.save(d, [], T0 + 60_000)).toEqual({ written: true, turnBefore: null });
      expect(await kept.save({ ...d, version: 4 }, [], T0)).toEqual({ written: false, turnBefore: ANA });
      const next = game(1, T0 + 2 * DAY, { ...d, version: 6 });
      expect(await kept.save(next, [], T0 + 60_000)).toEqual({ written: true, turnBefore: ANA });
      const got = await kept.get(d.id);
      expect(got).toEqual({ doc: next, hands: [], asleep: false });
      expect(await kept.idForCode(d.code)).toBe(d.id);
      expect(await kept.idForCode('ZZZZZZ' as TableCode)).toBeNull();
      expect(await kept.get('nosuchtable' as TableId)).toBeNull();
    });

    it("lists a person's games waiting for their move, the soonest due first, with the others' names", async () => {
      const kept = open();
      const later = game(1, T0 + 3 * DAY);
      const sooner = game(1, T0 + DAY);
      const anas = game(0, T0 + DAY);
      for (const d of [later, sooner, anas]) await kept.save(d, [], T0);
      const beas = (await kept.turnsOf(BEA)).filter((t) => [later.id, sooner.id].includes(t.tableId));
      expect(beas.map((t) => t.tableId)).toEqual([sooner.id, later.id]);
      expect(beas[0]).toEqual({ tableId: sooner.id, code: sooner.code, rulesInput: sooner.rulesInput, dueAt: T0 + DAY, others: ['Ana'] });
      expect((await kept.turnsOf(ANA)).map((t) => t.tableId)).toContain(anas.id);
      expect((await kept.turnsOf(ANA)).map((t) => t.tableId)).not.toContain(sooner.id);
      // A game over waits for nobody.
      await kept.save({ ...sooner, version: 1, phase: 'over' }, [], T0);
      expect((await kept.turnsOf(BEA)).map((t) => t.tableId)).not.toContain(sooner.id);
    });

    it('puts to sleep what stayed awake past its time, by version, and wakes each one due once', async () => {
      const kept = open();
      const d = game(0, T0 + DAY, { version: 3 });
      await kept.save(d, [], T0 + 60_000);
      expect((await kept.drowsy(T0, 100)).map((r) => r.id)).not.toContain(d.id);
      expect(await kept.drowsy(T0 + 60_000, 100)).toContainEqual({ id: d.id, version: 3 });
      expect(await kept.sleep(d.id, 2)).toBe(false);
      expect(await kept.sleep(d.id, 3)).toBe(true);
      expect((await kept.get(d.id))?.asleep).toBe(true);
      expect((await kept.drowsy(T0 + 60_000, 100)).map((r) => r.id)).not.toContain(d.id);
      // Not due yet; then due: of two nodes asking at once, one takes it.
      expect(await kept.claimDue(T0 + DAY - 1, T0 + DAY + 60_000)).not.toBe(d.id);
      const claims = await Promise.all([kept.claimDue(T0 + DAY, T0 + DAY + 60_000), kept.claimDue(T0 + DAY, T0 + DAY + 60_000)]);
      expect(claims.filter((c) => c === d.id)).toHaveLength(1);
      expect((await kept.get(d.id))?.asleep).toBe(false);
      // Forgotten: never brought back.
      await kept.forget(d.id);
      expect(await kept.get(d.id)).toBeNull();
      expect(await kept.claimDue(T0 + 9 * DAY, T0 + 10 * DAY)).not.toBe(d.id);
    });
  });
}
