import { type RecordHand, newGame } from '@fives/engine';
import { TABLE_CODE_ALPHABET, type PlayerId, type TableCode, type TableId } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TableStore } from '../../src/store/store.ts';
import { NO_CLOCK, type TableDoc } from '@fives/table';

let n = 0;
function code(): TableCode {
  return Array.from({ length: 6 }, () => TABLE_CODE_ALPHABET[Math.floor(Math.random() * TABLE_CODE_ALPHABET.length)]).join('') as TableCode;
}

export function doc(overrides: Partial<TableDoc> = {}): TableDoc {
  n++;
  return {
    id: `contract${n}${Math.random().toString(36).slice(2, 8)}` as TableId,
    code: code(),
    version: 0,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    hostId: 'p_host00000' as PlayerId,
    rulesInput: { preset: 'allFives', players: 2 },
    seats: [{ kind: 'human', playerId: 'p_host00000' as PlayerId, name: 'Host' }, { kind: 'open' }],
    phase: 'waiting',
    game: 0,
    state: null,
    settings: { turnSeconds: null, listed: false, rated: false },
    clock: NO_CLOCK,
    fair: null,
    ...overrides,
  };
}

const hand: RecordHand = {
  deal: { hands: [['0-0'], ['0-1']], boneyard: [] },
  leader: 0,
  actions: [{ seat: 0, type: 'play', tile: '0-0' }],
};

