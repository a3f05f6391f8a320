import type { RandomSource } from '@fives/engine';
import type { Budget } from '@fives/bots';
import type { PlayerId, TableId } from '@fives/protocol';
import type { BotChooser, Cause, TableDoc, Timing } from '@fives/table';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountStore } from '../accounts/store.ts';
import type { SafetyStore } from '../safety/store.ts';
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
  /** Who blocks whom: a person blocked by someone seated at a table may not sit down at it. */
  readonly safety: Pick<SafetyStore, 'blockersOf'>;
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
  /** Where committed changes go out (the sockets, `sockets/broadcast.ts`), built before the service. */
  readonly broadcast: TableBroadcast;
  /** Who holds a seat now (the sockets, on any node). */
  readonly presence: SeatPresence;
  /** This node's job runner, woken at `at` for a step it has just set (built before the service). */
  readonly jobs: JobAlarm;
  /** A person left a game under way (`table:leave`): what else that settles (their tournament withdraws them). */
  readonly leftGame: (tableId: TableId, player: PlayerId) => Promise<void>;
  /** Where a correspondence table is kept between moves: told of each of its commits before the change is answered. */
  readonly correspondence: CorrespondencePort;
}

/** The correspondence keeper, as the table service sees it (`correspondence/keeper.ts`). */
export interface CorrespondencePort {
  /** A correspondence table's commit was written: it is kept (and the person to move is told). */
  committed(doc: TableDoc): Promise<void>;
}

/**
 * The way out of a table's changes, handed to the service when it is made (as boardgame.io hands
 * its `Master` a transport): the service decides, the port tells whoever follows the table.
 */
export interface TableBroadcast {
  /** A change was committed, for `cause`: every seat and spectator `audience` names is sent its own view. */
  changed(doc: TableDoc, cause: Cause, audience: Audience): void;
  /** A stand-in moved for a person whose turn time ran out (after the state that shows the move). */
  timedOut(doc: TableDoc, seat: number): void;
  /** A change may have changed the open-tables list. */
  openTablesChanged(): void;
}

/** Who may follow a table, as a commit saw it: where its change must be sent. */
export interface Audience {
  /** The table may have spectators (false only when the commit counted none). */
  readonly watched: boolean;
  /** A connection at the table may be on another node (false only when the commit knew of none: `Committed.elsewhere`). */
  readonly elsewhere: boolean;
}

/** Everyone who could follow the table, wherever: for a change sent without a commit's count. */
export const EVERYONE: Audience = { watched: true, elsewhere: true };

/** Whether some connection holds the seat now, on any node. */
export interface SeatPresence {
  present(id: TableId, seat: number): Promise<boolean>;
}

/** Wakes this node's job runner at `at` (ms): a step it has just set falls due then. */
export interface JobAlarm {
  wake(at: number): void;
}

/** What every feature of a table's life (founding.ts, joining.ts, away.ts…) runs with. */
export interface TableContext {
  readonly options: TableServiceOptions;
  readonly commits: TableCommits;
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
