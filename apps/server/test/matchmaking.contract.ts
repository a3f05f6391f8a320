import { resolveRules } from '@fives/engine';
import type { PlayerId, TableId } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../src/jobs/job.ts';
import { type Matchmaking, type QueueSpec, type Ticket, queueIdOf } from '../src/lobby/matchmaking.ts';

function spec(players: 2 | 3 | 4): QueueSpec {
  const rules = { preset: 'allFives' as const, players };
  const resolved = resolveRules(rules);
  if (!resolved.ok) throw new Error('rules');
  return { id: queueIdOf(resolved.value), rules, players };
}

function ticket(name: string, joinedAt: number, waitMs = 30_000): Ticket {
  return { playerId: `p_${name.padEnd(8, '0')}` as PlayerId, name, level: 'easy', joinedAt, botsAt: joinedAt + waitMs };
}

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
      expect(await mm.count(q.id)).toEqual({ queue: q.id, rules: q.rules, waiting: 2, botsAt: 5_002 });
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
      await mm.release(out.match);
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
      expect(await mm.pending(s.tableId)).toEqual(out.match);
      expect(await jobs.dueAt(`m:${s.tableId}`)).toEqual({ at: s.leaseUntil, payload: 0 });
      expect(await jobs.dueAt(`q:${q.id}`)).toBeNull();
      expect(await mm.queueOf(out.match.tickets[0]!.playerId)).toBeNull();
      await mm.settle(s.tableId);
      expect(await mm.pending(s.tableId)).toBeNull();
      expect(await jobs.dueAt(`m:${s.tableId}`)).toBeNull();
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
      expect(await mm.fill(q.id, 9_999, slot())).toEqual({ kind: 'none' });
      expect(await jobs.dueAt(`q:${q.id}`)).toEqual({ at: 10_000, payload: 0 });
      const out = await mm.fill(q.id, 10_000, slot(10_000));
      expect(out.kind).toBe('matched');
      if (out.kind !== 'matched') return;
      expect(out.match.tickets.map((t) => t.name)).toEqual(['ada', 'bob']);
      expect(out.count.waiting).toBe(0);
      expect(await jobs.dueAt(`q:${q.id}`)).toBeNull();
      expect(await mm.fill(q.id, 20_000, slot())).toEqual({ kind: 'none' });
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
  });
}
