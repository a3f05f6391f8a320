import { createHash } from 'node:crypto';
import { type Rules, type RulesInput, resolveRules } from '@fives/engine';
import type { BotLevel, PlayerId, QueueId, Rating, TableId } from '@fives/protocol';

/** A person waiting in a queue. Times are ms since the epoch. */
export interface Ticket {
  readonly playerId: PlayerId;
  readonly name: string;
  /** The computer players' level if this person's wait runs out first. */
  readonly level: BotLevel;
  readonly joinedAt: number;
  /** When this person's chosen wait is over. */
  readonly botsAt: number;
  /**
   * Their rating of the queue's key, read from the archive when they join (a newcomer's: 1500,
   * RD 350; null: the archive could not say, or a ticket stored before newcomers had one): the
   * queue matches by it (`rating-match.ts`) without asking again.
   */
  readonly rating: Rating | null;
  /**
   * The people this person is never seated with: those they block and those who block them, read
   * from the safety store when they join (absent: none). A block made while both wait counts from
   * their next join.
   */
  readonly avoid?: readonly PlayerId[];
}

/** A queue: one per game people may ask for (the resolved rules, players included). */
export interface QueueSpec {
  readonly id: QueueId;
  /** The rules to make its tables with (as the first person asked for them), and how many they seat. */
  readonly rules: RulesInput;
  readonly players: number;
}

/**
 * People taken out of a queue together, to be seated at table `tableId` in this order (the
 * computer filling the seats after them at the level of the ticket whose wait ends first). It is
 * stored until the table exists, with a job to seat it, so a node dying in between loses no one.
 */
export interface PendingMatch {
  readonly tableId: TableId;
  readonly queue: QueueId;
  readonly rules: RulesInput;
  readonly tickets: readonly Ticket[];
}

/** How many wait in a queue, and when the earliest wait is over (null: nobody waits). */
export interface QueueCount {
  readonly queue: QueueId;
  readonly rules: RulesInput | null;
  readonly waiting: number;
  readonly botsAt: number | null;
  /**
   * When the queue's fill job runs next: at `botsAt`, or sooner when two of the waiting whose
   * ratings are too far apart now will be close enough by then (null: nobody waits).
   */
  readonly dueAt: number | null;
}

/** The table id a match would get, and until when the node that makes it has it to itself. */
export interface MatchSlot {
  readonly tableId: TableId;
  readonly leaseUntil: number;
}

export type JoinOutcome =
  | { readonly kind: 'waiting'; readonly count: QueueCount }
  | { readonly kind: 'matched'; readonly match: PendingMatch; readonly count: QueueCount }
  /** The person waits in another queue: leave it first. */
  | { readonly kind: 'elsewhere'; readonly queue: QueueId }
  /** The person sits at a game under way (or one just matched for them). */
  | { readonly kind: 'playing'; readonly tableId: TableId };

export type FillOutcome =
  | { readonly kind: 'matched'; readonly match: PendingMatch; readonly count: QueueCount }
  /** Nobody to seat yet: the job runs again at `dueAt`. */
  | { readonly kind: 'none'; readonly dueAt: number | null };

/**
 * The random-opponent queues. Each queue's operations are atomic in the queue (a Lua script on
 * its slot in Redis), so however many people join at the same moment, on however many nodes,
 * each ticket is taken out of its queue exactly once. A person waits in one queue at most and is
 * seated once: a claim on the queue, theirs, is taken before the ticket goes in and checked
 * again (compare-and-set) when a match seats them — a match whose person no longer waits for it
 * (they sit at a game under way, or went elsewhere) is undone and the queue matches again
 * without them. A person seated at a game under way (the table store keeps that index with every
 * commit) cannot wait. Both implementations pass `test/matchmaking.contract.ts`.
 */
export interface Matchmaking {
  /**
   * Puts the ticket in the queue (joining the same queue again keeps the first ticket and its
   * place) and, when `queue.players` people wait who may meet by rating at `ticket.joinedAt`
   * (`matchByRating`), takes them out as a match, each marked seated at its table. Keeps the
   * queue's fill job due at `dueAt`.
   */
  join(queue: QueueSpec, ticket: Ticket, slot: MatchSlot): Promise<JoinOutcome>;
  /** Takes the person out of whatever queue they wait in; null when they wait in none. */
  leave(playerId: PlayerId): Promise<QueueCount | null>;
  /**
   * The queue's fill job at `now`: when the earliest wait is over, that person and (in order of
   * arrival) those of the waiting who may meet them by rating, up to a table, are a match (the
   * computer fills the rest); else, a table of people whose ranges have widened enough to meet.
   */
  fill(queue: QueueId, now: number, slot: MatchSlot): Promise<FillOutcome>;
  count(queue: QueueId): Promise<QueueCount>;
  /** Which queue the person waits in. */
  queueOf(playerId: PlayerId): Promise<QueueId | null>;
  /** The table whose game under way the person sits at (the index `join` refuses by). */
  playingAt(playerId: PlayerId): Promise<TableId | null>;
  pending(queue: QueueId, tableId: TableId): Promise<PendingMatch | null>;
  /**
   * A pending match whose node died before seating it (its `m:` job): marks its people seated,
   * as `join`/`fill` do. False: someone no longer waited for it, and it is undone (the others
   * wait again in their places; the queue's job looks again at `now`), or it is gone already.
   */
  confirm(match: PendingMatch, now: number): Promise<boolean>;
  /** The match is seated: forget it (and its job). */
  settle(queue: QueueId, tableId: TableId): Promise<void>;
  /** The match could not be seated: its people are free again (they must join again). */
  release(match: PendingMatch): Promise<void>;
}

/** The queue a table's rules would have been matched in (a table made from a match: its queue); null for rules that do not resolve. */
export function queueOfRules(rules: RulesInput): QueueId | null {
  const resolved = resolveRules(rules);
  return resolved.ok ? queueIdOf(resolved.value) : null;
}

/** The queue for a set of rules: the same game however it was asked for. */
export function queueIdOf(rules: Rules): QueueId {
  const canonical = JSON.stringify([
    rules.preset,
    rules.players,
    rules.variant,
    rules.handSize,
    rules.target,
    rules.firstLeader,
    rules.nextLeader,
    rules.blockedScoring,
    rules.spinnerOpens,
    rules.scoreUnit,
    rules.muggins,
    rules.partnerships,
  ]);
  return `q${createHash('sha256').update(canonical).digest('hex').slice(0, 12)}`;
}