/** What every TableStore must do; run against each implementation. */
export function storeContract(name: string, open: () => Promise<TableStore & { deleteAll?: () => Promise<number> }>): void {
  describe(`TableStore contract: ${name}`, () => {
    let store: TableStore & { deleteAll?: () => Promise<number> };
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.deleteAll?.();
      await store.close();
    });

    it('creates a table once and loads it back as it was', async () => {
      const d = doc();
      expect(await store.create(d)).toBe('created');
      expect(await store.create({ ...d, code: code(), seats: [] })).toBe('idTaken');
      expect(await store.load(d.id)).toEqual(d);
      expect(await store.load('nosuchtable' as TableId)).toBeNull();
    });

    it('finds a table by its code, and gives a code to one table only', async () => {
      const d = doc();
      expect(await store.create(d)).toBe('created');
      expect(await store.idForCode(d.code)).toBe(d.id);
      const other = doc({ code: d.code });
      expect(await store.create(other)).toBe('codeTaken');
      expect(await store.load(other.id)).toBeNull();
      expect(await store.idForCode(code())).toBeNull();
    });

    it('lists a waiting, listed table with an open seat and a person, and takes it off when that stops', async () => {
      const listed = doc({ settings: { turnSeconds: 20, listed: true, rated: false } });
      const unlisted = doc();
      await store.create(listed);
      await store.create(unlisted);
      const ids = async (): Promise<string[]> => (await store.openTables(50)).map((t) => t.tableId);
      expect(await ids()).toContain(listed.id);
      expect(await ids()).not.toContain(unlisted.id);
      const entry = (await store.openTables(50)).find((t) => t.tableId === listed.id);
      expect(entry).toMatchObject({ code: listed.code, host: 'Host', seats: 2, taken: 1, turnSeconds: 20 });
      const full = { ...listed, version: 1, seats: [listed.seats[0]!, { kind: 'bot', level: 'easy', name: 'Ada' } as const] };
      expect((await store.commit({ next: full })).written).toBe(true);
      expect(await ids()).not.toContain(listed.id);
      expect((await store.commit({ next: { ...full, version: 2, seats: listed.seats } })).written).toBe(true);
      expect(await ids()).toContain(listed.id);
    });

    it("sets the table's next step with the commit, replaces it with the next, and clears it", async () => {
      const d = doc({ phase: 'playing', game: 1 });
      expect(await store.create(d, 1000)).toBe('created');
      expect(await store.jobs.dueAt(`t:${d.id}`)).toEqual({ at: 1000, payload: 0 });
      expect((await store.commit({ next: { ...d, version: 1 }, stepAt: 2000 })).written).toBe(true);
      expect(await store.jobs.dueAt(`t:${d.id}`)).toEqual({ at: 2000, payload: 1 });
      // A refused commit leaves the step as it was.
      expect((await store.commit({ next: { ...d, version: 1 }, stepAt: 5 })).written).toBe(false);
      expect(await store.jobs.dueAt(`t:${d.id}`)).toEqual({ at: 2000, payload: 1 });
      expect((await store.commit({ next: { ...d, version: 2, phase: 'over' }, stepAt: null })).written).toBe(true);
      expect(await store.jobs.dueAt(`t:${d.id}`)).toBeNull();
    });

    it('keeps a whole game state exactly', async () => {
      const started = newGame({ preset: 'muggins', players: 3 });
      if (!started.ok) throw new Error('rules');
      const d = doc({ state: started.value, phase: 'playing', game: 1 });
      await store.create(d);
      expect(await store.load(d.id)).toEqual(d);
    });

    it('commits only on the version it was made on', async () => {
      const d = doc();
      await store.create(d);
      const next = { ...d, version: 1, seats: [d.seats[0]!, { kind: 'bot', level: 'easy', name: 'Ada' } as const] };
      expect((await store.commit({ next })).written).toBe(true);
      expect((await store.commit({ next: { ...next, seats: [] } })).written).toBe(false); // version 1 again: stale
      expect((await store.commit({ next: { ...d, version: 3 } })).written).toBe(false); // skips a version
      expect(await store.load(d.id)).toEqual(next);
    });

    it('lets exactly one of many racing commits win', async () => {
      const d = doc();
      await store.create(d);
      const results = (await Promise.all(Array.from({ length: 20 }, (_, i) => store.commit({ next: { ...d, version: 1, game: i + 1 } })))).map((c) => c.written);
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(winner).toBeGreaterThanOrEqual(0);
      expect((await store.load(d.id))?.game).toBe(winner + 1);
    });

    it('counts spectators in and out, never below none, and a commit sees how many there are', async () => {
      const d = doc();
      await store.create(d);
      expect(await store.commit({ next: { ...d, version: 1 }, stepAt: null })).toEqual({ written: true, spectators: 0, elsewhere: false });
      await store.watch(d.id, 1);
      await store.watch(d.id, 1);
      await store.watch(d.id, -1);
      expect(await store.commit({ next: { ...d, version: 2 }, stepAt: null })).toEqual({ written: true, spectators: 1, elsewhere: false });
      await store.watch(d.id, -1);
      await store.watch(d.id, -1);
      expect(await store.commit({ next: { ...d, version: 3 }, stepAt: null })).toEqual({ written: true, spectators: 0, elsewhere: false });
      // Counted for a table that is not there: nothing is made.
      const gone = doc();
      await store.watch(gone.id, 1);
      expect(await store.load(gone.id)).toBeNull();
      expect(await store.commit({ next: { ...d, version: 3 }, stepAt: null })).toEqual({ written: false, spectators: 0, elsewhere: false });
    });

    it('says a commit reaches no other node when only this one holds connections at the table', async () => {
      const d = doc();
      await store.create(d);
      await store.reachHere(d.id);
      await store.reachHere(d.id);
      expect((await store.commit({ next: { ...d, version: 1 }, stepAt: null })).elsewhere).toBe(false);
      // Reached for a table that is not there: nothing is made.
      const gone = doc();
      await store.reachHere(gone.id);
      expect(await store.load(gone.id)).toBeNull();
    });

    it('refuses to commit a table that does not exist', async () => {
      expect((await store.commit({ next: { ...doc(), version: 1 } })).written).toBe(false);
    });

    it('appends a finished hand to its game record with the commit, and not with a refused one', async () => {
      const d = doc({ phase: 'playing', game: 1 });
      await store.create(d);
      expect((await store.commit({ next: { ...d, version: 1 }, append: { game: 1, hand } })).written).toBe(true);
      expect((await store.commit({ next: { ...d, version: 1 }, append: { game: 1, hand } })).written).toBe(false);
      expect((await store.commit({ next: { ...d, version: 2, game: 2 }, append: { game: 2, hand } })).written).toBe(true);
      expect(await store.recordHands(d.id, 1)).toEqual([hand]);
      expect(await store.recordHands(d.id, 2)).toEqual([hand]);
      expect(await store.recordHands(d.id, 3)).toEqual([]);
    });

    it('lists the tables with a game under way', async () => {
      const waiting = doc();
      const playing = doc();
      await store.create(waiting);
      await store.create(playing);
      expect(await store.activeTables()).not.toContain(waiting.id);
      await store.commit({ next: { ...playing, version: 1, phase: 'playing', game: 1 } });
      expect(await store.activeTables()).toContain(playing.id);
      await store.commit({ next: { ...playing, version: 2, phase: 'over', game: 1 } });
      expect(await store.activeTables()).not.toContain(playing.id);
    });

    it('keeps who is seated at a game under way, so that person cannot wait in a queue', async () => {
      const d = doc();
      await store.create(d);
      const queue = { id: 'q000000000000' as never, rules: { players: 2 as const }, players: 2 };
      const ticket = { playerId: 'p_host00000' as PlayerId, name: 'Host', level: 'easy' as const, joinedAt: 0, botsAt: 1, rating: null };
      const slot = { tableId: 'unusedslot1' as TableId, leaseUntil: 1 };
      const playing = { ...d, version: 1, phase: 'playing' as const, game: 1 };
      expect((await store.commit({ next: playing })).written).toBe(true);
      expect(await store.matchmaking.join(queue, ticket, slot)).toEqual({ kind: 'playing', tableId: d.id });
      // Away (a stand-in plays the seat): free to go elsewhere.
      const away = { ...playing, version: 2, seats: [{ ...(d.seats[0] as { kind: 'human'; playerId: PlayerId; name: string }), away: true }, d.seats[1]!] };
      expect((await store.commit({ next: away })).written).toBe(true);
      expect((await store.matchmaking.join(queue, ticket, slot)).kind).toBe('waiting');
      await store.matchmaking.leave(ticket.playerId);
      expect((await store.commit({ next: { ...playing, version: 3 } })).written).toBe(true);
      expect((await store.matchmaking.join(queue, ticket, slot)).kind).toBe('playing');
      expect((await store.commit({ next: { ...playing, version: 4, phase: 'over' } })).written).toBe(true);
      expect((await store.matchmaking.join(queue, ticket, slot)).kind).toBe('waiting');
    });

    it('drops someone waiting in a queue from it when their game at another table starts, so the waiting count leaves them out', async () => {
      const d = doc();
      await store.create(d);
      const queue = { id: 'q000000000004' as never, rules: { players: 4 as const }, players: 4 };
      const slot = { tableId: 'unusedslot2' as TableId, leaseUntil: 1 };
      const waiting = (id: string) => ({ playerId: id as PlayerId, name: id, level: 'easy' as const, joinedAt: 0, botsAt: 60_000, rating: null });
      expect(await store.matchmaking.join(queue, waiting('p_host00000'), slot)).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      expect(await store.matchmaking.join(queue, waiting('p_other0000'), slot)).toMatchObject({ kind: 'waiting', count: { waiting: 2 } });
      expect((await store.commit({ next: { ...d, version: 1, phase: 'playing', game: 1 } })).written).toBe(true);
      expect(await store.matchmaking.count(queue.id)).toMatchObject({ waiting: 1 });
      expect(await store.matchmaking.queueOf('p_host00000' as PlayerId)).toBeNull();
      expect(await store.matchmaking.queueOf('p_other0000' as PlayerId)).toBe(queue.id);
      expect(await store.matchmaking.leave('p_host00000' as PlayerId)).toBeNull();
    });

    it('restores a table kept elsewhere at its own version, with its game record so far, once, as touched now', async () => {
      const d = doc({ version: 41, phase: 'playing', game: 2, updatedAt: new Date(1000).toISOString() });
      const now = 10 * 86_400_000;
      expect(await store.restore(d, [hand, hand], 5000, now)).toBe('created');
      expect(await store.load(d.id)).toEqual(d);
      expect(await store.idForCode(d.code)).toBe(d.id);
      expect(await store.recordHands(d.id, 2)).toEqual([hand, hand]);
      // Another node brought it back first: nothing is written again.
      expect(await store.restore({ ...d, seats: [] }, [], null, now)).toBe('idTaken');
      expect(await store.recordHands(d.id, 2)).toEqual([hand, hand]);
      // Its last change was days ago, but it was brought back now: the expiry leaves it.
      expect(await store.expireIdle(now - 1000, 100, now)).not.toContain(d.id);
      // It goes on from its version, and the next hand joins the record.
      expect((await store.commit({ next: { ...d, version: 42, updatedAt: new Date(now).toISOString() }, append: { game: 2, hand } })).written).toBe(true);
      expect(await store.recordHands(d.id, 2)).toHaveLength(3);
    });

    it('answers a ping', async () => {
      expect(await store.ping()).toBe(true);
    });
  });
}
