import { resolveRules } from '@fives/engine';
import type { PlayerId, Rating, TableId } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { type JobQueue, matchJobKey } from '../../src/jobs/job.ts';
import { type Matchmaking, type QueueSpec, type Ticket, queueIdOf } from '../../src/lobby/matchmaking.ts';

function spec(players: 2 | 3 | 4): QueueSpec {
  const rules = { preset: 'allFives' as const, players };
  const resolved = resolveRules(rules);
  if (!resolved.ok) throw new Error('rules');
  return { id: queueIdOf(resolved.value), rules, players };
}

function ticket(name: string, joinedAt: number, waitMs = 30_000, rating: Rating | null = null): Ticket {
  return { playerId: `p_${name.padEnd(8, '0')}` as PlayerId, name, level: 'easy', joinedAt, botsAt: joinedAt + waitMs, rating };
}

/** A rating sure enough to be shown (and matched by); `unsure`: one shown as "?". */
const sure = (rating: number): Rating => ({ rating, rd: 60, volatility: 0.06, games: 40 });
const unsure = (rating: number): Rating => ({ rating, rd: 200, volatility: 0.06, games: 2 });
/** A deterministic clock: every time is given (ms), far from zero as real ones are. */
const T0 = 1_764_590_400_000;
const at = (seconds: number): number => T0 + seconds * 1000;

let tables = 0;
function slot(now = 0): { tableId: TableId; leaseUntil: number } {
  tables++;
  return { tableId: `match${tables}x${Math.random().toString(36).slice(2, 8)}` as TableId, leaseUntil: now + 15_000 };
}

