import { type Result, type RulesInput, ok, resolveRules } from '@fives/engine';
import {
  type BotLevel,
  ErrorCode,
  OPEN_TABLES_LIMIT,
  type OpenTable,
  type PlayerId,
  type Problem,
  type QueueId,
  type QueueJoined,
  type QueueMatched,
  type QueueStatus,
  type Rating,
  type TableId,
  ratingKey,
} from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { GameArchive } from '../archive/archive.ts';
import { NEW_STORED, ratingAt } from '../archive/ratings.ts';
import type { Player } from '../identity/token.ts';
import type { SafetyStore } from '../safety/store.ts';
import { awayJobKey } from '../jobs/job.ts';
import type { TableStore } from '../store/store.ts';
import { newTableId } from '../tables/code.ts';
import type { TableDoc } from '@fives/table';
import { fromGameError, refuse } from '../tables/problems.ts';
import type { TableService } from '../tables/service.ts';
import { type QueueBanRules, queueBan } from './queue-bans.ts';
import { type MatchSlot, type PendingMatch, type QueueCount, queueIdOf } from './matchmaking.ts';

const HOUR_MS = 60 * 60 * 1000;

/** What the lobby tells the sockets (which reach every node's sockets through rooms). */
export interface LobbyEvents {
  readonly matched: (playerId: PlayerId, message: QueueMatched) => void;
  readonly queueStatus: (status: QueueStatus) => void;
}

export interface LobbyServiceOptions {
  readonly tables: TableService;
  readonly store: TableStore;
  /** Where a person's rating is read when they join a queue, to be matched by. */
  readonly archive: GameArchive;
  /** Whom a person must not be matched with (they block them, or are blocked by them), read when they join. */
  readonly safety: Pick<SafetyStore, 'avoided'>;
  readonly now: () => Date;
  /** How long the node that takes a match out of a queue has it to itself before another may seat it. */
  readonly leaseMs: number;
  /** How long a person matched in a queue has to come to their table before a stand-in plays for them. */
  readonly graceMs: number;
  /** The turn time of tables made from the queues (null: none). */
  readonly queueTurnSeconds: number | null;
  /** Who may not join a queue for leaving rated games, and for how long. */
  readonly queueBans: QueueBanRules;
  readonly log: FastifyBaseLogger;
  readonly events: LobbyEvents;
  /** Wake this node's job runner at `at`. */
  readonly wake: (at: number) => void;
}

/** The ways to a table besides an invitation: play now, the random-opponent queues, the open-tables list. */
export class LobbyService {
  constructor(private readonly o: LobbyServiceOptions) {}

  /** A table with the player at seat 0 and computer players of `level` in the others, dealt at once. */
  playNow(player: Player, rules: RulesInput, level: BotLevel, turnSeconds: number | null): Promise<Result<TableDoc, Problem>> {
    return this.o.tables.createStarted({ people: [player], level, rulesInput: rules, settings: { turnSeconds, listed: false, rated: false } });
  }

  /**
   * Puts the player in the queue for these rules (leaving any other first). Resolves to the
   * queue as it is now with the player's rating of its key (read afresh at every join: a rated
   * game since the last changed it), and whether the player still waits in it (false: this
   * arrival completed a table, and `queue:matched` has been sent).
   */
  async joinQueue(player: Player, rules: RulesInput, waitSeconds: number, level: BotLevel): Promise<Result<{ status: QueueJoined; waiting: boolean }, Problem>> {
    const resolved = resolveRules(rules);
    if (!resolved.ok) return { ok: false, error: fromGameError(resolved.error) };
    const banned = await this.banOf(player.id);
    if (banned !== null) return banned;
    const queue = { id: queueIdOf(resolved.value), rules, players: resolved.value.players };
    const rating = await this.ratingOf(player.id, ratingKey(resolved.value.preset, resolved.value.players));
    // Decided on, not only shown: without the blocks the person does not wait (server/busy).
    const avoid = [...(await this.o.safety.avoided(player.id))].toSorted();
    for (let attempt = 0; attempt < 4; attempt++) {
      const now = this.nowMs();
      const ticket = { playerId: player.id, name: player.name, level, joinedAt: now, botsAt: now + waitSeconds * 1000, rating, ...(avoid.length === 0 ? {} : { avoid }) };
      const out = await this.o.store.matchmaking.join(queue, ticket, this.slot(now));
      if (out.kind === 'elsewhere') {
        await this.leaveQueue(player.id);
        continue;
      }
      if (out.kind === 'playing') {
        return refuse(ErrorCode.alreadyPlaying, `you sit at a game under way (table ${out.tableId}); finish it or leave it first`);
      }
      if (out.kind === 'matched') await this.seat(out.match);
      const status = this.announce(out.count);
      if (status === null) break;
      const waiting = out.kind === 'waiting' || !out.match.tickets.some((t) => t.playerId === player.id);
      return ok({ status: { ...status, rating }, waiting });
    }
    throw new Error(`could not put ${player.id} in queue ${queue.id}`);
  }

  /** Out of the queue at once: the queue left, or null when the player was waiting in none. */
  async leaveQueue(playerId: PlayerId): Promise<QueueId | null> {
    const count = await this.o.store.matchmaking.leave(playerId);
    if (count === null) return null;
    this.announce(count);
    return count.queue;
  }

  queueOf(playerId: PlayerId): Promise<QueueId | null> {
    return this.o.store.matchmaking.queueOf(playerId);
  }

