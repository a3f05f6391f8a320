import type { RedisClient } from '../redis/script.ts';

/** What a node says of itself in its heartbeat: the console's live figures, read from the nodes. */
export interface NodeFigures {
  readonly node: string;
  readonly role: 'node' | 'worker';
  readonly startedAt: number;
  /** When it last said so (ms). */
  readonly at: number;
  /** Socket.IO connections open on it. */
  readonly sockets: number;
  /** Its computer players' threads (0: it thinks nowhere). */
  readonly botThreads: number;
}

/** A node that has not beaten for this long is gone (it beats every 5 s). */
export const ROSTER_TTL_MS = 15_000;

/** The nodes alive, each as its own last heartbeat said. */
export interface Roster {
  beat(figures: NodeFigures): Promise<void>;
  /** Takes the node out at once (it is closing). */
  leave(node: string): Promise<void>;
  alive(now: number): Promise<NodeFigures[]>;
}

/** One node alone: its own figures. */
export class MemoryRoster implements Roster {
  private readonly nodes = new Map<string, NodeFigures>();

  async beat(figures: NodeFigures): Promise<void> {
    this.nodes.set(figures.node, figures);
  }

  async leave(node: string): Promise<void> {
    this.nodes.delete(node);
  }

  async alive(now: number): Promise<NodeFigures[]> {
    return [...this.nodes.values()].filter((n) => n.at > now - ROSTER_TTL_MS);
  }
}

/**
 * In Redis, under one hash tag (a cluster keeps them on one slot): a sorted set of the nodes by
 * their last beat, and each node's figures under a key of its own that expires with it.
 */
export class RedisRoster implements Roster {
  private readonly roster: string;
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {
    this.roster = `${prefix}{nodes}roster`;
  }

  private key(node: string): string {
    return `${this.prefix}{nodes}n:${node}`;
  }

  async beat(figures: NodeFigures): Promise<void> {
    await this.client.set(this.key(figures.node), JSON.stringify(figures), { expiration: { type: 'PX', value: ROSTER_TTL_MS } });
    await this.client.zAdd(this.roster, { score: figures.at, value: figures.node });
  }

  /** Its figures go at once; its entry in the set when it is stale (`alive` reads only nodes with figures). */
  async leave(node: string): Promise<void> {
    await this.client.del(this.key(node));
  }

  async alive(now: number): Promise<NodeFigures[]> {
    await this.client.zRemRangeByScore(this.roster, '-inf', now - ROSTER_TTL_MS);
    const nodes = await this.client.zRange(this.roster, 0, -1);
    const found = await Promise.all(nodes.map((n) => this.client.get(this.key(n))));
    return found.filter((text): text is string => text !== null).map((text) => JSON.parse(text) as NodeFigures);
  }
}
