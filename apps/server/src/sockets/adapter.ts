import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { createClient, createCluster } from 'redis';
import { type RedisTarget, makeSentinelClient } from '../redis/connect.ts';
import type { Packet } from 'socket.io-parser';
import { keepPayloadJson } from './encoder.ts';
import type { GameServer } from './types.ts';

export interface AdapterEvents {
  /**
   * The subscriber is connected and subscribed again after losing Redis: broadcasts made by
   * other nodes meanwhile may not have reached this node's sockets (`StateResync`).
   */
  readonly reconnected?: () => void;
  /** A publish failed (Redis went away while it was under way): its broadcast was lost. */
  readonly publishFailed?: (error: unknown) => void;
}

/**
 * The Socket.IO Redis adapter: a broadcast to a room reaches the sockets of that room on every
 * node, so players of one table may sit on different nodes. Its own two connections (a
 * subscriber cannot send commands), its channel under the store's prefix. On one Redis, classic
 * pub/sub (with `JsonParser`); on a Redis Cluster, the sharded adapter (Redis 7 SPUBLISH /
 * SSUBSCRIBE): a room's channel lives on the shard that owns its slot, so a table's messages
 * go through one master rather than being copied to every node of the cluster. With Sentinel,
 * classic pub/sub on Sentinel clients (`redis/connect.ts`): they follow the master through a
 * failover, the subscriber subscribed again on the new one before it says 'ready'.
 */
export async function attachRedisAdapter(io: GameServer, target: RedisTarget | string, prefix: string, events: AdapterEvents = {}): Promise<{ close(): Promise<void> }> {
  const where: RedisTarget = typeof target === 'string' ? { mode: 'single', url: target } : target;
  switch (where.mode) {
    case 'single':
      return attachClassic(io, where.url, prefix, events);
    case 'cluster':
      return attachSharded(io, where.nodes, prefix, events);
    case 'sentinel': {
      const pub = makeSentinelClient(where, 10_000);
      plainSendCommand(pub);
      return attachClassicOn(io, pub as unknown as SingleClient, pub.duplicate() as unknown as SingleClient, prefix, events);
    }
  }
}

/** A client for the classic adapter: no per-command timeout (see below). */
const classicClient = (url: string) => createClient({ url, commandOptions: { timeout: 0 } });
type SingleClient = ReturnType<typeof classicClient>;

async function attachClassic(io: GameServer, url: string, prefix: string, events: AdapterEvents): Promise<{ close(): Promise<void> }> {
  // No per-command timeout (node-redis's default makes an AbortSignal timer for every command, a
  // few % of the CPU under load): a publish that waits only delays a broadcast, and the
  // adapter's requests to the other nodes have a timeout of their own.
  const pub = classicClient(url);
  return attachClassicOn(io, pub, pub.duplicate(), prefix, events);
}

/** Classic pub/sub on `pub` and its subscriber `sub`, not yet connected. */
async function attachClassicOn(io: GameServer, pub: SingleClient, sub: SingleClient, prefix: string, events: AdapterEvents): Promise<{ close(): Promise<void> }> {
  // Errors while Redis is away are the store's to report; the clients reconnect by themselves.
  pub.on('error', () => {});
  sub.on('error', () => {});
  await Promise.all([pub.connect(), sub.connect()]);
  catchPublishes(pub, events.publishFailed ?? (() => {}));
  // 'ready' comes once the client has subscribed again (node-redis resubscribes before it says so).
  sub.on('ready', () => events.reconnected?.());
  const parser = new JsonParser();
  io.adapter(createAdapter(pub, sub, { key: `${prefix}io`, parser }));
  parser.ownUid = (io.of('/').adapter as unknown as { uid: string }).uid;
  return {
    async close() {
      // The subscriber first: a closing node stops hearing the others' requests before it loses
      // the connection it would answer them on (else: unhandled rejections).
      if (sub.isOpen) await sub.close();
      if (pub.isOpen) await pub.close();
    },
  };
}

async function attachSharded(io: GameServer, nodes: readonly string[], prefix: string, events: AdapterEvents): Promise<{ close(): Promise<void> }> {
  const make = () => createCluster({ rootNodes: nodes.map((url) => ({ url })), defaults: credentials(nodes[0] as string), commandOptions: { timeout: 0 } });
  const pub = make();
  const sub = make();
  pub.on('error', () => {});
  sub.on('error', () => {});
  pub.on('node-error', () => {});
  sub.on('node-error', () => {});
  await Promise.all([pub.connect(), sub.connect()]);
  catchPublishes(pub, events.publishFailed ?? (() => {}), 'sPublish');
  // A node of the cluster connected again, or a replica taken over (its channels subscribed again there).
  sub.on('node-ready', () => events.reconnected?.());
  io.adapter(createShardedAdapter(pub, sub, { channelPrefix: `${prefix}io` }));
  return {
    async close() {
      if (sub.isOpen) await sub.close();
      if (pub.isOpen) await pub.close();
    },
  };
}