  /**
   * The `q:` job: a queue's earliest wait is over (that person sits down with whoever may meet
   * them by rating, the computer filling the rest), or two ranges have widened enough to meet.
   */
  async fill(queue: QueueId): Promise<void> {
    const now = this.nowMs();
    const out = await this.o.store.matchmaking.fill(queue, now, this.slot(now));
    if (out.kind === 'none') {
      if (out.dueAt !== null) this.o.wake(out.dueAt);
      return;
    }
    await this.seat(out.match);
    this.announce(out.count);
  }

  /**
   * The `m:` job: a match whose node died before seating it. Its table made already: only what
   * came after is left to do; else its people are marked seated first (or the match is undone).
   */
  async seatPending(tableId: TableId, queue: QueueId): Promise<void> {
    const mm = this.o.store.matchmaking;
    const match = await mm.pending(queue, tableId);
    if (match === null) return;
    if ((await this.o.store.load(tableId)) === null && !(await mm.confirm(match, this.nowMs()))) {
      this.o.wake(this.nowMs());
      return;
    }
    await this.seat(match);
  }

  openTables(): Promise<OpenTable[]> {
    return this.o.store.openTables(OPEN_TABLES_LIMIT);
  }

  /**
   * Makes the match's table (once, however often this runs), tells each person their seat, and
   * gives each until the grace period is over to come to it before a stand-in plays for them.
   */
  private async seat(match: PendingMatch): Promise<void> {
    const first = match.tickets[0];
    if (first === undefined) {
      await this.o.store.matchmaking.settle(match.queue, match.tableId);
      return;
    }
    // The computer plays at the level of the person whose wait ran out first (it only matters when it fills seats).
    const soonest = match.tickets.reduce((a, t) => (t.botsAt < a.botsAt ? t : a), first);
    const made = await this.o.tables.createStarted({
      id: match.tableId,
      people: match.tickets.map((t) => ({ id: t.playerId, name: t.name })),
      level: soonest.level,
      rulesInput: match.rules,
      // The random-opponent queue's games are rated (unless a computer fills a seat: finishedGame).
      settings: { turnSeconds: this.o.queueTurnSeconds, listed: false, rated: true },
    });
    if (!made.ok) {
      // Rules that were checked when the queue was joined; failing now is a bug, not the players'.
      this.o.log.error({ tableId: match.tableId, queue: match.queue, problem: made.error }, 'a queue match could not be seated');
      await this.o.store.matchmaking.release(match);
      await this.o.store.matchmaking.settle(match.queue, match.tableId);
      return;
    }
    const at = this.nowMs() + this.o.graceMs;
    for (const [seat, t] of match.tickets.entries()) {
      await this.o.store.jobs.put(awayJobKey(match.tableId, seat), 0, at, 'ifAbsent');
      this.o.events.matched(t.playerId, { queue: match.queue, tableId: match.tableId, seat });
    }
    this.o.wake(at);
    await this.o.store.matchmaking.settle(match.queue, match.tableId);
    this.o.log.info({ tableId: match.tableId, queue: match.queue, people: match.tickets.length, event: 'matched' }, 'queue event');
  }

  /** Tells the queue's people its count, and wakes this node for its fill time. */
  private announce(count: QueueCount): QueueStatus | null {
    if (count.rules === null) return null;
    const rules = resolveRules(count.rules);
    if (!rules.ok) return null;
    const now = this.nowMs();
    const status: QueueStatus = {
      queue: count.queue,
      rules: rules.value,
      waiting: count.waiting,
      botsAt: count.botsAt === null ? null : { at: new Date(count.botsAt).toISOString(), remainingMs: Math.max(0, Math.round(count.botsAt - now)) },
    };
    if (count.dueAt !== null) this.o.wake(count.dueAt);
    this.o.events.queueStatus(status);
    return status;
  }

  /**
   * Their rating of `key` as of now, a newcomer's the new player's (1500, RD 350: "?"). Matched
   * by, not decided on: when the archive cannot answer (null), they wait as "?" (anyone may meet them).
   */
  private async ratingOf(id: PlayerId, key: string): Promise<Rating | null> {
    try {
      return (await this.o.archive.ratings([id], key)).get(id) ?? ratingAt(NEW_STORED, this.nowMs());
    } catch (error) {
      this.o.log.warn({ err: error }, 'a rating could not be read: queued without it');
      return null;
    }
  }

  /**
   * The refusal of a person banned from the queues for leaving rated games, or null. The leaves
   * are the archive's, each written once with its game, so every node counts the same ones.
   * When the archive cannot answer, they are let in: a ban is never made up from nothing.
   */
  private async banOf(id: PlayerId): Promise<Result<never, Problem> | null> {
    const rules = this.o.queueBans;
    if (rules.after < 1) return null;
    const now = this.nowMs();
    let leaves: number[];
    try {
      leaves = await this.o.archive.leaves(id, now - rules.windowMs);
    } catch (error) {
      this.o.log.warn({ err: error }, 'leaves could not be read: queued without a ban check');
      return null;
    }
    const ban = queueBan(leaves, now, rules);
    if (ban === null) return null;
    const windowHours = rules.windowMs / HOUR_MS;
    const minutes = Math.ceil((ban.until - now) / 60_000);
    const games = `${ban.leaves} rated game${ban.leaves === 1 ? '' : 's'}`;
    return refuse(ErrorCode.queueBanned, `you left ${games} in the last ${windowHours} hours: you may join a queue again in ${minutes} min`, {
      until: new Date(ban.until).toISOString(),
      retryAfterMs: Math.ceil((ban.until - now) / 1000) * 1000,
      leaves: ban.leaves,
      windowHours,
    });
  }

  private slot(now: number): MatchSlot {
    return { tableId: newTableId(), leaseUntil: now + this.o.leaseMs };
  }

  private nowMs(): number {
    return this.o.now().getTime();
  }
}
