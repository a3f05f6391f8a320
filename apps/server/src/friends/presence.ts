import type { FriendPresence, PlayerId } from '@fives/protocol';
import type { Matchmaking } from '../lobby/matchmaking.ts';
import { runScript, script, type RedisClient } from '../redis/script.ts';

/**
 * Who has the site open, on which node. Each node keeps its own entry: the people with a socket
 * on it, refreshed every third of `ttlMs` and gone `ttlMs` after the node's last refresh — so a
 * node that dies (no clean close to take its entry out) stops showing its people online within
 * `ttlMs`, with nothing else to notice its death.
 */
export interface PresenceBoard {
  /** `players` have a socket on `node` now (`all`: these and no others, the periodic refresh). */
  put(node: string, players: readonly PlayerId[], ttlMs: number, all: boolean): Promise<void>;
  /** `players` have no socket on `node` any more. */
  drop(node: string, players: readonly PlayerId[], ttlMs: number): Promise<void>;
  /** `node` is closing: its entry goes at once. */
  leave(node: string): Promise<void>;
  /** Whether each of `ids` has a socket on some node whose entry is alive, in order. */
  online(ids: readonly PlayerId[]): Promise<boolean[]>;
}

/** One node alone, in memory: its entry never goes stale (its death is the board's). */
export class MemoryPresenceBoard implements PresenceBoard {
  private readonly nodes = new Map<string, Set<PlayerId>>();

  async put(node: string, players: readonly PlayerId[], _ttlMs: number, all: boolean): Promise<void> {
    const held = all ? new Set<PlayerId>() : (this.nodes.get(node) ?? new Set<PlayerId>());
    for (const p of players) held.add(p);
    this.nodes.set(node, held);
  }

  async drop(node: string, players: readonly PlayerId[]): Promise<void> {
    for (const p of players) this.nodes.get(node)?.delete(p);
  }

  async leave(node: string): Promise<void> {
    this.nodes.delete(node);
  }

  async online(ids: readonly PlayerId[]): Promise<boolean[]> {
    return ids.map((id) => [...this.nodes.values()].some((held) => held.has(id)));
  }
}

// KEYS: the node's hash, the nodes' set ; ARGV: ttlMs at op players… — op `put`, `all` (the hash
// is these alone) or `drop`. The hash expires ttlMs after this: a dead node's people go with it.
const CHANGE = script(`
if ARGV[3] == 'all' then redis.call('DEL', KEYS[1]) end
for i = 4, #ARGV do
  if ARGV[3] == 'drop' then redis.call('HDEL', KEYS[1], ARGV[i]) else redis.call('HSET', KEYS[1], ARGV[i], '1') end
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], KEYS[1])
return 1
`);

/** A node's entry unseen this long is forgotten from the set (its hash has long expired). */
const FORGET_NODES_MS = 3_600_000;

/**
 * In Redis, under one hash tag (a cluster keeps them on one slot): a hash per node of the people
 * with a socket on it, expiring with the node (`PEXPIRE`, Redis's own clock), and a set of the
 * nodes' hashes to read them by.
 */
export class RedisPresenceBoard implements PresenceBoard {
  private readonly nodesKey: string;
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    /** The wall clock: only for forgetting long-gone nodes (expiry is Redis's own). */
    private readonly wallClock: () => number = Date.now,
  ) {
    this.nodesKey = `${prefix}{presence}nodes`;
  }

  private key(node: string): string {
    return `${this.prefix}{presence}n:${node}`;
  }

  private async change(node: string, op: 'put' | 'all' | 'drop', players: readonly PlayerId[], ttlMs: number): Promise<void> {
    await runScript(this.client, CHANGE, [this.key(node), this.nodesKey], [String(ttlMs), String(this.wallClock()), op, ...players]);
  }

  put(node: string, players: readonly PlayerId[], ttlMs: number, all: boolean): Promise<void> {
    return this.change(node, all ? 'all' : 'put', players, ttlMs);
  }

  drop(node: string, players: readonly PlayerId[], ttlMs: number): Promise<void> {
    return this.change(node, 'drop', players, ttlMs);
  }

  async leave(node: string): Promise<void> {
    await this.client.del(this.key(node));
  }

  async online(ids: readonly PlayerId[]): Promise<boolean[]> {
    if (ids.length === 0) return [];
    await this.client.zRemRangeByScore(this.nodesKey, '-inf', this.wallClock() - FORGET_NODES_MS);
    const nodes = await this.client.zRange(this.nodesKey, 0, -1);
    const found = await Promise.all(nodes.map((key) => this.client.hmGet(key, [...ids])));
    return ids.map((_, i) => found.some((values) => values[i] !== null && values[i] !== undefined));
  }
}

/**
 * This node's part of the board: how many sockets each person has here, told to the board as a
 * person comes (first socket) and goes (last), and the whole list every third of `ttlMs`.
 */
export class NodePresence {
  private readonly sockets = new Map<PlayerId, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly board: PresenceBoard,
    readonly node: string,
    private readonly ttlMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  connected(player: PlayerId): void {
    const n = (this.sockets.get(player) ?? 0) + 1;
    this.sockets.set(player, n);
    if (n === 1) this.board.put(this.node, [player], this.ttlMs, false).catch(this.failed);
  }

  disconnected(player: PlayerId): void {
    const n = (this.sockets.get(player) ?? 0) - 1;
    if (n > 0) {
      this.sockets.set(player, n);
      return;
    }
    this.sockets.delete(player);
    this.board.drop(this.node, [player], this.ttlMs).catch(this.failed);
  }

  /** The whole list again: the entry lives on, and is right again after Redis was away. */
  async refresh(): Promise<void> {
    try {
      await this.board.put(this.node, [...this.sockets.keys()], this.ttlMs, true);
    } catch (error) {
      this.failed(error);
    }
  }

  start(): void {
    if (this.timer !== null) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), Math.max(1, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  /** No more refreshes, the entry left as it is: what a node's death looks like to the others (tests). */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  async close(): Promise<void> {
    this.stop();
    await this.board.leave(this.node).catch(this.failed);
  }
}

/** How long a node's entry lives after its last refresh: a dead node's people show offline within it. */
export const PRESENCE_TTL_MS = 45_000;

/** Where each of `ids` is (only those with a socket on a live node): at a game under way, in a queue, online — or offline; in order. */
export async function presenceOf(board: PresenceBoard, matchmaking: Pick<Matchmaking, 'playingAt' | 'queueOf'>, ids: readonly PlayerId[]): Promise<FriendPresence[]> {
  const online = await board.online(ids);
  return Promise.all(
    ids.map(async (id, i): Promise<FriendPresence> => {
      if (online[i] !== true) return { kind: 'offline' };
      const [tableId, queue] = await Promise.all([matchmaking.playingAt(id), matchmaking.queueOf(id)]);
      if (tableId !== null) return { kind: 'playing', tableId };
      return queue === null ? { kind: 'online' } : { kind: 'queue', queue };
    }),
  );
}
