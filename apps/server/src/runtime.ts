import type { Budget } from '@fives/bots';
import type { RandomSource } from '@fives/engine';
import type { ArchivedGame, PlayerId, TableId } from '@fives/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { BotThinker } from './bots/thinker.ts';
import type { AccountStore } from './accounts/store.ts';
import type { SafetyStore } from './safety/store.ts';
import type { GameArchive } from './archive/archive.ts';
import { archiveGame } from './archive/job.ts';
import type { Job } from './jobs/job.ts';
import { JobRunner, type RunEnd } from './jobs/runner.ts';
import type { QueueBanRules } from './lobby/queue-bans.ts';
import { LobbyService } from './lobby/service.ts';
import type { BotEvents } from './metrics/bot-metrics.ts';
import type { LobbyEvents } from './lobby/service.ts';
import { isStoreUnavailable } from './store/availability.ts';
import type { TableStore } from './store/store.ts';
import type { CorrespondencePort, SeatPresence, TableBroadcast } from './tables/context.ts';
import type { SeedSource } from './tables/dealer.ts';
import { TableService } from './tables/service.ts';

export interface RuntimeOptions {
  readonly store: TableStore;
  /** Where finished games go (the `g:` jobs), and where their records are read once Redis let them go. */
  readonly archive: GameArchive;
  /** What else a game settles once it is in the archive (a tournament game's result). */
  readonly archived: (game: ArchivedGame) => Promise<void>;
  /** What else a person leaving a game under way settles (their tournament withdraws them). */
  readonly leftGame: (tableId: TableId, player: PlayerId) => Promise<void>;
  /** Where correspondence tables are kept between moves. */
  readonly correspondence: CorrespondencePort;
  /** Who kept their name: a seat says so when they sit down. */
  readonly accounts: AccountStore;
  /** Who blocks whom: never matched in a queue, never seated at a blocker's table. */
  readonly safety: SafetyStore;
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
  readonly queueBans: QueueBanRules;
  readonly jobPollMs: number;
  readonly jobLeaseMs: number;
  /** Where the searching levels think; null: nowhere on this node (BOT_WORKERS=0). */
  readonly thinker: BotThinker | null;
  readonly bots: BotEvents;
  /** How often a thinker looks for moves handed to it through Redis, ms. */
  readonly thinkPollMs: number;
  /** Where committed changes go out (`sockets/broadcast.ts`), built before the services. */
  readonly broadcast: TableBroadcast;
  /** Who holds a seat now, on any node. */
  readonly presence: SeatPresence;
  /** The lobby's messages to the sockets (a queue's match, its status). */
  readonly lobbyEvents: LobbyEvents;
}

export interface Runtime {
  readonly service: TableService;
  readonly lobby: LobbyService;
  readonly jobs: JobRunner;
  /** The moves handed over for a thinker, when this node is one (it has bot threads); else null. */
  readonly thinking: ThinkingRunner | null;
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

/**
 * The services and the job runner, each given what it needs when it is made: the job runner
 * first (its jobs call the services only once it runs, after `build()`), then the services
 * with the runner to wake and the sockets' ports.
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const nowMs = (): number => options.now().getTime();
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
        return archiveGame(options, job.tableId, job.game);
    }
  };
  const onJobError = (error: unknown, job: Job | string): void => {
    // While the store is away every poll fails: the store monitor says so once, not each second.
    if (!isStoreUnavailable(error)) options.log.error({ err: error, job }, 'a job failed; it runs again when its lease is over');
  };
  const jobs = new JobRunner(options.store.jobs, nowMs, run, {
    pollMs: options.jobPollMs,
    leaseMs: options.jobLeaseMs,
    batch: 64,
    onError: onJobError,
  });
  const thinking = options.thinker === null ? null : thinkingRunner(options, run, onJobError);
  const service = new TableService({
    store: options.store,
    archive: options.archive,
    accounts: options.accounts,
    safety: options.safety,
    random: options.random,
    botBudget: options.botBudget,
    thinker: options.thinker,
    bots: options.bots,
    seeds: options.seeds,
    now: options.now,
    botDelayMs: options.botDelayMs,
    handPauseMs: options.handPauseMs,
    graceMs: options.graceMs,
    mugginsWindowMs: options.mugginsWindowMs,
    log: options.log,
    broadcast: options.broadcast,
    presence: options.presence,
    jobs,
    leftGame: options.leftGame,
    correspondence: options.correspondence,
  });
  const lobby = new LobbyService({
    tables: service,
    store: options.store,
    archive: options.archive,
    safety: options.safety,
    now: options.now,
    leaseMs: options.jobLeaseMs,
    graceMs: options.graceMs,
    queueTurnSeconds: options.queueTurnSeconds,
    queueBans: options.queueBans,
    log: options.log,
    events: options.lobbyEvents,
    wake: (at) => jobs.wake(at),
  });
  return { service, lobby, jobs, thinking };
}

function thinkingRunner(options: RuntimeOptions, run: (job: Job) => RunEnd, onError: (error: unknown, job: Job | string) => void): ThinkingRunner {
  const nowMs = (): number => options.now().getTime();
  const id = randomUUID();
  // Only think jobs are ever put in this queue; any other key is left for a newer server.
  const jobs = new JobRunner(options.store.thinking.jobs, nowMs, (job) => (job.kind === 'think' ? run(job) : Promise.resolve()), {
    pollMs: options.thinkPollMs,
    leaseMs: options.jobLeaseMs,
    // A few more than the threads: a move taken waits for a thread, under its lease, no longer.
    batch: 8,
    onError,
  });
  let beat: NodeJS.Timeout | null = null;
  const alive = (): void => {
    options.store.thinking.beat(id, nowMs() + Math.max(3 * options.jobPollMs, 3000)).catch((error: unknown) => onError(error, 'beat'));
  };
  return {
    jobs,
    start() {
      jobs.start();
      alive();
      beat ??= setInterval(alive, options.jobPollMs);
      beat.unref();
    },
    close() {
      jobs.close();
      if (beat !== null) clearInterval(beat);
      beat = null;
    },
  };
}
