import type { RulesInput } from '@fives/engine';
import type { PlayerId, QueueId, TableId } from '@fives/protocol';
import { fillJobKey, matchJobKey } from '../jobs/job.ts';
import type { RedisJobQueue } from '../jobs/redis.ts';
import { jobKeys, queueTag } from '../redis/layout.ts';
import { luaScript } from '../redis/lua.ts';
import { type RedisClient, type Script, runScript } from '../redis/script.ts';
import { type DroppedClaim, RedisClaims, idOfClaim, markSeated, queueOfClaim, seatedKey } from './claims-redis.ts';
import { RATING_RANGE, compared } from './rating-match.ts';
import type { FillOutcome, JoinOutcome, MatchSlot, Matchmaking, PendingMatch, QueueCount, QueueSpec, Ticket } from './matchmaking.ts';

/**
 * The queues in Redis (issue 17): each queue in the shard of its id (`queueTag`), each person's
 * claim in the shard of theirs (`playerTag`) — so the queues spread over a cluster's masters:
 * each queue's keys (`mm:q:`, `mm:t:`, …: docs/architecture.md, "The Redis key layout", says what each holds)
 * in the queue's shard (each person's claim and seat: `claims-redis.ts`), and two jobs per queue in its
 * shard's schedule: `q:<queue>` due at the earliest wait's end (or sooner, when two of the
 * waiting will be close enough by rating: the scripts match with `rating-match.ts`'s rule, its
 * twin in Lua), and `m:<table>:<queue>` for each match not yet seated.
 *
 * The guard "a person waits in one queue at most and is seated once" takes steps in two slots:
 * - join: CLAIM in the person's shard (refused if seated, or if the claim names another queue),
 *   then ENQUEUE in the queue's (the ticket, under the claim's random id, and the match if one
 *   is made, with its job — one step);
 * - a match: then SEAT each person in their shard, a compare-and-set: only if their claim is
 *   still the one the ticket was put in under (nor seated elsewhere). If someone's is not (they
 *   left and joined elsewhere while their join was half done, or sat down at another game), the
 *   match is undone: the others UNSEAT and REQUEUE in their places, and the queue matches again
 *   without that ticket. The stored match is the match's record until then: a node dying
 *   between the steps leaves it to its `m:` job, which does the same (`confirm`);
 * - leave: the ticket out of the queue's slot first, then the claim freed if it is unchanged.
 *   A leave while a match that took the person is being undone must not be undone by it: if
 *   SEAT has taken their claim, the leave finds none and marks them left in their shard (HOLD),
 *   so UNSEAT does not give the claim back; if UNSEAT has given it back, the leave frees it and
 *   LEAVE notes the claim in `mm:l` (its ticket is out in a stored match, `mm:p`, however long
 *   ago the match was taken), so REQUEUE, a compare-and-set on the claim id, does not put it
 *   back — nor a ticket over a newer join's.
 * A claim left without its ticket (a node died between CLAIM and ENQUEUE) names its queue: a
 * join of that queue puts the ticket in, a join of another is told `elsewhere` and leaves it
 * (the lobby does), a leave frees it — it never blocks anyone.
 */

/**
 * How long the queue remembers that a claim's ticket was taken by a match: a join of the same
 * queue in another tab that claimed before the match and puts its ticket in after it (within
 * this time) is told so rather than putting the ticket in again. Later than that, such a ticket
 * waits unseen by its person until a match finds their claim gone (SEAT) and drops it.
 */
const TAKEN_MS = 60_000;

/** What the queue scripts share: TypeScript's constants, the job helpers, the rating rules and the queue's own. */
const QUEUE_PRELUDE = `local START, PER_S = ${RATING_RANGE.startPoints}, ${RATING_RANGE.pointsPerSecond}
local TAKEN_MS = ${TAKEN_MS}
`;
const QUEUE_LIB = ['job-lib.lua', 'rating-match.lua', 'queue-lib.lua'];

/** A queue script: the shared part, then `file`. */
function queueScript(file: string): Script {
  return luaScript([...QUEUE_LIB, file], QUEUE_PRELUDE);
}