/** What every Matchmaking must do; run against each implementation. */
export function matchmakingContract(name: string, open: () => Promise<{ mm: Matchmaking; jobs: JobQueue; close: () => Promise<void> }>): void {
  describe(`Matchmaking contract: ${name}`, () => {
    it('seats the first arrivals together as soon as enough wait, and keeps the queue’s fill job at its earliest wait', async () => {
      const { mm, jobs, close } = await open();
      const q = spec(3);
      expect(await mm.join(q, ticket('ada', 1), slot())).toMatchObject({ kind: 'waiting', count: { waiting: 1, botsAt: 30_001 } });
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: 30_001, payload: 0 });
      expect(await mm.join(q, ticket('bob', 2, 5_000), slot())).toMatchObject({ kind: 'waiting', count: { waiting: 2, botsAt: 5_002 } });
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: 5_002, payload: 0 });
      expect(await mm.count(q.id)).toEqual({ queue: q.id, rules: q.rules, waiting: 2, botsAt: 5_002, dueAt: 5_002 });
      // Bob leaves: the fill time goes back to Ada's.
      await mm.leave(ticket('bob', 0).playerId);
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: 30_001, payload: 0 });
      await close();
    });

    it('a person matched cannot wait again until the match is released (or their game ends)', async () => {
      const { mm, close } = await open();
      const q = spec(2);
      await mm.join(q, ticket('ada', 1), slot());
      const out = await mm.join(q, ticket('bob', 2), slot());
      if (out.kind !== 'matched') throw new Error('not matched');
      expect(await mm.join(q, ticket('ada', 3), slot())).toEqual({ kind: 'playing', tableId: out.match.tableId });
      expect(await mm.playingAt(ticket('ada', 3).playerId)).toBe(out.match.tableId);
      await mm.release(out.match);
      expect(await mm.playingAt(ticket('ada', 3).playerId)).toBeNull();
      expect(await mm.join(q, ticket('ada', 4), slot())).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      await close();
    });

    it('takes a full table out in order of arrival, as one pending match with its job', async () => {
      const { mm, jobs, close } = await open();
      const q = spec(2);
      await mm.join(q, ticket('ada', 10), slot());
      const s = slot(10);
      const out = await mm.join(q, ticket('bob', 11), s);
      expect(out.kind).toBe('matched');
      if (out.kind !== 'matched') return;
      expect(out.match.tickets.map((t) => t.name)).toEqual(['ada', 'bob']);
      expect(out.match.tableId).toBe(s.tableId);
      expect(out.count).toMatchObject({ waiting: 0, botsAt: null });
      expect(await mm.pending(q.id, s.tableId)).toEqual(out.match);
      expect(await jobs.dueAt(matchJobKey(s.tableId, q.id))).toEqual({ at: s.leaseUntil, payload: 0 });
      expect(await jobs.dueAt(`q:${q.id}`)).toBeNull();
      expect(await mm.queueOf(out.match.tickets[0]!.playerId)).toBeNull();
      await mm.settle(q.id, s.tableId);
      expect(await mm.pending(q.id, s.tableId)).toBeNull();
      expect(await jobs.dueAt(matchJobKey(s.tableId, q.id))).toBeNull();
      await close();
    });

    it('keeps one ticket per person: joining again keeps the place, another queue must be left first', async () => {
      const { mm, close } = await open();
      const two = spec(2);
      const three = spec(3);
      const ada = ticket('ada', 1);
      await mm.join(three, ada, slot());
      expect(await mm.join(three, { ...ada, joinedAt: 50 }, slot())).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      expect(await mm.join(two, ada, slot())).toEqual({ kind: 'elsewhere', queue: three.id });
      expect(await mm.leave(ada.playerId)).toMatchObject({ queue: three.id, waiting: 0, botsAt: null });
      expect(await mm.leave(ada.playerId)).toBeNull();
      expect(await mm.join(two, ada, slot())).toMatchObject({ kind: 'waiting' });
      await close();
    });

    it('fills: nothing before the earliest wait is over, then everyone waiting', async () => {
      const { mm, jobs, close } = await open();
      const q = spec(4);
      await mm.join(q, ticket('ada', 0, 10_000), slot());
      await mm.join(q, ticket('bob', 5, 60_000), slot());
      expect(await mm.fill(q.id, 9_999, slot())).toEqual({ kind: 'none', dueAt: 10_000 });
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: 10_000, payload: 0 });
      const out = await mm.fill(q.id, 10_000, slot(10_000));
      expect(out.kind).toBe('matched');
      if (out.kind !== 'matched') return;
      expect(out.match.tickets.map((t) => t.name)).toEqual(['ada', 'bob']);
      expect(out.count.waiting).toBe(0);
      expect(await jobs.dueAt(`q:${q.id}`)).toBeNull();
      expect(await mm.fill(q.id, 20_000, slot())).toEqual({ kind: 'none', dueAt: null });
      await close();
    });

    it('takes each ticket out once however many join at the same moment', async () => {
      const { mm, close } = await open();
      const q = spec(3);
      const people = Array.from({ length: 31 }, (_, i) => ticket(`p${String(i).padStart(2, '0')}`, 100 + (i % 5)));
      // Everyone joins twice at once (two tabs), all at the same moment.
      const outs = await Promise.all([...people, ...people].map((t) => mm.join(q, t, slot())));
      const seated = outs.flatMap((o) => (o.kind === 'matched' ? o.match.tickets.map((t) => t.playerId) : []));
      expect(new Set(seated).size).toBe(seated.length);
      expect(seated).toHaveLength(30);
      expect((await mm.count(q.id)).waiting).toBe(1);
      for (const o of outs) if (o.kind === 'matched') expect(o.match.tickets).toHaveLength(3);
      await close();
    });

    it('takes each ticket out once when fills race', async () => {
      const { mm, close } = await open();
      const q = spec(2);
      // 400 apart: nobody meets anyone; once their waits are over each is seated alone with the computer.
      const people = Array.from({ length: 9 }, (_, i) => ticket(`far${i}`, at(i), 10_000, sure(1000 + 400 * i)));
      for (const t of people) await mm.join(q, t, slot());
      const outs = await Promise.all(Array.from({ length: 14 }, () => mm.fill(q.id, at(100), slot(at(100)))));
      const seated = outs.flatMap((o) => (o.kind === 'matched' ? o.match.tickets.map((t) => t.playerId) : []));
      expect(new Set(seated).size).toBe(seated.length);
      expect(seated).toHaveLength(9);
      expect((await mm.count(q.id)).waiting).toBe(0);
      await close();
    });

    it('does not seat far-apart ratings at once, but does once the range has widened, its job due then', async () => {
      const { mm, jobs, close } = await open();
      const q = spec(2);
      // 400 apart: 100 + 20/s reaches 400 after 15 s of the later arrival's wait.
      await mm.join(q, ticket('ada', at(0), 60_000, sure(1500)), slot());
      const cat = await mm.join(q, ticket('cat', at(2), 60_000, sure(1900)), slot());
      expect(cat).toMatchObject({ kind: 'waiting', count: { waiting: 2, botsAt: at(60), dueAt: at(17) } });
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: at(17), payload: 0 });
      expect(await mm.count(q.id)).toMatchObject({ waiting: 2, botsAt: at(60), dueAt: at(17) });
      expect(await mm.fill(q.id, at(17) - 1, slot())).toEqual({ kind: 'none', dueAt: at(17) });
      const out = await mm.fill(q.id, at(17), slot(at(17)));
      if (out.kind !== 'matched') throw new Error('not matched once the range had widened');
      expect(out.match.tickets.map((t) => t.name)).toEqual(['ada', 'cat']);
      expect(out.match.tickets.map((t) => t.rating?.rating)).toEqual([1500, 1900]);
      expect(out.count).toMatchObject({ waiting: 0, botsAt: null, dueAt: null });
      expect(await jobs.dueAt(`q:${q.id}`)).toBeNull();
      await close();
    });

    it('seats a close pair before a far one, whoever came first', async () => {
      const { mm, jobs, close } = await open();
      const q = spec(2);
      await mm.join(q, ticket('ada', at(0), 60_000, sure(1500)), slot());
      await mm.join(q, ticket('cat', at(1), 60_000, sure(2000)), slot());
      const bob = await mm.join(q, ticket('bob', at(3), 60_000, sure(1580)), slot());
      if (bob.kind !== 'matched') throw new Error('the close pair was not seated');
      expect(bob.match.tickets.map((t) => t.name)).toEqual(['ada', 'bob']);
      expect(bob.count).toMatchObject({ waiting: 1, botsAt: at(61), dueAt: at(61) });
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: at(61), payload: 0 });
      // Dan is 200 from Cat, who has waited long: Dan's own range decides (100 + 20/s: 5 s).
      const dan = await mm.join(q, ticket('dan', at(10), 60_000, sure(1800)), slot());
      expect(dan).toMatchObject({ kind: 'waiting', count: { waiting: 2, dueAt: at(15) } });
      const out = await mm.fill(q.id, at(15), slot(at(15)));
      if (out.kind !== 'matched') throw new Error('not matched at 15 s');
      expect(out.match.tickets.map((t) => t.name)).toEqual(['cat', 'dan']);
      await close();
    });

    it('an uncertain rating ("?") or none meets anyone at once', async () => {
      const { mm, close } = await open();
      const q = spec(2);
      await mm.join(q, ticket('ada', at(0), 60_000, sure(2400)), slot());
      const eve = await mm.join(q, ticket('eve', at(1), 60_000, unsure(1500)), slot());
      if (eve.kind !== 'matched') throw new Error('"?" was not matched');
      expect(eve.match.tickets.map((t) => t.name)).toEqual(['ada', 'eve']);
      await mm.join(q, ticket('bob', at(2), 60_000, sure(800)), slot());
      expect((await mm.join(q, ticket('new', at(3), 60_000, null), slot())).kind).toBe('matched');
      await close();
    });

    it('when a wait is over, seats that person with whoever may meet them, up to a table, and leaves the rest waiting', async () => {
      const { mm, jobs, close } = await open();
      const q = spec(3);
      // Three far apart, none of whom may meet another before Ada's wait is over at 10 s.
      await mm.join(q, ticket('ada', at(0), 10_000, sure(1000)), slot());
      await mm.join(q, ticket('bob', at(1), 60_000, sure(1600)), slot());
      await mm.join(q, ticket('cat', at(2), 60_000, sure(2200)), slot());
      await mm.join(q, ticket('dan', at(3), 60_000, sure(1050)), slot());
      const out = await mm.fill(q.id, at(10), slot(at(10)));
      if (out.kind !== 'matched') throw new Error('the wait was over');
      expect(out.match.tickets.map((t) => t.name)).toEqual(['ada', 'dan']);
      // Bob and Cat are too few for a table of three: the computer fills it when Bob's wait is over.
      expect(out.count).toMatchObject({ waiting: 2, botsAt: at(61), dueAt: at(61) });
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: at(61), payload: 0 });
      await close();
    });

    it('never seats two people one of whom blocks the other: not at once, not when a wait is over', async () => {
      const { mm, close } = await open();
      const q = spec(2);
      const ada = ticket('ada', at(0), 10_000);
      const bob = { ...ticket('bob', at(1), 60_000), avoid: [ada.playerId] };
      expect(await mm.join(q, ada, slot())).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      // Bob blocks Ada: two "?" who would meet at once wait on.
      expect(await mm.join(q, bob, slot())).toMatchObject({ kind: 'waiting', count: { waiting: 2 } });
      // Ada's wait is over: she is seated alone (with the computer), Bob waits on.
      const filled = await mm.fill(q.id, at(10), slot(at(10)));
      if (filled.kind !== 'matched') throw new Error('the wait was over');
      expect(filled.match.tickets.map((t) => t.name)).toEqual(['ada']);
      expect(filled.count).toMatchObject({ waiting: 1 });
      // Cat, who blocks nobody, meets Bob at once; the block travels with the ticket, either way round.
      const cat = ticket('cat', at(11), 60_000);
      const out = await mm.join(q, cat, slot(at(11)));
      if (out.kind !== 'matched') throw new Error('Bob and Cat may meet');
      expect(out.match.tickets.map((t) => t.name)).toEqual(['bob', 'cat']);
      expect(out.match.tickets[0]).toMatchObject({ avoid: [ada.playerId] });
      await close();
    });
  });
}