function credentials(url: string): { username?: string; password?: string } {
  const u = new URL(url);
  return {
    ...(u.username === '' ? {} : { username: decodeURIComponent(u.username) }),
    ...(u.password === '' ? {} : { password: decodeURIComponent(u.password) }),
  };
}

type Publish = (channel: string | Buffer, message: string | Buffer) => Promise<number>;

/**
 * The adapter counts the nodes (PUBSUB NUMSUB, for `fetchSockets` and the like) with
 * `sendCommand(args)`, a single client's signature; a Sentinel client's is
 * `sendCommand(isReadonly, args)`, and took the array for the flag. Its own commands do not go
 * through `sendCommand`, so only the adapter's calls see this one.
 */
function plainSendCommand(client: object): void {
  const sentinel = client as { sendCommand(isReadonly: boolean, args: readonly string[]): Promise<unknown> };
  const send = sentinel.sendCommand.bind(sentinel);
  Object.assign(client, { sendCommand: (args: readonly string[]) => send(false, args) });
}

/**
 * The adapter publishes without waiting for the answer (`this.pubClient.publish(...)`, for
 * every broadcast and every request to the other nodes), so a publish under way when Redis
 * went away rejected with nobody to catch it — SocketClosedUnexpectedlyError or ECONNRESET, an
 * unhandled rejection that ended the process. Every publish is caught here (`sPublish`, the
 * sharded adapter's); what it carried is sent again when the nodes are back (`StateResync`).
 */
export function catchPublishes<K extends 'publish' | 'sPublish'>(client: { [k in K]: Publish }, failed: (error: unknown) => void, method?: K): void {
  const name = (method ?? 'publish') as K;
  const publish = client[name].bind(client);
  const caught: Publish = (channel, message) =>
    publish(channel, message).catch((error: unknown) => {
      failed(error);
      return 0;
    });
  Object.assign(client, { [name]: caught });
}

/**
 * The adapter's wire format, for speed (measured under load, docs/performance.md): JSON, which
 * V8 writes and reads natively, instead of the default msgpack in JavaScript; and a node's own
 * broadcasts, which Redis sends back to it, are recognised by their first bytes and never
 * parsed (the adapter drops them after decoding anyway). Nothing we send is binary.
 * A broadcast's payload is written once: its JSON is kept by its packet (`keepPayloadJson`) for the
 * node's own sockets (`encoder.ts`).
 */
export class JsonParser {
  private own: Buffer | null = null;
  private ownOnly: [string] = [''];

  set ownUid(uid: string) {
    // A broadcast is [uid, packet, options]: its JSON starts with this.
    this.own = Buffer.from(`[${JSON.stringify(uid)},`);
    this.ownOnly = [uid];
  }

  encode(data: unknown): string {
    if (Array.isArray(data) && data.length === 3 && isPacket(data[1])) {
      // A broadcast: [uid, packet, options], the same text JSON.stringify would write.
      const [uid, packet, options] = data as [unknown, Packet, unknown];
      const { data: payload, ...rest } = packet as Omit<Packet, 'data'> & { data: unknown };
      const json = JSON.stringify(payload);
      keepPayloadJson(packet, json);
      return `[${JSON.stringify(uid)},${JSON.stringify(rest).slice(0, -1)},"data":${json}},${JSON.stringify(options)}]`;
    }
    return JSON.stringify(data);
  }

  decode(message: Buffer | string): unknown {
    const own = this.own;
    if (own !== null && typeof message !== 'string' && message.length > own.length && message.compare(own, 0, own.length, 0, own.length) === 0) {
      return this.ownOnly;
    }
    try {
      return JSON.parse(message.toString());
    } catch {
      // Not ours to read (a node speaking another format): the adapter ignores a message without a packet.
      return [];
    }
  }
}

/** A Socket.IO packet with data to write: `type` (so its JSON is never `{}`) and an array payload. */
function isPacket(value: unknown): value is Packet {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'number' && Array.isArray((value as { data?: unknown }).data);
}
