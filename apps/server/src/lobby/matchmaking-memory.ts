import type { RulesInput } from '@fives/engine';
import type { PlayerId, QueueId, TableId } from '@fives/protocol';
import { fillJobKey, matchJobKey } from '../jobs/job.ts';
import type { MemoryJobQueue } from '../jobs/memory.ts';
import { type Waiting, matchByRating, mayMeet, nextMeeting } from './rating-match.ts';
import type { FillOutcome, JoinOutcome, MatchSlot, Matchmaking, PendingMatch, QueueCount, QueueSpec, Ticket } from './matchmaking.ts';

/**
 * The queues in this process: the in-memory store mode's twin of `RedisMatchmaking`. Each
 * method does its whole change without awaiting in between, which is what makes it atomic here.
 */
export class MemoryMatchmaking implements Matchmaking {
  private readonly queues = new Map<QueueId, Ticket[]>();
  private readonly who = new Map<PlayerId, QueueId>();
  private readonly rules = new Map<QueueId, RulesInput>();
  private readonly players = new Map<QueueId, number>();
  private readonly matches = new Map<TableId, string>();

  /** `seated`: who sits at a game under way, shared with the memory table store, which keeps it. */
  constructor(
    private readonly jobs: MemoryJobQueue,
    private readonly seated: Map<string, TableId> = new Map(),
  ) {}

  async join(queue: QueueSpec, ticket: Ticket, slot: MatchSlot): Promise<JoinOutcome> {
    const at = this.seated.get(ticket.playerId);
    if (at !== undefined) return { kind: 'playing', tableId: at };
    const where = this.who.get(ticket.playerId);
    if (where !== undefined && where !== queue.id) return { kind: 'elsewhere', queue: where };
    const line = this.line(queue.id);
    if (where === undefined) {
      line.push(ticket);
      line.sort((a, b) => a.joinedAt - b.joinedAt || (a.playerId < b.playerId ? -1 : 1));
      this.who.set(ticket.playerId, queue.id);
    }
    if (!this.rules.has(queue.id)) this.rules.set(queue.id, queue.rules);
    this.players.set(queue.id, queue.players);
    const match = this.match(queue.id, slot, () => matchByRating(this.line(queue.id).map(waitingOf), queue.players, ticket.joinedAt));
    const count = this.keepFillJob(queue.id, ticket.joinedAt);
    return match === null ? { kind: 'waiting', count } : { kind: 'matched', match, count };
  }

  async leave(playerId: PlayerId): Promise<QueueCount | null> {
    return this.takeOut(playerId);
  }

  /** One who sat down at another table's game waits no more: out of their queue's line (the memory store calls it as it marks them seated). */
  dropWaiting(playerId: PlayerId): void {
    this.takeOut(playerId);
  }

  /** The person's ticket out of their queue, and the queue as it is then (null: they waited in none). */
  private takeOut(playerId: PlayerId): QueueCount | null {
    const queue = this.who.get(playerId);
    if (queue === undefined) return null;
    const line = this.line(queue);
    line.splice(
      line.findIndex((t) => t.playerId === playerId),
      1,
    );
    this.who.delete(playerId);
    // No clock here: a meeting already past only makes the job look again at once.
    return this.keepFillJob(queue, Number.NEGATIVE_INFINITY);
  }

  async fill(queue: QueueId, now: number, slot: MatchSlot): Promise<FillOutcome> {
    const match = this.match(queue, slot, () => {
      const line = this.line(queue);
      const players = this.players.get(queue) ?? line.length;
      return this.overdue(line, players, now) ?? matchByRating(line.map(waitingOf), players, now);
    });
    if (match === null) return { kind: 'none', dueAt: this.keepFillJob(queue, now).dueAt };
    return { kind: 'matched', match, count: this.keepFillJob(queue, now) };
  }

  /**
   * The people `choose` picks, taken out as a match — as the Redis queue does: whoever of them
   * sits at a game under way is out of the line, and the queue chooses again without them.
   */
  private match(queue: QueueId, slot: MatchSlot, choose: () => string[] | null): PendingMatch | null {
    for (;;) {
      const ids = choose();
      if (ids === null) return null;
      const gone = ids.filter((id) => this.seated.has(id));
      if (gone.length === 0) return this.take(queue, ids, slot);
      const line = this.line(queue);
      for (const id of gone) {
        line.splice(
          line.findIndex((t) => t.playerId === id),
          1,
        );
        if (this.who.get(id as PlayerId) === queue) this.who.delete(id as PlayerId);
      }
    }
  }

