import { resolveRules } from '@fives/engine';
import type { PlayerId, Rating, TableId } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { markSeated, whoKeyOf } from '../../src/lobby/claims-redis.ts';
import { RedisMatchmaking, queueKeys } from '../../src/lobby/matchmaking-redis.ts';
import { type QueueSpec, type Ticket, queueIdOf } from '../../src/lobby/matchmaking.ts';
import { type RedisTarget, connectRedis } from '../../src/redis/connect.ts';
import { queueTag } from '../../src/redis/layout.ts';
import type { RedisClient } from '../../src/redis/script.ts';
import { keySlot } from '../../src/redis/slots.ts';
import { RedisTableStore } from '../../src/store/redis.ts';
import { uniquePrefix } from '../support/redis.ts';

/**
 * The Redis queues' guard across slots (issue 17): a queue's keys in its slot, a person's claim
 * in theirs, so the steps between them can race or be cut short by a node dying. Two stores on
 * one prefix are two nodes; a client that stops (or waits) after so many scripts is a node dying
 * (or slow) between two steps.
 */

function spec(preset: 'allFives' | 'muggins', players: 2 | 3 | 4): QueueSpec {
  const rules = { preset, players };
  const resolved = resolveRules(rules);
  if (!resolved.ok) throw new Error('rules');
  return { id: queueIdOf(resolved.value), rules, players };
}

const T0 = 1_764_590_400_000;
const sure = (rating: number): Rating => ({ rating, rd: 60, volatility: 0.06, games: 40 });

function ticket(name: string, at: number, rating: Rating | null = null): Ticket {
  return { playerId: `p_${name.padEnd(8, '0')}` as PlayerId, name, level: 'easy', joinedAt: T0 + at, botsAt: T0 + at + 60_000, rating };
}

let tables = 0;
function slot(): { tableId: TableId; leaseUntil: number } {
  tables++;
  return { tableId: `claim${tables}x${Math.random().toString(36).slice(2, 8)}` as TableId, leaseUntil: T0 + 15_000 };
}

/** The client, with `before(n)` awaited before its `n`th script (counting from 1) runs: a node that dies or stalls there. */
function beforeScripts(client: RedisClient, before: (n: number) => Promise<void> | void): RedisClient {
  let scripts = 0;
  return new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => Promise<unknown>;
      if (name !== 'evalSha') return fn.bind(target);
      return async (...args: unknown[]) => {
        await before(++scripts);
        return fn.apply(target, args);
      };
    },
  });
}

/** The client, whose scripts from the `n`th on (counting from 1) fail as on a node that died before them — or whose `n`th first waits for `gate`. */
function cutAfter(client: RedisClient, n: number, gate?: Promise<void>): RedisClient {
  return beforeScripts(client, async (k) => {
    if (gate === undefined && k >= n) throw new Error('the node died');
    if (k === n) await gate;
  });
}

/** The client, whose `n`th script (counting from 1) waits until `go` is called; `reached` resolves when it is about to run. */
function pauseAt(client: RedisClient, n: number): { client: RedisClient; reached: Promise<void>; go: () => void } {
  let arrive = (): void => {};
  let go = (): void => {};
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const gate = new Promise<void>((resolve) => (go = resolve));
  const paused = beforeScripts(client, async (k) => {
    if (k !== n) return;
    arrive();
    await gate;
  });
  return { client: paused, reached, go };
}

