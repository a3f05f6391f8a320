import { type RedisClient, runScript, script } from '../redis/script.ts';
import { keySlot } from '../redis/slots.ts';

/**
 * How many sockets each address holds open, across every node: one count per (address, node),
 * each with an expiry time that its node pushes forward with a heartbeat (`refresh`, which
 * also rewrites the count with the node's exact one, 0 included). Opening and closing a socket
 * change the count at once, so it is exact while nodes live and the store answers; a change the
 * store missed (it was away) is put right by the node's next `refresh`, which the node makes as
 * soon as the store answers again. A node that dies stops its heartbeat, and its counts stop
 * counting once they expire (`ttlMs`), whoever looks next.
 */
export interface OpenSocketCounter {
  /** Counts one more socket of `address` on `node` unless the address holds `limit` already (false: refused). */
  open(address: string, node: string, limit: number, now: number): Promise<boolean>;
  /** Counts one of them closed. */
  close(address: string, node: string): Promise<void>;
  /** The node's heartbeat: its exact count for each address it holds (or held) sockets of, alive for another `ttlMs`; a count of 0 takes the node's out. */
  refresh(node: string, counts: ReadonlyMap<string, number>, now: number): Promise<void>;
}

/**
 * How long a node's counts live without a heartbeat; nodes beat three times in it. Short, since a
 * dead node's sockets come back on the others (counted there too) until its counts expire: 15 s
 * of counting a class twice, not a minute.
 */
export const OPEN_SOCKETS_TTL_MS = 15_000;

// One hash per address: field <node> the count, field <node>@ until when it counts (ms).
// KEYS: hash ; ARGV: node limit now ttl → 1 counted, 0 refused
const OPEN = script(`
local all = redis.call('HGETALL', KEYS[1])
local now = tonumber(ARGV[3])
local counts, untils = {}, {}
for i = 1, #all, 2 do
  local f = all[i]
  if string.sub(f, -1) == '@' then untils[string.sub(f, 1, -2)] = tonumber(all[i + 1]) else counts[f] = tonumber(all[i + 1]) end
end
local total = 0
for node, n in pairs(counts) do
  if (untils[node] or 0) < now then redis.call('HDEL', KEYS[1], node, node .. '@') else total = total + n end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HSET', KEYS[1], ARGV[1] .. '@', now + tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[1], 2 * tonumber(ARGV[4]))
return 1
`);

// KEYS: hash ; ARGV: node
const CLOSE = script(`
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1], ARGV[1] .. '@') end
return n
`);

// KEYS: a hash per address ; ARGV: node until ttl count…
const REFRESH = script(`
for i = 1, #KEYS do
  if tonumber(ARGV[3 + i]) > 0 then
    redis.call('HSET', KEYS[i], ARGV[1], ARGV[3 + i], ARGV[1] .. '@', ARGV[2])
    redis.call('PEXPIRE', KEYS[i], 2 * tonumber(ARGV[3]))
  else
    redis.call('HDEL', KEYS[i], ARGV[1], ARGV[1] .. '@')
  end
end
return #KEYS
`);

export class RedisOpenSockets implements OpenSocketCounter {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly ttlMs = OPEN_SOCKETS_TTL_MS,
  ) {}

  async open(address: string, node: string, limit: number, now: number): Promise<boolean> {
    if (limit <= 0) return true;
    return Number(await runScript(this.client, OPEN, [this.key(address)], [node, String(limit), String(now), String(this.ttlMs)])) === 1;
  }

  async close(address: string, node: string): Promise<void> {
    await runScript(this.client, CLOSE, [this.key(address)], [node]);
  }

  async refresh(node: string, counts: ReadonlyMap<string, number>, now: number): Promise<void> {
    // One script call per few hundred addresses, not one per address; and per hash slot, since a
    // script may touch one slot only (Redis Cluster; on one Redis every slot is the same server).
    const bySlot = new Map<number, [string, number][]>();
    for (const entry of counts) {
      const slot = keySlot(this.key(entry[0]));
      const list = bySlot.get(slot);
      if (list === undefined) bySlot.set(slot, [entry]);
      else list.push(entry);
    }
    const batches = [...bySlot.values()].flatMap((list) => Array.from({ length: Math.ceil(list.length / 500) }, (_, i) => list.slice(i * 500, i * 500 + 500)));
    await Promise.all(
      batches.map((batch) =>
        runScript(
          this.client,
          REFRESH,
          batch.map(([address]) => this.key(address)),
          [node, String(now + this.ttlMs), String(this.ttlMs), ...batch.map(([, n]) => String(n))],
        ),
      ),
    );
  }

  private key(address: string): string {
    return `${this.prefix}so:${address}`;
  }
}

export class MemoryOpenSockets implements OpenSocketCounter {
  private readonly byAddress = new Map<string, Map<string, { count: number; until: number }>>();

  constructor(private readonly ttlMs = OPEN_SOCKETS_TTL_MS) {}

  async open(address: string, node: string, limit: number, now: number): Promise<boolean> {
    if (limit <= 0) return true;
    const nodes = this.byAddress.get(address) ?? new Map<string, { count: number; until: number }>();
    let total = 0;
    for (const [n, c] of nodes) {
      if (c.until < now) nodes.delete(n);
      else total += c.count;
    }
    if (total >= limit) return false;
    const mine = nodes.get(node);
    nodes.set(node, { count: (mine?.count ?? 0) + 1, until: now + this.ttlMs });
    this.byAddress.set(address, nodes);
    return true;
  }

  async close(address: string, node: string): Promise<void> {
    const nodes = this.byAddress.get(address);
    const mine = nodes?.get(node);
    if (nodes === undefined || mine === undefined) return;
    if (mine.count > 1) nodes.set(node, { ...mine, count: mine.count - 1 });
    else nodes.delete(node);
    if (nodes.size === 0) this.byAddress.delete(address);
  }

  async refresh(node: string, counts: ReadonlyMap<string, number>, now: number): Promise<void> {
    for (const [address, count] of counts) {
      const nodes = this.byAddress.get(address) ?? new Map<string, { count: number; until: number }>();
      if (count > 0) nodes.set(node, { count, until: now + this.ttlMs });
      else nodes.delete(node);
      if (nodes.size > 0) this.byAddress.set(address, nodes);
      else this.byAddress.delete(address);
    }
  }
}