/** A queue's keys, in its shard (exported for tests that look at them). */
export function queueKeys(prefix: string, queue: QueueId) {
  const base = `${prefix}${queueTag(queue)}`;
  const line = (k: string): string => `${base}mm:${k}:${queue}`;
  return { q: line('q'), b: line('b'), t: line('t'), r: line('r'), c: line('c'), x: line('x'), l: line('l'), p: line('p'), rules: `${base}mm:rules`, n: `${base}mm:n` };
}

/** The keys every queue script names, in this order (`redis/lua/queue-lib.lua`'s locals), all in the queue's shard. */
function queueScriptKeys(prefix: string, queue: QueueId, tableId: TableId | null): string[] {
  const k = queueKeys(prefix, queue);
  const jobs = jobKeys(prefix, queueTag(queue));
  return [k.q, k.b, k.t, k.r, k.c, k.x, k.l, k.p, k.rules, k.n, jobs.due, jobs.payloads, ...(tableId === null ? [] : [matchKeyOf(prefix, queue, tableId)])];
}

/** A match taken out of the queue, until its table exists. */
function matchKeyOf(prefix: string, queue: QueueId, tableId: TableId): string {
  return `${prefix}${queueTag(queue)}mm:m:${tableId}`;
}

// ARGV: player queue ticket joinedAt botsAt players rules tableId leaseUntil rating claim
// (the joining ticket's joinedAt is the script's now; rating '': anyone may meet them). A ticket
// put in under another claim (one whose join was half done when they left) gives way to this
// one; a claim whose ticket a match took already ('taken': a second tab's join) puts none in.
const ENQUEUE = queueScript('queue-enqueue.lua');

// ARGV: queue now tableId leaseUntil mode
const MATCH = queueScript('queue-match.lua');

// ARGV: queue tableId back mode now leaseUntil — undoes a match someone in it no longer waited
// for: those in `back` (JSON [[player, ticket, joinedAt, botsAt, rating, claim], …]) wait again
// in their places — unless they left under that claim since (`mm:l`) or joined again (a ticket
// of theirs is in the line) — then the queue matches again (mode 'join' or 'fill'), or ('later')
// its job looks again at once. Nothing when the match is no longer stored (undone or seated already).
const REQUEUE = queueScript('queue-requeue.lua');

// ARGV: player queue claim (no clock: a meeting already past only makes the job look again at
// once). A claim whose ticket a stored match holds (and may yet undo, however late its job
// runs) is noted as left, for REQUEUE — not one whose join was cut short before its ticket went
// in, nor one whose match has its table (SETTLE): no stored match holds those.
const LEAVE = queueScript('queue-leave.lua');

// ARGV: job key
const SETTLE = queueScript('queue-settle.lua');

/** A match as stored: with the claim each ticket was put in under. */
interface StoredMatch extends PendingMatch {
  readonly claims: readonly string[];
}

/** A queue script's answer: status, match, waiting, botsAt, rules, dueAt. */
type Reply = string[];

