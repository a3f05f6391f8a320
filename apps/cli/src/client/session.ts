import { type RandomSource, type RulesInput, legalActions } from '@fives/engine';
import {
  FairnessTracker,
  type CreateTableResponse,
  type GuestResponse,
  type Problem,
  type QueueStatus,
  type BotLevel,
  ErrorCode,
  type SeatSpec,
  type TableState,
  ratingText,
  tableIdFromInvite,
  toWireAction,
} from '@fives/protocol';
import type { BotPolicy } from '@fives/bots';
import { DEFAULT_BUSY_RETRY_MS, type LinkProblem, ProtocolClient, type ProtocolSocket, TableVersions, isLinkProblem } from '@fives/protocol/client';
import { io } from 'socket.io-client';

export interface SessionOptions {
  readonly url: string;
  readonly name: string;
  readonly policy: BotPolicy;
  readonly random: RandomSource;
  /** Create a table with these rules and seats (the last `bots` seats are computer players)… */
  readonly create?: { readonly rules: RulesInput; readonly seats: number; readonly bots: number; readonly level: BotLevel };
  /** …or join the table of this invite link… */
  readonly join?: string;
  /** …or wait for random opponents who want these rules, and play the table it finds. */
  readonly queue?: { readonly rules: RulesInput; readonly waitSeconds: number; readonly level: BotLevel };
  readonly timeoutMs: number;
}

export type Line = Record<string, unknown> & { type: string };

/**
 * One person at a table, over the public protocol only: HTTP for the guest token and the table,
 * Socket.IO for the rest, exactly as the web client does it. Plays a whole game with `policy`,
 * says what it sees as JSON lines, and comes back by itself when the connection drops.
 * Resolves to the exit code.
 */
export async function runSession(o: SessionOptions, printLine: (line: Line) => void): Promise<number> {
  let done = false;
  // Nothing after the last line: closing the socket itself reports a disconnection.
  const print = (line: Line): void => {
    if (!done) printLine(line);
  };
  const base = o.url.replace(/\/+$/, '');
  // Refused with `server/busy`: printed as the socket's refusals are, and asked again.
  const retrying =
    (event: string) =>
    (problem: Problem, afterMs: number): void =>
      print({ type: 'retrying', code: problem.code, event, afterMs });
  const me = await post<GuestResponse>(`${base}/api/guests`, { name: o.name }, undefined, retrying('POST /api/guests'));
  // Who this is, first: the player id is the address of their archived games (/api/players/:id).
  print({ type: 'guest', playerId: me.player.id, name: me.player.name });
  // Null while waiting in a queue: the queue finds the table.
  let tableId: string | null;
  if (o.queue !== undefined) {
    tableId = null;
  } else if (o.create !== undefined) {
    const seats: SeatSpec[] = Array.from({ length: o.create.seats }, (_, i) =>
      i < o.create!.seats - o.create!.bots ? { type: 'human' } : { type: 'bot', level: o.create!.level },
    );
    const created = await post<CreateTableResponse>(`${base}/api/tables`, { rules: o.create.rules, seats }, me.token, retrying('POST /api/tables'));
    tableId = created.tableId;
    print({ type: 'created', tableId, inviteUrl: created.inviteUrl });
  } else {
    const id = tableIdFromInvite(o.join ?? '');
    if (id === null) throw new Error(`${o.join} is not an invite link (…/t/<table id>)`);
    tableId = id;
  }

  const socket: ProtocolSocket = io(base, { auth: { token: me.token }, transports: ['websocket'], reconnectionDelayMax: 2000 });
  // Draining nodes, a server that closed the connection and `server/busy` are the client's to handle.
  const client = new ProtocolClient(socket);
  return new Promise<number>((resolve) => {
    // A state sent again (a join, a node back from Redis) or overtaken changes nothing.
    const versions = new TableVersions();
    let actedOn = -1;
    let startedAt = -1;
    let shown = { game: -1, hand: -1, events: 0, seats: '' };
    // Every hand is checked once its seed is revealed (docs/fairness.md).
    const fairness = new FairnessTracker();
    const finish = (code: number, line: Line): void => {
      clearTimeout(timer);
      print(line);
      done = true;
      client.close();
      resolve(code);
    };
    const timer = setTimeout(() => finish(1, { type: 'timeout', tableId, afterMs: o.timeoutMs }), o.timeoutMs);

    /** A refusal ends the session; no answer (the connection dropped) is asked again by the next connection. */
    const refused = (error: Problem | LinkProblem): void => {
      if (!isLinkProblem(error)) finish(1, { type: 'refused', ...error });
    };
    const join = (id: string): void => {
      void client.request('table:join', { tableId: id }, { retryBusy: true }).then((reply) => {
        if (!reply.ok) return refused(reply.error);
        print({ type: 'joined', tableId: id, seat: reply.data.seat, host: reply.data.host, version: reply.data.version });
      });
    };
    const queue = (q: NonNullable<SessionOptions['queue']>): void => {
      void client.request('queue:join', { rules: q.rules, waitSeconds: q.waitSeconds, level: q.level }, { retryBusy: true }).then((reply) => {
        if (!reply.ok) return refused(reply.error);
        // An arrival that completes a table hears its match before this answer.
        if (tableId === null) print({ type: 'queued', ...queueLine(reply.data), rating: ratingText(reply.data.rating) });
      });
    };
    /** The host starts a full waiting table; a start the server could not take is asked again. */
    const start = (s: TableState): void => {
      startedAt = s.version;
      void client.request('table:start', { tableId: s.tableId }, { retryBusy: true });
    };
    /** What this seat does with a state: start the table when it is the host's to start, or play its turn. */
    const decide = (s: TableState): void => {
      // Read from the state, not the join's ack: the first state can arrive before the ack.
      const host = s.seat !== null && s.table.hostSeat === s.seat;
      if (host && s.table.phase === 'waiting' && s.table.seats.every((x) => x.kind !== 'open') && startedAt !== s.version) start(s);
      const view = s.view;
      if (view === null || s.version === actedOn || legalActions(view).length === 0) return;
      const action = o.policy(view, o.random);
      if (action === null) return;
      actedOn = s.version;
      // A move the server could not take now is sent again once it may; if the table moved on meanwhile, it is stale, and the newer state decides.
      void client.request('game:action', { tableId: s.tableId, version: s.version, action: toWireAction(action) }, { retryBusy: true });
    };
    client.onLink((e) => {
      switch (e.type) {
        case 'connected':
          actedOn = -1; // a move sent as the connection dropped may never have arrived
          // Waiting again after a reconnection: a lost connection left the queue.
          if (tableId !== null) join(tableId);
          else if (o.queue !== undefined) queue(o.queue);
          return;
        case 'retrying':
          // `server/busy` (the node cannot reach its store just now) is a refusal to take again later, not the end of the session.
          return print({ type: 'retrying', code: e.problem.code, ...(e.problem.event ? { event: e.problem.event } : {}), afterMs: e.afterMs });
        case 'draining':
          // The node is shutting down: the client connects again at once (through a load balancer: another node).
          return print({ type: 'draining' });
        case 'disconnected':
          return print({ type: 'disconnected', reason: e.reason });
        case 'reconnected':
          return print({ type: 'reconnected', attempts: e.attempts });
        case 'connectError':
          return;
      }
    });
    client.on('queue:status', (q) => {
      if (tableId === null) print({ type: 'queue', ...queueLine(q) });
    });
    client.on('queue:matched', (m) => {
      if (tableId !== null) return;
      tableId = m.tableId;
      print({ type: 'matched', tableId: m.tableId, seat: m.seat });
      join(m.tableId);
    });
    client.on('refused', (p) => {
      // A stale move lost a race with another change; the newer state that follows decides again.
      print({ type: 'refused', code: p.code, message: p.message, ...(p.event ? { event: p.event } : {}) });
    });
    client.on('table:detached', () => finish(1, { type: 'detached', tableId, reason: 'another connection took this seat' }));
    client.on('table:presence', (p) => print({ type: 'presence', connected: p.connected }));
    client.on('table:state', (s) => {
      if (versions.observe(s) !== 'newer') return;
      shown = report(s, shown, print);
      for (const v of fairness.observe(s)) {
        print({ type: 'fairness', game: v.game, hand: v.hand, verified: v.status === 'verified', ...(v.status === 'verified' ? {} : { reason: v.reason }) });
      }
      if (s.table.phase === 'over' && s.view !== null) {
        return finish(0, { type: 'final', tableId, game: s.table.game, seat: s.seat, scores: s.view.scores, winner: s.view.winner });
      }
      decide(s);
    });
  });
}

