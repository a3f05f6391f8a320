import { randomUUID } from 'node:crypto';
import { CLIENT_EVENTS, ErrorCode, type Problem } from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { tableRoom } from '../sockets/rooms.ts';
import type { ClientSocket, GameServer } from '../sockets/types.ts';
import { problem } from '../tables/problems.ts';
import { clientAddress } from './address.ts';
import type { Limits } from './limits.ts';
import { OPEN_SOCKETS_TTL_MS, type OpenSocketCounter } from './open-sockets.ts';
import { type RateCounter, type RateRule, type RateVerdict, TokenBucket } from './rates.ts';
import { rateLimited } from './refusal.ts';

export interface SocketGuardDeps {
  readonly rates: RateCounter;
  /** The open sockets per address, across the nodes (`limits.addressSockets`). */
  readonly sockets: OpenSocketCounter;
  readonly limits: Limits;
  readonly now: () => number;
  /** How many proxies in front of the server append to X-Forwarded-For (0: none, use the peer's address). */
  readonly trustedHops: number;
  /** Whether the store answers: while it does not, every message is refused with `server/busy`. */
  readonly storeUp: () => boolean;
  readonly log: FastifyBaseLogger;
  /** Told of every message refused here (metrics). */
  readonly onRefused?: (code: Problem['code']) => void;
}

interface Connection {
  readonly address: string;
  readonly bucket: TokenBucket;
  lastActive: number;
  /** Messages refused in a row for going too fast. */
  strikes: number;
  /** Messages are let through in the order they came, whatever each one's checks wait for. */
  queue: Promise<void>;
  /** Closed for flooding: what it still sends is dropped unanswered (and not logged again). */
  closing: boolean;
}

/** How long a client is told to wait while the store is away. */
const BUSY_RETRY_MS = 2000;
/** How long a client refused for its address's open sockets is told to wait: a heartbeat, by which a dead node's counts may have gone. */
const TOO_MANY_RETRY_MS = OPEN_SOCKETS_TTL_MS / 3;
/** How often the exact open-socket counts are written again while the store has missed one. */
const RESYNC_MS = 1000;

/**
 * The sockets' first line: per-address connection and message limits and the cap on the
 * sockets an address holds open (shared by every node through the store), a per-connection
 * message bucket, the table-creation, queue-join and code-lookup limits for the socket events
 * that make or look them up, `server/busy` while the store is away, and the idle connection limit. A refused message is answered like any other refusal — a
 * `refused` event and the ack — and never reaches the handlers; a connection that keeps
 * flooding is closed.
 */
