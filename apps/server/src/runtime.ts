import type { Budget } from '@fives/bots';
import type { RandomSource } from '@fives/engine';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { BotThinker } from './bots/thinker.ts';
import type { AccountStore } from './accounts/store.ts';
import type { GameArchive } from './archive/archive.ts';
import { archiveGame } from './archive/job.ts';
import type { Job } from './jobs/job.ts';
import { JobRunner, type RunEnd } from './jobs/runner.ts';
import { LobbyService } from './lobby/service.ts';
import type { BotEvents } from './metrics/bot-metrics.ts';
import { OpenTablesFeed, lobbyEvents } from './sockets/lobby.ts';
import { announceTimeout, broadcast } from './sockets/plugin.ts';
import { seatRoom } from './sockets/rooms.ts';
import type { GameServer } from './sockets/types.ts';
import { isStoreUnavailable } from './store/availability.ts';
import type { TableStore } from './store/store.ts';
import type { SeedSource } from './tables/dealer.ts';
import type { TableDoc } from './tables/doc.ts';
import { type Cause, TableService } from './tables/service.ts';

export interface RuntimeOptions {
  readonly store: TableStore;
  /** Where finished games go (the `g:` jobs), and where their records are read once Redis let them go. */
  readonly archive: GameArchive;
  /** Who kept their name: a seat says so when they sit down. */
  readonly accounts: AccountStore;
  readonly log: FastifyBaseLogger;
  readonly random: RandomSource;
  readonly botBudget: Budget;
  readonly seeds: SeedSource;
  readonly now: () => Date;
  readonly botDelayMs: number;
  readonly handPauseMs: number;
  readonly graceMs: number;
  readonly mugginsWindowMs: number;
  readonly queueTurnSeconds: number | null;
  readonly jobPollMs: number;
  readonly jobLeaseMs: number;
  /** Where the searching levels think; null: nowhere on this node (BOT_WORKERS=0). */
  readonly thinker: BotThinker | null;
  readonly bots: BotEvents;
  /** How often a thinker looks for moves handed to it through Redis, ms. */
  readonly thinkPollMs: number;
  /** Told of every committed change, after the sockets (the metrics count moves). */
  readonly committed?: (doc: TableDoc, cause: Cause) => void;
  /** The Socket.IO server, once it exists (it needs the services first). */
  readonly io: () => GameServer | null;
}

export interface Runtime {
  readonly service: TableService;
  readonly lobby: LobbyService;
  readonly jobs: JobRunner;
  /** The moves handed over for a thinker, when this node is one (it has bot threads); else null. */
  readonly thinking: ThinkingRunner | null;
  readonly openTables: OpenTablesFeed;
}

/**
 * A thinker's side of the think queue (`jobs/thinking.ts`): it takes the moves waiting there and
 * says every poll that it is alive (for a few polls: a thinker that dies drops out by itself).
 */
export interface ThinkingRunner {
  readonly jobs: JobRunner;
  start(): void;
  close(): void;
}

/** The services and the job runner, wired to one another and to the sockets. */
export function createRuntime(o: RuntimeOptions): Runtime {
  const nowMs = (): number => o.now().getTime();
  let openTables: OpenTablesFeed | null = null;
  const service = new TableService({
    store: o.store,
    archive: o.archive,
    accounts: o.accounts,
    random: o.random,
    botBudget: o.botBudget,
    thinker: o.thinker,
    bots: o.bots,
    seeds: o.seeds,
    now: o.now,
    botDelayMs: o.botDelayMs,
    handPauseMs: o.handPauseMs,
    graceMs: o.graceMs,
    mugginsWindowMs: o.mugginsWindowMs,
    log: o.log,
    onChange: (doc, cause, watched) => {
      const io = o.io();
      if (io !== null) broadcast(io, doc, nowMs(), watched);
      o.committed?.(doc, cause);
    },
    onTimeout: (doc, seat) => {
      const io = o.io();
      if (io !== null) announceTimeout(io, doc, seat);
    },
    onOpenTables: () => openTables?.changed(),
  });
  const run = (job: Job): RunEnd => {
    switch (job.kind) {
      case 'table':
        return service.runStep(job.tableId, job.version);
      case 'away':
        return service.checkAway(job.tableId, job.seat);
      case 'fill':
        return lobby.fill(job.queue);
      case 'match':
        return lobby.seatPending(job.tableId, job.queue);
      case 'think':
        return service.runStep(job.tableId, job.version);
      case 'archive':
        return archiveGame(o, job.tableId, job.game);
    }
  };
  const onJobError = (error: unknown, job: Job | string): void => {
    // While the store is away every poll fails: the store monitor says so once, not each second.
    if (!isStoreUnavailable(error)) o.log.error({ err: error, job }, 'a job failed; it runs again when its lease is over');
  };
  const jobs = new JobRunner(o.store.jobs, nowMs, run, {
    pollMs: o.jobPollMs,
    leaseMs: o.jobLeaseMs,
    batch: 64,
    onError: onJobError,
  });
  const thinking = o.thinker === null ? null : thinkingRunner(o, run, onJobError);
  const lobby = new LobbyService({
    tables: service,
    store: o.store,
    archive: o.archive,
    now: o.now,
    leaseMs: o.jobLeaseMs,
    graceMs: o.graceMs,
    queueTurnSeconds: o.queueTurnSeconds,
    log: o.log,
    events: lobbyEvents(o.io),
    wake: (at) => jobs.wake(at),
  });
  openTables = new OpenTablesFeed(o.io, lobby, o.log);
  service.useRuntime({
    wake: (at) => jobs.wake(at),
    present: async (id, seat) => {
      const io = o.io();
      return io !== null && (await io.in(seatRoom(id, seat)).fetchSockets()).length > 0;
    },
  });
  return { service, lobby, jobs, thinking, openTables };
}

function thinkingRunner(o: RuntimeOptions, run: (job: Job) => RunEnd, onError: (error: unknown, job: Job | string) => void): ThinkingRunner {
  const nowMs = (): number => o.now().getTime();
  const id = randomUUID();
  // Only think jobs are ever put in this queue; any other key is left for a newer server.
  const jobs = new JobRunner(o.store.thinking.jobs, nowMs, (job) => (job.kind === 'think' ? run(job) : Promise.resolve()), {
    pollMs: o.thinkPollMs,
    leaseMs: o.jobLeaseMs,
    // A few more than the threads: a move taken waits for a thread, under its lease, no longer.
    batch: 8,
    onError,
  });
  let beat: NodeJS.Timeout | null = null;
  const alive = (): void => {
    o.store.thinking.beat(id, nowMs() + Math.max(3 * o.jobPollMs, 3000)).catch((error: unknown) => onError(error, 'beat'));
  };
  return {
    jobs,
    start() {
      jobs.start();
      alive();
      beat ??= setInterval(alive, o.jobPollMs);
      beat.unref();
    },
    close() {
      jobs.close();
      if (beat !== null) clearInterval(beat);
      beat = null;
    },
  };
}
