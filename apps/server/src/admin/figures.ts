import { randomUUID } from 'node:crypto';
import { PRESETS } from '@fives/engine';
import type { AdminFigures } from '@fives/protocol';
import { queueOfRules } from '../lobby/matchmaking.ts';
import type { TableStore } from '../store/store.ts';
import type { NodeFigures, Roster } from './roster.ts';

/** How often a node tells the roster its figures (a third of the time it is believed for). */
export const HEARTBEAT_MS = 5_000;

/** This node's place in the roster: its figures now and every `HEARTBEAT_MS`, out when it closes. */
export class NodeHeartbeat {
  readonly node = randomUUID();
  private readonly startedAt: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly roster: Roster,
    private readonly own: () => Pick<NodeFigures, 'role' | 'sockets' | 'botThreads'>,
    private readonly now: () => number,
    private readonly failed: (error: unknown) => void,
  ) {
    this.startedAt = now();
  }

  start(): void {
    if (this.timer !== null) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  async beat(): Promise<void> {
    try {
      await this.roster.beat({ node: this.node, startedAt: this.startedAt, at: this.now(), ...this.own() });
    } catch (error) {
      // Redis away: the console shows this node again at its next beat after Redis is back.
      this.failed(error);
    }
  }

  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.roster.leave(this.node).catch(this.failed);
  }
}

/** Every queue a person can join: each preset at each number of players it is played by. */
function everyQueue(): { queue: string; preset: string; players: number }[] {
  return PRESETS.flatMap((preset) =>
    ([2, 3, 4] as const).flatMap((players) => {
      const queue = queueOfRules({ preset, players });
      return queue === null ? [] : [{ queue, preset, players }];
    }),
  );
}

/** The console's live figures: the nodes as their heartbeats said, the tables, queues and thinkers as the store holds them now. */
export async function readFigures(roster: Roster, store: TableStore, now: number): Promise<AdminFigures> {
  const [nodes, tables, thinkers, queues] = await Promise.all([
    roster.alive(now),
    store.countTables(),
    store.thinking.alive(now),
    Promise.all(everyQueue().map(async (q) => ({ ...q, waiting: (await store.matchmaking.count(q.queue)).waiting }))),
  ]);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    at: iso(now),
    nodes: nodes
      .sort((a, b) => a.startedAt - b.startedAt)
      .map((n) => ({ node: n.node, role: n.role, startedAt: iso(n.startedAt), seenAt: iso(n.at), sockets: n.sockets, botThreads: n.botThreads })),
    sockets: nodes.reduce((sum, n) => sum + n.sockets, 0),
    tables: { ...tables },
    queues: queues.filter((q) => q.waiting > 0),
    thinkers,
  };
}