export function matchmakingClaims(name: string, target: () => RedisTarget): void {
  describe(`Redis queues across slots: ${name}`, () => {
    async function open() {
      const prefix = uniquePrefix();
      const [a, b] = await Promise.all([RedisTableStore.connect({ target: target(), prefix }), RedisTableStore.connect({ target: target(), prefix })]);
      const raw = await connectRedis(target(), { connectTimeoutMs: 5_000, commandTimeoutMs: 5_000 });
      return {
        one: a.matchmaking,
        two: b.matchmaking,
        /** Matchmaking on a node whose script `n` fails (or waits for `gate`). */
        cut: (n: number, gate?: Promise<void>) => new RedisMatchmaking(cutAfter(raw.client, n, gate), prefix),
        /** Matchmaking on a node whose script `n` waits for `go` (`reached`: it has got there). */
        paused: (n: number) => {
          const p = pauseAt(raw.client, n);
          return { mm: new RedisMatchmaking(p.client, prefix), reached: p.reached, go: p.go };
        },
        /** How many leaves the queue keeps noted for a match's undoing (none once it is undone or its table made). */
        leftNoted: async (queue: QueueSpec) => Object.keys(await raw.client.hGetAll(queueKeys(prefix, queue.id).l)).length,
        /** Whose tickets the queue holds as out in a stored match (until the match is undone or its table made), sorted. */
        heldOut: async (queue: QueueSpec) => (await raw.client.sMembers(queueKeys(prefix, queue.id).p)).map((m) => m.split(' ')[0]).sort(),
        /** Marks the person seated at a game under way elsewhere, by a node that dies before taking their ticket out of the line (`dropWaiting`). */
        seatElsewhere: (player: PlayerId) => markSeated(raw.client, prefix, 'elsewhere0' as TableId, [[player, 1]]),
        /** That game is over for the person. */
        standUp: (player: PlayerId) => markSeated(raw.client, prefix, 'elsewhere0' as TableId, [[player, 0]]),
        /** The person's entry in their shard's queue claims, as stored. */
        whoOf: async (player: PlayerId) => (await raw.client.hGet(whoKeyOf(prefix, player), player)) ?? undefined,
        close: async (): Promise<void> => {
          await a.deleteAll();
          await Promise.all([a.close(), b.close(), raw.close()]);
        },
      };
    }

    it('keeps two queues in two slots', () => {
      const [two, four] = [spec('allFives', 2), spec('allFives', 4)];
      expect(keySlot(`x:${queueTag(two.id)}mm:q:${two.id}`)).not.toBe(keySlot(`x:${queueTag(four.id)}mm:q:${four.id}`));
    });

    it('a person joining two queues at once, on two nodes, waits in exactly one', async () => {
      const { one, two, close } = await open();
      const [pairs, fours] = [spec('allFives', 2), spec('allFives', 4)];
      // Ratings 500 apart: nobody is matched at once, whatever joins first.
      const people = Array.from({ length: 12 }, (_, i) => ticket(`two${String(i).padStart(2, '0')}`, i, sure(1000 + 500 * i)));
      const outs = await Promise.all(people.map((t) => Promise.all([one.join(pairs, t, slot()), two.join(fours, t, slot())])));
      for (const [i, [a, b]] of outs.entries()) {
        const kinds = [a.kind, b.kind].sort();
        expect(kinds).toEqual(['elsewhere', 'waiting']);
        const waitsIn = a.kind === 'waiting' ? pairs.id : fours.id;
        expect(await one.queueOf(people[i]!.playerId)).toBe(waitsIn);
        expect(await two.queueOf(people[i]!.playerId)).toBe(waitsIn);
      }
      const [p, f] = await Promise.all([one.count(pairs.id), two.count(fours.id)]);
      expect(p.waiting + f.waiting).toBe(people.length);
      await close();
    });

    it('repairs a claim its join left without a ticket (the node died between the steps)', async () => {
      const { one, cut, close } = await open();
      const [pairs, threes] = [spec('allFives', 2), spec('allFives', 3)];
      const ada = ticket('ada', 0);
      await expect(cut(2).join(threes, ada, slot())).rejects.toThrow('the node died');
      expect(await one.queueOf(ada.playerId)).toBe(threes.id);
      expect((await one.count(threes.id)).waiting).toBe(0);
      // Another queue: told to leave the first (the lobby does), which frees the claim.
      expect(await one.join(pairs, ada, slot())).toEqual({ kind: 'elsewhere', queue: threes.id });
      expect(await one.leave(ada.playerId)).toMatchObject({ queue: threes.id, waiting: 0 });
      expect(await one.join(pairs, ada, slot())).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      // The same queue: the ticket goes in under the claim left behind.
      const bob = ticket('bob', 1);
      await expect(cut(2).join(threes, bob, slot())).rejects.toThrow('the node died');
      expect(await one.join(threes, bob, slot())).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      await close();
    });

    it('never matches a ticket whose person left and went elsewhere while its join was half done', async () => {
      const { one, two, cut, close } = await open();
      const [pairs, threes] = [spec('allFives', 2), spec('allFives', 3)];
      const ada = ticket('ada', 0);
      let open1 = (): void => {};
      const gate = new Promise<void>((resolve) => (open1 = resolve));
      // Ada's slow join has claimed the queue of three, not yet put her ticket in…
      const slow = cut(2, gate).join(threes, ada, slot());
      await expect.poll(() => one.queueOf(ada.playerId)).toBe(threes.id);
      // …when she leaves it and waits for a table of two instead; then the slow join goes on.
      await one.leave(ada.playerId);
      expect(await two.join(pairs, ada, slot())).toMatchObject({ kind: 'waiting' });
      open1();
      expect(await slow).toMatchObject({ kind: 'waiting' });
      // Bob and Cat would make three with her ticket: the match finds her claim elsewhere, and is undone.
      await one.join(threes, ticket('bob', 1), slot());
      expect(await two.join(threes, ticket('cat', 2), slot())).toMatchObject({ kind: 'waiting', count: { waiting: 2 } });
      expect(await one.queueOf(ada.playerId)).toBe(pairs.id);
      const dan = await one.join(threes, ticket('dan', 3), slot());
      if (dan.kind !== 'matched') throw new Error('not matched');
      expect(dan.match.tickets.map((t) => t.name)).toEqual(['bob', 'cat', 'dan']);
      expect((await one.count(pairs.id)).waiting).toBe(1);
      await close();
    });

    /**
     * A match to be undone because Bob sits at another game (his ticket still in the line): Ada
     * and Bob wait in a queue of three, Bob is seated elsewhere, and Cat's join (the match) is
     * paused before its script `step`.
     */
    async function undoPausedAt(node: Awaited<ReturnType<typeof open>>, step: number) {
      const threes = spec('allFives', 3);
      const [ada, bob, cat] = [ticket('ada', 0), ticket('bob', 1), ticket('cat', 2)];
      await node.one.join(threes, ada, slot());
      await node.one.join(threes, bob, slot());
      await node.seatElsewhere(bob.playerId);
      const slow = node.paused(step);
      const joining = slow.mm.join(threes, cat, slot());
      await slow.reached;
      return { threes, ada, cat, go: slow.go, joining };
    }

    it('seats a match its node left pending (its job), or undoes it when one of its people has left', async () => {
      const { one, two, cut, heldOut, close } = await open();
      const pairs = spec('muggins', 2);
      await one.join(pairs, ticket('ada', 0), slot());
      // Bob's join takes the match out and dies before marking anyone seated.
      const s1 = slot();
      await expect(cut(3).join(pairs, ticket('bob', 1), s1)).rejects.toThrow('the node died');
      const m1 = await two.pending(pairs.id, s1.tableId);
      expect(m1?.tickets.map((t) => t.name)).toEqual(['ada', 'bob']);
      expect(await heldOut(pairs)).toEqual([ticket('ada', 0).playerId, ticket('bob', 0).playerId]);
      expect(await two.confirm(m1!, T0 + 20_000)).toBe(true);
      expect(await one.join(pairs, ticket('ada', 5), slot())).toEqual({ kind: 'playing', tableId: s1.tableId });
      // Again, and Dan leaves before the job: Cat waits again in her place.
      await one.join(pairs, ticket('cat', 10), slot());
      const s2 = slot();
      await expect(cut(3).join(pairs, ticket('dan', 11), s2)).rejects.toThrow('the node died');
      await one.leave(ticket('dan', 0).playerId);
      const m2 = await two.pending(pairs.id, s2.tableId);
      expect(await two.confirm(m2!, T0 + 20_000)).toBe(false);
      expect(await two.pending(pairs.id, s2.tableId)).toBeNull();
      // Cat's and Dan's are no longer held; Ada's and Bob's match waits for its table.
      expect(await heldOut(pairs)).toEqual([ticket('ada', 0).playerId, ticket('bob', 0).playerId]);
      // Its table made, Ada's and Bob's match holds nobody either.
      await two.settle(pairs.id, s1.tableId);
      expect(await heldOut(pairs)).toEqual([]);
      expect(await one.count(pairs.id)).toMatchObject({ waiting: 1, dueAt: T0 + 20_000 });
      expect(await one.queueOf(ticket('cat', 0).playerId)).toBe(pairs.id);
      await close();
    });

    /*
     * The match of `undoPausedAt`: Cat's join takes Ada, Bob and Cat out (script 2), seats Ada,
     * Bob and Cat (3–5: Bob's refused), puts Ada and Cat back under their claims (UNSEAT, 6–7)
     * and their tickets in the queue (REQUEUE, 8). Ada leaving between any two of those steps is
     * out of every queue once her leave is answered.
     */
    for (const [step, when] of [
      [6, 'seated, not yet put back under her claim'],
      [8, 'put back under her claim, her ticket not yet in the queue'],
    ] as const) {
      it(`a person leaving while the match they were in is undone (${when}) waits nowhere after`, async () => {
        const node = await open();
        const { one, two, leftNoted, close } = node;
        const { threes, ada, cat, go, joining } = await undoPausedAt(node, step);
        await two.leave(ada.playerId);
        expect(await two.queueOf(ada.playerId)).toBeNull();
        go();
        expect(await joining).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
        expect(await one.queueOf(ada.playerId)).toBeNull();
        expect(await one.queueOf(cat.playerId)).toBe(threes.id);
        expect((await one.count(threes.id)).waiting).toBe(1);
        expect(await leftNoted(threes)).toBe(0);
        // Nothing of hers is left to block her: she joins again, and is matched with Cat and Dan.
        expect(await one.join(threes, ticket('ada', 5), slot())).toMatchObject({ kind: 'waiting', count: { waiting: 2 } });
        const dan = await one.join(threes, ticket('dan', 6), slot());
        if (dan.kind !== 'matched') throw new Error('not matched');
        expect(dan.match.tickets.map((t) => t.name)).toEqual(['cat', 'ada', 'dan']);
        await close();
      });
    }

    it('a leave inside an undo that runs over a minute after its match stays a leave', async () => {
      const node = await open();
      const { one, two, leftNoted, heldOut, close } = node;
      // Cat's join takes Ada, Bob and Cat out, finds Bob seated elsewhere, gives Ada and Cat
      // their claims back, and stalls before putting their tickets back (REQUEUE, script 8).
      const { threes, ada, cat, go, joining } = await undoPausedAt(node, 8);
      // Meanwhile, over a minute later, a match of three others in the same queue forgets the
      // tickets taken more than a minute ago (what tells a second tab's join it was matched).
      await one.join(threes, ticket('eve', 70_000), slot());
      await one.join(threes, ticket('fay', 70_001), slot());
      expect(await one.join(threes, ticket('gil', 70_002), slot())).toMatchObject({ kind: 'matched' });
      // Ada leaves now: the undo still holds her ticket, so it must not put it back.
      await two.leave(ada.playerId);
      go();
      expect(await joining).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      expect(await one.queueOf(ada.playerId)).toBeNull();
      expect(await one.queueOf(cat.playerId)).toBe(threes.id);
      expect(await leftNoted(threes)).toBe(0);
      // The undone match holds nobody now; the later one waits for its table.
      expect(await heldOut(threes)).toEqual(['eve', 'fay', 'gil'].map((name) => ticket(name, 0).playerId));
      await close();
    });

    it('a person leaving and joining again while the match they were in is undone waits once, under the new join', async () => {
      const node = await open();
      const { one, two, leftNoted, close } = node;
      const { threes, ada, go, joining } = await undoPausedAt(node, 8);
      await two.leave(ada.playerId);
      expect(await two.join(threes, ticket('ada', 5), slot())).toMatchObject({ kind: 'waiting', count: { waiting: 1 } });
      go();
      expect(await joining).toMatchObject({ kind: 'waiting', count: { waiting: 2 } });
      expect(await one.queueOf(ada.playerId)).toBe(threes.id);
      expect(await leftNoted(threes)).toBe(0);
      const dan = await one.join(threes, ticket('dan', 6), slot());
      if (dan.kind !== 'matched') throw new Error('not matched');
      expect(dan.match.tickets.map((t) => t.name).sort()).toEqual(['ada', 'cat', 'dan']);
      await close();
    });

    it('a leave while seated at a game marks the person left only as long as that seat', async () => {
      const { one, seatElsewhere, standUp, whoOf, close } = await open();
      const ada = ticket('ada', 0);
      await seatElsewhere(ada.playerId);
      expect(await one.leave(ada.playerId)).toBeNull();
      expect(await whoOf(ada.playerId)).toBe('! elsewhere0');
      await standUp(ada.playerId);
      expect(await whoOf(ada.playerId)).toBeUndefined();
      expect(await one.join(spec('allFives', 2), ada, slot())).toMatchObject({ kind: 'waiting' });
      await close();
    });

    it('takes each ticket out once when fills race on two nodes', async () => {
      const { one, two, close } = await open();
      const pairs = spec('muggins', 2);
      // Far apart: each is seated alone with the computer once their wait is over.
      const people = Array.from({ length: 9 }, (_, i) => ticket(`far${i}`, i, sure(1000 + 400 * i)));
      for (const t of people) await one.join(pairs, t, slot());
      const later = T0 + 120_000;
      const outs = await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? one : two).fill(pairs.id, later, slot())));
      const seated = outs.flatMap((o) => (o.kind === 'matched' ? o.match.tickets.map((t) => t.playerId) : []));
      expect(new Set(seated).size).toBe(seated.length);
      expect(seated).toHaveLength(9);
      expect((await one.count(pairs.id)).waiting).toBe(0);
      await close();
    });
  });
}