export class SocketGuard {
  private readonly connections = new WeakMap<ClientSocket, Connection>();
  private sweeper: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** This node's name among the nodes counting open sockets (a restarted node is a new one: its old counts expire). */
  private readonly node = randomUUID();
  /**
   * This node's open sockets per address: every socket it let in under the cap, whether the store
   * could count it or not (an address whose last one went stays, at 0, until the store has heard).
   */
  private readonly open = new Map<string, number>();
  /** A count the store missed (it was away): the exact counts are written again as soon as it answers. */
  private unsynced = false;
  /** Counts the store missed so far (`missed`). */
  private misses = 0;
  private resyncTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly io: GameServer,
    private readonly d: SocketGuardDeps,
  ) {
    io.use((socket, next) => {
      const address = this.addressOf(socket);
      const refuse = (p: Problem): void => {
        d.onRefused?.(p.code);
        next(Object.assign(new Error(p.message), { data: p }));
      };
      this.hit(`c:${address}`, d.limits.addressConnections).then(
        async (verdict) => {
          if (!verdict.ok) return refuse(rateLimited('too many connections from this address', verdict.retryAfterMs));
          // Last of the handshake's checks: nothing after it can refuse the socket, so every socket counted in connects and is counted out.
          if (!(await this.countIn(socket, address))) {
            return refuse(
              problem(ErrorCode.tooManySockets, `this address holds ${d.limits.addressSockets} connections open already; close one, or try again in a moment`, {
                retryAfterMs: TOO_MANY_RETRY_MS,
              }),
            );
          }
          next();
        },
        () => next(),
      );
    });
    io.on('connection', (socket) => this.attach(socket as ClientSocket));
  }

  /** Starts closing idle connections (checked every quarter of the idle time) and the open sockets' heartbeat. */
  start(): void {
    if (this.d.limits.idleMs > 0 && this.sweeper === null) {
      this.sweeper = setInterval(() => this.sweepIdle(), Math.max(1000, this.d.limits.idleMs / 4));
      this.sweeper.unref();
    }
    if (this.d.limits.addressSockets > 0 && this.heartbeat === null) {
      this.heartbeat = setInterval(() => {
        this.refreshOpen().catch((error: unknown) => this.d.log.warn({ err: error }, 'refreshing the open sockets count failed; trying again later'));
      }, OPEN_SOCKETS_TTL_MS / 3);
      this.heartbeat.unref();
    }
  }

  close(): void {
    if (this.sweeper !== null) clearInterval(this.sweeper);
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    if (this.resyncTimer !== null) clearTimeout(this.resyncTimer);
    this.sweeper = null;
    this.heartbeat = null;
    this.resyncTimer = null;
    this.closed = true;
  }

  /**
   * Tells the store this node's exact open sockets per address again, alive for another while
   * (see `OpenSocketCounter`); an address it holds none of any more is taken out there, then here.
   */
  async refreshOpen(): Promise<void> {
    this.unsynced = false;
    const misses = this.misses;
    try {
      await this.d.sockets.refresh(this.node, this.open, this.d.now());
    } catch (error) {
      this.missed();
      throw error;
    }
    // Unless the store missed another change meanwhile: the next write must still take that address out.
    if (this.misses === misses) for (const [address, n] of this.open) if (n <= 0) this.open.delete(address);
  }

  /**
   * The store missed a count (an open, a close or a heartbeat failed while it was away): write the
   * exact counts again every second until it takes them. Left to the heartbeat alone, every socket
   * closed during an outage stayed counted until the next beat, and people coming back after the
   * outage were counted on top of them — enough to turn an address away (issue 30).
   */
  private missed(): void {
    this.unsynced = true;
    this.misses++;
    if (this.resyncTimer !== null || this.closed) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      if (!this.unsynced) return;
      this.refreshOpen().catch(() => undefined); // Still away: `missed` tries again.
    }, RESYNC_MS);
    this.resyncTimer.unref();
  }

  /** Counts the socket in under its address, unless the address is at its cap; counted out when it goes, however it goes. */
  private async countIn(socket: ClientSocket, address: string): Promise<boolean> {
    const cap = this.d.limits.addressSockets;
    if (cap <= 0) return true;
    try {
      if (!(await this.d.sockets.open(address, this.node, cap, this.d.now()))) return false;
    } catch {
      // The store cannot count: let in, counted here, and in the store once it answers.
      this.missed();
    }
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
    let out = false;
    const countOut = (): void => {
      if (out) return;
      out = true;
      this.open.set(address, Math.max(0, (this.open.get(address) ?? 1) - 1));
      // Not counted out in the store (it is away): the exact counts are written once it answers.
      this.d.sockets.close(address, this.node).catch(() => this.missed());
    };
    // A client gone while the handshake was checked never connects, nor disconnects: its transport closes either way
    // (and may have closed while the store was asked).
    if (socket.conn.readyState === 'closed') countOut();
    socket.conn.once('close', countOut);
    socket.once('disconnect', countOut);
    return true;
  }

  /**
   * Closes this node's connections that have followed no table, queue or list and sent
   * nothing for the idle time; resolves to how many. (Tests call it with a clock moved on.)
   */
  sweepIdle(): number {
    const idleMs = this.d.limits.idleMs;
    if (idleMs <= 0) return 0;
    const now = this.d.now();
    let closed = 0;
    for (const s of this.io.of('/').sockets.values()) {
      const socket = s as ClientSocket;
      const c = this.connections.get(socket);
      if (c === undefined) continue;
      if (engaged(socket)) {
        c.lastActive = now;
        continue;
      }
      if (now - c.lastActive < idleMs) continue;
      socket.emit('refused', problem(ErrorCode.idle, `this connection did nothing for ${Math.round(idleMs / 1000)} s and is closed; connect again when you need it`));
      socket.disconnect(true);
      closed++;
    }
    return closed;
  }

  private attach(socket: ClientSocket): void {
    const now = this.d.now();
    const c: Connection = {
      address: this.addressOf(socket),
      bucket: new TokenBucket(this.d.limits.connectionMessages, now),
      lastActive: now,
      strikes: 0,
      queue: Promise.resolve(),
      closing: false,
    };
    this.connections.set(socket, c);
    socket.use((packet, next) => {
      c.queue = c.queue.then(async () => {
        if (c.closing) return;
        const event = typeof packet[0] === 'string' ? packet[0] : String(packet[0]);
        const last: unknown = packet[packet.length - 1];
        const ack = typeof last === 'function' ? (last as (reply: unknown) => void) : null;
        let refusal = await this.check(c, event, packet[1]);
        // An event that does not exist is answered here, on its ack too (the handlers only see known ones).
        if (refusal === null && !KNOWN.has(event)) {
          c.lastActive = this.d.now();
          refusal = problem(ErrorCode.unknownEvent, `there is no client event ${JSON.stringify(event).slice(0, 80)}`);
        }
        if (refusal === null) {
          c.lastActive = this.d.now();
          c.strikes = 0;
          next();
          return;
        }
        const p = { ...refusal, event: event.slice(0, 80) };
        this.d.onRefused?.(p.code);
        socket.emit('refused', p);
        ack?.({ ok: false, error: p });
        if (p.code === ErrorCode.rateLimited && ++c.strikes >= this.d.limits.floodDisconnect) {
          // Once: the messages it queued meanwhile are dropped, not each logged again.
          c.closing = true;
          this.d.log.warn({ address: c.address, strikes: c.strikes }, 'closing a connection that keeps flooding');
          socket.disconnect(true);
        }
      });
    });
  }

  /** Null to let the message through, or why not. */
  private async check(c: Connection, event: string, payload: unknown): Promise<Problem | null> {
    const own = c.bucket.take(this.d.now());
    if (!own.ok) return rateLimited('this connection sends too fast', own.retryAfterMs);
    const address = await this.hit(`m:${c.address}`, this.d.limits.addressMessages);
    if (!address.ok) return rateLimited('too many messages from this address', address.retryAfterMs);
    if (!this.d.storeUp()) return problem(ErrorCode.busy, 'the server cannot reach its store just now; try again in a moment', { retryAfterMs: BUSY_RETRY_MS });
    if (event === 'table:join' && looksUpCode(payload)) {
      const looked = await this.hit(`k:${c.address}`, this.d.limits.codeLookups);
      if (!looked.ok) return rateLimited('too many table codes looked up from this address', looked.retryAfterMs);
    } else if (event === 'lobby:playNow') {
      const made = await this.hit(`t:${c.address}`, this.d.limits.tables);
      if (!made.ok) return rateLimited('too many tables made from this address', made.retryAfterMs);
    } else if (event === 'queue:join') {
      const joined = await this.hit(`q:${c.address}`, this.d.limits.queueJoins);
      if (!joined.ok) return rateLimited('too many queue joins from this address', joined.retryAfterMs);
    }
    return null;
  }

  /** A per-address count; when the store cannot count, the limit does not hold (the message meets `server/busy` anyway). */
  private async hit(key: string, rule: RateRule): Promise<RateVerdict> {
    try {
      return await this.d.rates.hit(key, rule, this.d.now());
    } catch {
      return { ok: true };
    }
  }

  private addressOf(socket: ClientSocket): string {
    return clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for'], this.d.trustedHops);
  }
}

const KNOWN = new Set<string>(CLIENT_EVENTS);

/** A join by code (whatever else the message holds): counted as a code looked up. */
function looksUpCode(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'code' in payload;
}

/** Following something: a table (playing or watching), a queue, or the open-tables list. */
function engaged(socket: ClientSocket): boolean {
  // At a table only while in its room: a connection taken over, or at a table that is gone, has been made to leave it.
  if (socket.data.table !== null && socket.rooms.has(tableRoom(socket.data.table.id))) return true;
  for (const room of socket.rooms) if (room === 'lobby' || room.startsWith('q:')) return true;
  return false;
}
