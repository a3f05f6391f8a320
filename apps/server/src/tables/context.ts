import type { RandomSource } from '@fives/engine';
import type { Budget } from '@fives/bots';
import type { TableId } from '@fives/protocol';
import type { BotChooser, Cause, TableDoc, Timing } from '@fives/table';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountStore } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import type { BotThinker } from '../bots/thinker.ts';
import type { BotEvents } from '../metrics/bot-metrics.ts';
import type { TableStore } from '../store/store.ts';
import type { TableCommits } from './commit.ts';
import type { SeedSource } from './dealer.ts';

export interface TableServiceOptions extends Timing {
  readonly store: TableStore;
  /** Finished games for good: a record is read from here first, so it outlives the table in Redis. */
  readonly archive: GameArchive;
  /** Who kept their name with a passkey: their seats are not shown as guests'. */
  readonly accounts: AccountStore;
  /** The computer players' choices. */
  readonly random: RandomSource;
  /** How long (or how many samples) the searching levels may think per move. */
  readonly botBudget: Budget;
  /**
   * Where the searching levels think (worker threads, `bots/pool.ts`); null: nowhere on this
   * node (BOT_WORKERS=0) — their moves are handed to the thinkers through Redis (`jobs/thinking.ts`).
   */
  readonly thinker: BotThinker | null;
  /** Told how the computer players' thinking goes (the metrics). */
  readonly bots: BotEvents;
  /** Each hand's secret seed (see `dealer.ts`). */
  readonly seeds: SeedSource;
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
  /**
   * Told of every committed change and what made it (the sockets broadcast it; the metrics count
   * it); `watched`: whether the table may have spectators (false only when the commit saw none).
   */
  readonly onChange: (doc: TableDoc, cause: Cause, watched: boolean) => void;
  /** Told when a stand-in moved for a person whose turn time ran out. */
  readonly onTimeout: (doc: TableDoc, seat: number) => void;
  /** Told when a change may have changed the open-tables list. */
  readonly onOpenTables: () => void;
}

/** What the table needs from the rest of the server at run time (set once both exist). */
export interface TableRuntime {
  /** Wake this node's job runner at `at` (a step it has just set). */
  readonly wake: (at: number) => void;
  /** Whether some connection holds the seat now, on any node. */
  readonly present: (id: TableId, seat: number) => Promise<boolean>;
}

/** What every feature of a table's life (founding.ts, joining.ts, away.ts…) runs with. */
export interface TableContext {
  readonly o: TableServiceOptions;
  readonly commits: TableCommits;
  /** The runtime as it is now: the sockets and the job runner are wired in after the service is made. */
  readonly runtime: () => TableRuntime;
  readonly nowMs: () => number;
  /** The computer players, as the machine asks for them on this node: the server's policies, randomness and budget. */
  readonly choose: BotChooser;
  /** What the steps of this node keep between them (steps.ts). */
  readonly steps: StepsUnderWay;
}

/** The steps this node is running now (`table:version`), and when it last said that moves wait with no thinker. */
export interface StepsUnderWay {
  readonly running: Set<string>;
  saidNoThinkerAt: number;
}
