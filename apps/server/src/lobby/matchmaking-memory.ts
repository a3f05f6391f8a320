import type { RulesInput } from '@fives/engine';
import type { PlayerId, QueueId, TableId } from '@fives/protocol';
import { fillJobKey, matchJobKey } from '../jobs/job.ts';
import type { MemoryJobQueue } from '../jobs/memory.ts';
import type { FillOutcome, JoinOutcome, MatchSlot, Matchmaking, PendingMatch, QueueCount, QueueSpec, Ticket } from './matchmaking.ts';

/**
 * The queues in this process: the in-memory store mode's twin of `RedisMatchmaking`. Each
 * method does its whole change without awaiting in between, which is what makes it atomic here.
 */
export class MemoryMatchmaking implements Matchmaking {
  private readonly queues = new Map<QueueId, Ticket[]>();
  private readonly who = new Map<PlayerId, QueueId>();
  private readonly rules = new Map<QueueId, RulesInput>();
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
    this.purgeSeated(queue.id);
    const match = line.length >= queue.players ? this.take(queue.id, queue.players, slot) : null;
    const count = this.keepFillJob(queue.id);
    return match === null ? { kind: 'waiting', count } : { kind: 'matched', match, count };
  }

  async leave(playerId: PlayerId): Promise<QueueCount | null> {
    const queue = this.who.get(playerId);
    if (queue === undefined) return null;
    const line = this.line(queue);
    line.splice(
      line.findIndex((t) => t.playerId === playerId),
      1,
    );
    this.who.delete(playerId);
    return this.keepFillJob(queue);
  }

  async fill(queue: QueueId, now: number, slot: MatchSlot): Promise<FillOutcome> {
    this.purgeSeated(queue);
    const line = this.line(queue);
    const first = Math.min(...line.map((t) => t.botsAt));
    if (line.length === 0 || first > now) {
      this.keepFillJob(queue);
      return { kind: 'none' };
    }
    const match = this.take(queue, line.length, slot);
    return { kind: 'matched', match, count: this.keepFillJob(queue) };
  }

  async count(queue: QueueId): Promise<QueueCount> {
    return this.countOf(queue);
  }

  async queueOf(playerId: PlayerId): Promise<QueueId | null> {
    return this.who.get(playerId) ?? null;
  }

  async pending(tableId: TableId): Promise<PendingMatch | null> {
    const text = this.matches.get(tableId);
    return text === undefined ? null : (JSON.parse(text) as PendingMatch);
  }

  async settle(tableId: TableId): Promise<void> {
    this.matches.delete(tableId);
    this.jobs.removeNow(matchJobKey(tableId));
  }

  async release(match: PendingMatch): Promise<void> {
    for (const t of match.tickets) if (this.seated.get(t.playerId) === match.tableId) this.seated.delete(t.playerId);
  }

  private purgeSeated(queue: QueueId): void {
    const line = this.line(queue);
    for (const t of line.filter((x) => this.seated.has(x.playerId))) {
      line.splice(line.indexOf(t), 1);
      this.who.delete(t.playerId);
    }
  }

  private line(queue: QueueId): Ticket[] {
    let line = this.queues.get(queue);
    if (line === undefined) {
      line = [];
      this.queues.set(queue, line);
    }
    return line;
  }

  private take(queue: QueueId, n: number, slot: MatchSlot): PendingMatch {
    const tickets = this.line(queue).splice(0, n);
    for (const t of tickets) {
      this.who.delete(t.playerId);
      this.seated.set(t.playerId, slot.tableId);
    }
    const match: PendingMatch = { tableId: slot.tableId, queue, rules: this.rules.get(queue) as RulesInput, tickets };
    this.matches.set(slot.tableId, JSON.stringify(match));
    this.jobs.putNow(matchJobKey(slot.tableId), 0, slot.leaseUntil);
    return match;
  }

  private keepFillJob(queue: QueueId): QueueCount {
    const count = this.countOf(queue);
    if (count.botsAt === null) this.jobs.removeNow(fillJobKey(queue));
    else this.jobs.putNow(fillJobKey(queue), 0, count.botsAt);
    return count;
  }

  private countOf(queue: QueueId): QueueCount {
    const line = this.queues.get(queue) ?? [];
    const botsAt = line.length === 0 ? null : Math.min(...line.map((t) => t.botsAt));
    return { queue, waiting: line.length, botsAt, rules: this.rules.get(queue) ?? null };
  }
}
