import type { Budget } from '@fives/bots';
import type { RandomSource } from '@fives/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { GameArchive } from './archive/archive.ts';
import { archiveGame } from './archive/job.ts';
import type { Job } from './jobs/job.ts';
import { JobRunner, type RunEnd } from './jobs/runner.ts';
import { LobbyService } from './lobby/service.ts';
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
  /** Told of every committed change, after the sockets (the metrics count moves). */
  readonly committed?: (doc: TableDoc, cause: Cause) => void;
  /** The Socket.IO server, once it exists (it needs the services first). */
  readonly io: () => GameServer | null;
}

export interface Runtime {
  readonly service: TableService;
  readonly lobby: LobbyService;
  readonly jobs: JobRunner;
  readonly openTables: OpenTablesFeed;
}

/** The services and the job runner, wired to one another and to the sockets. */
export function createRuntime(o: RuntimeOptions): Runtime {
  const nowMs = (): number => o.now().getTime();
  let openTables: OpenTablesFeed | null = null;
  const service = new TableService({
    store: o.store,
    archive: o.archive,
    random: o.random,
    botBudget: o.botBudget,
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
        return lobby.seatPending(job.tableId);
      case 'archive':
        return archiveGame(o, job.tableId, job.game);
    }
  };
  const jobs = new JobRunner(o.store.jobs, nowMs, run, {
    pollMs: o.jobPollMs,
    leaseMs: o.jobLeaseMs,
    batch: 64,
    onError: (error, job) => {
      // While the store is away every poll fails: the store monitor says so once, not each second.
      if (!isStoreUnavailable(error)) o.log.error({ err: error, job }, 'a job failed; it runs again when its lease is over');
    },
  });
  const lobby = new LobbyService({
    tables: service,
    store: o.store,
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
  return { service, lobby, jobs, openTables };
}