/** Prints what is new in a state: the seats when they change, each new hand, each new public event. */
function report(s: TableState, shown: { game: number; hand: number; events: number; seats: string }, print: (line: Line) => void) {
  const next = { ...shown };
  const seats = JSON.stringify(s.table.seats);
  if (seats !== shown.seats) {
    print({ type: 'seats', seats: s.table.seats });
    next.seats = seats;
  }
  const view = s.view;
  if (view === null || view.hand === null) return next;
  const hand = view.handScores.length;
  if (s.table.game !== shown.game || hand !== shown.hand) {
    if (s.table.game !== shown.game) print({ type: 'game', game: s.table.game });
    print({ type: 'hand', game: s.table.game, hand, leader: view.hand.leader, tiles: view.hand.tiles });
    next.game = s.table.game;
    next.hand = hand;
    next.events = 0;
  }
  for (const event of view.hand.log.slice(next.events)) print({ ...event, type: event.type, hand });
  next.events = view.hand.log.length;
  return next;
}

function queueLine(q: QueueStatus): Record<string, unknown> {
  return { queue: q.queue, waiting: q.waiting, botsInMs: q.botsAt?.remainingMs ?? null };
}

/**
 * POSTs and resolves to the answer; a refusal ends the session, except `server/busy` (the server
 * cannot reach its store just now), asked again after its `retryAfterMs` as every socket request
 * is — told to `retrying` first, each time.
 */
export async function post<T>(url: string, body: unknown, token?: string, retrying?: (problem: Problem, afterMs: number) => void): Promise<T> {
  for (;;) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T & { error?: Problem };
    if (res.ok) return json;
    if (retrying !== undefined && json.error?.code === ErrorCode.busy) {
      const afterMs = json.error.retryAfterMs ?? DEFAULT_BUSY_RETRY_MS;
      retrying(json.error, afterMs);
      await new Promise((resolve) => setTimeout(resolve, afterMs));
      continue;
    }
    throw new Error(`${url}: ${res.status} ${json.error?.code ?? ''} ${json.error?.message ?? ''}`.trim());
  }
}
