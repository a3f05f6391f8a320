import { randomBytes } from 'node:crypto';
import type { PlayerId, QueueId, TableId } from '@fives/protocol';
import { playerTag } from '../redis/layout.ts';
import { luaScript } from '../redis/lua.ts';
import { type RedisClient, runScript } from '../redis/script.ts';

/**
 * A person's side of the queues (issue 17), in the shard of their id: the one queue they wait
 * in (their claim on it) and the table whose game under way they sit at — the guard that a
 * person waits in one queue at most and is seated once, however the queues are spread
 * (`matchmaking-redis.ts` says when each step runs). Its two keys, `mm:who` and `seated`:
 * docs/architecture.md, "The Redis key layout".
 */

/** Who waits in which queue, in the player's shard: player → "<queue> <claim>" (exported for tests that look at it). */
export function whoKeyOf(prefix: string, player: string): string {
  return `${prefix}${playerTag(player)}mm:who`;
}

/** The index of who is seated at a game under way, in the player's shard: player → table (kept by the table store's commits too). */
export function seatedKey(prefix: string, player: string): string {
  return `${prefix}${playerTag(player)}seated`;
}

// KEYS: seated who ; ARGV: table marks (JSON `[[player, 1|0], …]`): people seated at the table, or
// no longer seated there. One marked seated who waits in a queue no longer does: their claim is
// dropped, and returned ([player, "<queue> <claim>", …]) for their ticket to leave the line too;
// one no longer seated loses the mark a leave made while they sat there.
const MARK = luaScript(['claim-lib.lua', 'claim-mark.lua']);

/** A person marked seated whose claim on a queue that dropped: their ticket is to leave the line (`RedisMatchmaking.dropWaiting`). */
export type DroppedClaim = readonly [player: PlayerId, held: string];

/**
 * Marks people seated at table `id` (1) or no longer (0): one script per player shard the marks
 * fall in (a table's two to four people: as many shards at most), side by side. Resolves to the
 * claims of those marked seated who were waiting in a queue (dropped with the mark).
 */
export async function markSeated(client: RedisClient, prefix: string, id: TableId, marks: readonly (readonly [string, 0 | 1])[]): Promise<DroppedClaim[]> {
  const byShard = new Map<string, (readonly [string, 0 | 1])[]>();
  for (const m of marks) {
    const key = seatedKey(prefix, m[0]);
    byShard.set(key, [...(byShard.get(key) ?? []), m]);
  }
  const replies = await Promise.all([...byShard].map(([key, ms]) => runScript(client, MARK, [key, whoKeyOf(prefix, ms[0]![0])], [id, JSON.stringify(ms)]) as Promise<string[]>));
  return replies.flatMap((r) => Array.from({ length: r.length / 2 }, (_, k) => [r[2 * k] as PlayerId, r[2 * k + 1]!] as const));
}

// KEYS: who seated ; ARGV: player queue claim — the person's claim on the queue (or theirs already on it)
const CLAIM = luaScript(['claim-lib.lua', 'claim-claim.lua']);

// KEYS: who seated ; ARGV: player — a leave's first step: the claim; or none, and if they sit at
// a table (its match may yet be undone: UNSEAT), the mark that they left, so the undo leaves them out.
const HOLD = luaScript(['claim-lib.lua', 'claim-hold.lua']);

// KEYS: who seated ; ARGV: player queue claim table → 1: seated at the table (now or already), 0: no longer waits for it
const SEAT = luaScript(['claim-seat.lua']);

// KEYS: who seated ; ARGV: player queue claim table → 1: waits again under the claim (0: not
// seated there, claimed since, or left since SEAT: their leave's mark is cleared with the seat)
const UNSEAT = luaScript(['claim-unseat.lua']);

// KEYS: who ; ARGV: player claim — frees the claim if it is still this one
const FREE = luaScript(['claim-free.lua']);

export type Claimed =
  { readonly kind: 'claimed'; readonly claim: string } | { readonly kind: 'elsewhere'; readonly queue: QueueId } | { readonly kind: 'playing'; readonly tableId: TableId };

export class RedisClaims {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  /** The person's claim on the queue: a new one, or theirs already on it; refused if they sit at a game or wait elsewhere. */
  async claim(player: PlayerId, queue: QueueId): Promise<Claimed> {
    const [kind, value] = (await runScript(this.client, CLAIM, this.keys(player), [player, queue, newClaim()])) as [string, string];
    if (kind === 'elsewhere') return { kind, queue: value };
    if (kind === 'playing') return { kind, tableId: value as TableId };
    return { kind: 'claimed', claim: value };
  }

  /** The claim as stored ("<queue> <claim>"), or null. */
  async held(player: PlayerId): Promise<string | null> {
    const who = await this.client.hGet(this.whoKey(player), player);
    return who == null || who.startsWith('! ') ? null : who;
  }

  /**
   * A leave's first step: the claim as `held`; or null, and then a match the person was seated at
   * and that is undone after this will not put them back in its queue (UNSEAT sees the mark).
   */
  async hold(player: PlayerId): Promise<string | null> {
    const who = (await runScript(this.client, HOLD, this.keys(player), [player])) as string | null;
    return who ?? null;
  }

  /** Frees the claim if it is still `held`. */
  async free(player: PlayerId, held: string): Promise<boolean> {
    return (await runScript(this.client, FREE, [this.whoKey(player)], [player, held])) === 1;
  }

  /** Seats the person at the table if they still wait in the queue under this claim (or sit there already). */
  async seat(player: PlayerId, queue: QueueId, claim: string, table: TableId): Promise<boolean> {
    return (await runScript(this.client, SEAT, this.keys(player), [player, queue, claim, table])) === 1;
  }

  /** A match undone: the person waits under their claim again (false: they were not seated there, or claimed since). */
  async unseat(player: PlayerId, queue: QueueId, claim: string, table: TableId): Promise<boolean> {
    return (await runScript(this.client, UNSEAT, this.keys(player), [player, queue, claim, table])) === 1;
  }

  private whoKey(player: PlayerId): string {
    return whoKeyOf(this.prefix, player);
  }

  private keys(player: PlayerId): string[] {
    return [this.whoKey(player), seatedKey(this.prefix, player)];
  }
}

/** A claim's random id: tells a ticket put in under this claim from one left by an earlier. */
function newClaim(): string {
  return randomBytes(6).toString('hex');
}

export function queueOfClaim(who: string): QueueId {
  return who.slice(0, who.indexOf(' '));
}

/** A claim's id ("<queue> <claim>" → "<claim>"). */
export function idOfClaim(who: string): string {
  return who.slice(who.indexOf(' ') + 1);
}