  /** The person whose wait is over first (if it is at `now`) and those who may meet them, up to a table, in order of arrival. */
  private overdue(line: readonly Ticket[], players: number, now: number): string[] | null {
    const first = line.toSorted((a, b) => a.botsAt - b.botsAt || (a.playerId < b.playerId ? -1 : 1))[0];
    if (first === undefined || first.botsAt > now) return null;
    const chosen: Waiting[] = [waitingOf(first)];
    for (const t of line) {
      if (chosen.length === players) break;
      const w = waitingOf(t);
      if (t !== first && chosen.every((c) => mayMeet(c, w, now))) chosen.push(w);
    }
    return chosen.map((c) => c.id);
  }

  async count(queue: QueueId): Promise<QueueCount> {
    const job = await this.jobs.dueAt(fillJobKey(queue));
    return { ...this.countOf(queue), dueAt: job?.at ?? null };
  }

  async queueOf(playerId: PlayerId): Promise<QueueId | null> {
    return this.who.get(playerId) ?? null;
  }

  async playingAt(playerId: PlayerId): Promise<TableId | null> {
    return this.seated.get(playerId) ?? null;
  }

  async pending(_queue: QueueId, tableId: TableId): Promise<PendingMatch | null> {
    const text = this.matches.get(tableId);
    return text === undefined ? null : (JSON.parse(text) as PendingMatch);
  }

  /** Its people were marked seated in the step that took them out: nothing can have come between. */
  async confirm(match: PendingMatch): Promise<boolean> {
    return this.matches.has(match.tableId);
  }

  async settle(queue: QueueId, tableId: TableId): Promise<void> {
    this.matches.delete(tableId);
    this.jobs.removeNow(matchJobKey(tableId, queue));
  }

  async release(match: PendingMatch): Promise<void> {
    for (const t of match.tickets) if (this.seated.get(t.playerId) === match.tableId) this.seated.delete(t.playerId);
  }

  private line(queue: QueueId): Ticket[] {
    let line = this.queues.get(queue);
    if (line === undefined) {
      line = [];
      this.queues.set(queue, line);
    }
    return line;
  }

  /** Takes these people out (in order of arrival, the seats' order). */
  private take(queue: QueueId, ids: readonly string[], slot: MatchSlot): PendingMatch {
    const line = this.line(queue);
    const tickets = line.filter((t) => ids.includes(t.playerId));
    for (const t of tickets) line.splice(line.indexOf(t), 1);
    for (const t of tickets) {
      this.who.delete(t.playerId);
      this.seated.set(t.playerId, slot.tableId);
    }
    const match: PendingMatch = { tableId: slot.tableId, queue, rules: this.rules.get(queue) as RulesInput, tickets };
    this.matches.set(slot.tableId, JSON.stringify(match));
    this.jobs.putNow(matchJobKey(slot.tableId, queue), 0, slot.leaseUntil);
    return match;
  }

  private keepFillJob(queue: QueueId, now: number): QueueCount {
    const count = this.countOf(queue, now);
    if (count.dueAt === null) this.jobs.removeNow(fillJobKey(queue));
    else this.jobs.putNow(fillJobKey(queue), 0, count.dueAt);
    return count;
  }

  /** `now`: the meetings after it count for `dueAt`. */
  private countOf(queue: QueueId, now = Number.NEGATIVE_INFINITY): QueueCount {
    const line = this.queues.get(queue) ?? [];
    const botsAt = line.length === 0 ? null : Math.min(...line.map((t) => t.botsAt));
    const meeting = nextMeeting(line.map(waitingOf), this.players.get(queue) ?? Number.POSITIVE_INFINITY, now);
    const dueAt = botsAt === null ? null : meeting === null ? botsAt : Math.min(botsAt, meeting);
    return { queue, waiting: line.length, botsAt, dueAt, rules: this.rules.get(queue) ?? null };
  }
}

function waitingOf(t: Ticket): Waiting {
  return { id: t.playerId, rating: t.rating, sinceMs: t.joinedAt, ...(t.avoid === undefined ? {} : { avoid: t.avoid }) };
}