export class RedisMatchmaking implements Matchmaking {
  private readonly claims: RedisClaims;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    /** Told when the queues' jobs fall due (`RedisJobQueue.expect`). */
    private readonly jobs?: RedisJobQueue,
  ) {
    this.claims = new RedisClaims(client, prefix);
  }

  async join(queue: QueueSpec, ticket: Ticket, slot: MatchSlot): Promise<JoinOutcome> {
    // Twice at most: a claim whose ticket a match took between the two steps is claimed again (it answers 'playing').
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = await this.claims.claim(ticket.playerId, queue.id);
      if (claimed.kind !== 'claimed') return claimed;
      const reply = (await runScript(this.client, ENQUEUE, queueScriptKeys(this.prefix, queue.id, slot.tableId), [
        ticket.playerId,
        queue.id,
        JSON.stringify(ticket),
        String(ticket.joinedAt),
        String(ticket.botsAt),
        String(queue.players),
        JSON.stringify(queue.rules),
        slot.tableId,
        String(Math.round(slot.leaseUntil)),
        String(compared(ticket.rating) ?? ''),
        claimed.claim,
      ])) as Reply;
      if (reply[0] === 'taken') continue;
      const out = await this.seated(queue.id, reply, 'join', ticket.joinedAt, slot);
      return out.match === null ? { kind: 'waiting', count: out.count } : { kind: 'matched', match: out.match, count: out.count };
    }
    throw new Error(`player ${ticket.playerId} kept being matched while joining queue ${queue.id}`);
  }

  async leave(playerId: PlayerId): Promise<QueueCount | null> {
    // The claim names the queue (whose keys the script must be given): the ticket goes first, then the claim if unchanged.
    for (let attempt = 0; attempt < 5; attempt++) {
      const held = await this.claims.hold(playerId);
      if (held === null) return null;
      const count = await this.outOfLine(playerId, held);
      if (await this.claims.free(playerId, held)) return this.expecting(count);
    }
    throw new Error(`player ${playerId} kept moving between queues while leaving`);
  }

  async fill(queue: QueueId, now: number, slot: MatchSlot): Promise<FillOutcome> {
    const reply = (await runScript(this.client, MATCH, queueScriptKeys(this.prefix, queue, slot.tableId), [
      queue,
      String(Math.floor(now)),
      slot.tableId,
      String(Math.round(slot.leaseUntil)),
      'fill',
    ])) as Reply;
    const out = await this.seated(queue, reply, 'fill', Math.floor(now), slot);
    return out.match === null ? { kind: 'none', dueAt: out.count.dueAt } : { kind: 'matched', match: out.match, count: out.count };
  }

  async count(queue: QueueId): Promise<QueueCount> {
    const k = queueKeys(this.prefix, queue);
    const [waiting, first, rulesText, due] = await Promise.all([
      this.client.zCard(k.q),
      this.client.zRangeWithScores(k.b, 0, 0),
      this.client.hGet(k.rules, queue),
      this.client.zScore(jobKeys(this.prefix, queueTag(queue)).due, fillJobKey(queue)),
    ]);
    return { queue, waiting, botsAt: first[0]?.score ?? null, dueAt: due ?? null, rules: rulesText == null ? null : (JSON.parse(rulesText) as RulesInput) };
  }

  async queueOf(playerId: PlayerId): Promise<QueueId | null> {
    const held = await this.claims.held(playerId);
    return held === null ? null : queueOfClaim(held);
  }

  async playingAt(playerId: PlayerId): Promise<TableId | null> {
    return ((await this.client.hGet(seatedKey(this.prefix, playerId), playerId)) ?? null) as TableId | null;
  }

  async pending(queue: QueueId, tableId: TableId): Promise<PendingMatch | null> {
    const stored = await this.stored(queue, tableId);
    return stored === null ? null : withoutClaims(stored);
  }

  async confirm(match: PendingMatch, now: number): Promise<boolean> {
    const stored = await this.stored(match.queue, match.tableId);
    if (stored === null) return false;
    const undone = await this.undoUnlessSeated(stored, 'later', Math.floor(now), 0);
    if (undone === null) return true;
    this.expecting(countOf(match.queue, undone));
    return false;
  }

  async settle(queue: QueueId, tableId: TableId): Promise<void> {
    await runScript(this.client, SETTLE, queueScriptKeys(this.prefix, queue, tableId), [matchJobKey(tableId, queue)]);
  }

  /**
   * The tickets of people whose claims `markSeated` dropped (they sat down at another table's
   * game): out of their queues' lines, so the waiting count leaves them out. A node dying before
   * this leaves a ticket without its claim, dropped when a match picks it (SEAT refuses it).
   */
  async dropWaiting(dropped: readonly DroppedClaim[]): Promise<void> {
    await Promise.all(dropped.map(async ([player, held]) => this.expecting(await this.outOfLine(player, held))));
  }

  /** LEAVE: the person's ticket out of the line of the queue their claim `held` names; that queue's count after. */
  private async outOfLine(player: PlayerId, held: string): Promise<QueueCount> {
    const queue = queueOfClaim(held);
    const reply = (await runScript(this.client, LEAVE, queueScriptKeys(this.prefix, queue, null), [player, queue, idOfClaim(held)])) as Reply;
    return countOf(queue, reply);
  }

  async release(match: PendingMatch): Promise<void> {
    await markSeated(
      this.client,
      this.prefix,
      match.tableId,
      match.tickets.map((t) => [t.playerId, 0] as const),
    );
  }

  /**
   * A queue script's answer, with its match (if any) seated: each person marked in their shard,
   * or, when one no longer waits for it, the match undone and the queue matched again (each
   * round takes that ticket out for good, so this ends).
   */
  private async seated(queue: QueueId, first: Reply, mode: 'join' | 'fill', now: number, slot: MatchSlot): Promise<{ match: PendingMatch | null; count: QueueCount }> {
    let reply = first;
    while (reply[0] === 'matched') {
      const stored = JSON.parse(reply[1] as string) as StoredMatch;
      const undone = await this.undoUnlessSeated(stored, mode, now, slot.leaseUntil);
      if (undone === null) {
        this.jobs?.expect(queueTag(queue), slot.leaseUntil);
        return { match: withoutClaims(stored), count: this.expecting(countOf(queue, reply)) };
      }
      // Undone already by the match's job (this node was slower than its lease): the queue as it is now.
      if (undone[0] === 'gone') return { match: null, count: await this.count(queue) };
      reply = undone;
    }
    return { match: null, count: this.expecting(countOf(queue, reply)) };
  }

  /** Seats the match's people (SEAT); null when all are, else the match undone (UNSEAT, REQUEUE) and REQUEUE's answer. */
  private async undoUnlessSeated(match: StoredMatch, mode: 'join' | 'fill' | 'later', now: number, leaseUntil: number): Promise<Reply | null> {
    const claim = (i: number): string => match.claims[i] ?? '';
    const seats = await Promise.all(match.tickets.map((t, i) => this.claims.seat(t.playerId, match.queue, claim(i), match.tableId)));
    if (seats.every(Boolean)) return null;
    const kept = match.tickets.flatMap((t, i) => (seats[i] === true ? [{ t, i }] : []));
    const restored = await Promise.all(kept.map(({ t, i }) => this.claims.unseat(t.playerId, match.queue, claim(i), match.tableId)));
    const back = kept
      .filter((_, k) => restored[k] === true)
      .map(({ t, i }) => [t.playerId, JSON.stringify(t), String(t.joinedAt), String(t.botsAt), String(compared(t.rating) ?? ''), match.claims[i] ?? '']);
    return (await runScript(this.client, REQUEUE, queueScriptKeys(this.prefix, match.queue, match.tableId), [
      match.queue,
      match.tableId,
      JSON.stringify(back),
      mode,
      String(now),
      String(Math.round(leaseUntil)),
    ])) as Reply;
  }

  private async stored(queue: QueueId, tableId: TableId): Promise<StoredMatch | null> {
    const text = await this.client.get(this.matchKey(queue, tableId));
    return text === null ? null : (JSON.parse(text) as StoredMatch);
  }

  /** The queue's fill job falls due at its `dueAt`. */
  private expecting(count: QueueCount): QueueCount {
    if (count.dueAt !== null) this.jobs?.expect(queueTag(count.queue), count.dueAt);
    return count;
  }

  /** The pending match of a table, in its queue's shard (the table store's expiry clears it). */
  matchKey(queue: QueueId, tableId: TableId): string {
    return matchKeyOf(this.prefix, queue, tableId);
  }
}

function withoutClaims(match: StoredMatch): PendingMatch {
  const { claims: _claims, ...rest } = match;
  return rest;
}

function countOf(queue: QueueId, reply: Reply): QueueCount {
  const botsAt = reply[3] === undefined || reply[3] === '' ? null : Number(reply[3]);
  const rules = reply[4] === undefined || reply[4] === '' ? null : (JSON.parse(reply[4]) as RulesInput);
  const dueAt = reply[5] === undefined || reply[5] === '' ? null : Number(reply[5]);
  return { queue, waiting: Number(reply[2]), botsAt, dueAt, rules };
}
