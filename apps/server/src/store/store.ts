import type { RecordHand, RulesInput } from '@fives/engine';
import type { GameSummary, OpenTable, Phase, TableCode, TableId } from '@fives/protocol';
import type { JobQueue } from '../jobs/job.ts';
import type { ThinkQueue } from '../jobs/thinking.ts';
import type { Matchmaking } from '../lobby/matchmaking.ts';
import type { RedisMode } from '../redis/connect.ts';
import type { RecordAppend, TableDoc } from '@fives/table';

/** How many tables are in each phase. */
export type TableCounts = Record<Phase, number>;

/** What the records of an expired table need: its rules, and how many games it had. */
export interface KeptRecord {
  readonly rulesInput: RulesInput;
  readonly games: number;
}

/** A change to write (`TableStore.commit`). */
export interface CommitRequest {
  /** The table as changed: written only if the stored one is still at `next.version - 1`. */
  readonly next: TableDoc;
  /** A hand the change closed, appended to that game's record. */
  readonly append?: RecordAppend | undefined;
  /** When the table's next automatic step falls due (ms); null or absent: none. */
  readonly stepAt?: number | null;
  /** The game the change finished: kept until archived, and its archive job set due at `finished.at`. */
  readonly finished?: FinishedGame | undefined;
  /**
   * The stored version to write on instead of `next.version - 1`: a table resumed past versions
   * a failover lost (`TableCommits.resume`).
   */
  readonly previous?: number;
}

/** What a commit did: whether it was written, and what it saw of the table as it wrote. */
export interface Committed {
  /** False when someone else changed the table first (nothing was written). */
  readonly written: boolean;
  /** How many spectators' connections are counted at the table (`watch`) at that moment (0 when not written). */
  readonly spectators: number;
  /**
   * Whether a connection at the table may be on another node (`reachHere`), so that the change
   * must be published to the other nodes; false only when every node the table has heard of is
   * this one (or none). A Redis publish (and its echo back to this node) is a large share of a
   * move's CPU, and at most tables everyone is on one node.
   */
  readonly elsewhere: boolean;
}

/**
 * A finished game waiting for the archive (the outbox): its archive entry without the record,
 * and the rules as the host gave them, which its record carries. Stored with the finishing
 * change, in the same atomic step as the archive job that writes it (`g:<table>:<n>`).
 */
export interface FinishedEntry {
  readonly summary: GameSummary;
  readonly rulesInput: RulesInput;
}

/** The game a commit finishes: its outbox entry, and when its archive job falls due. */
export interface FinishedGame {
  readonly entry: FinishedEntry;
  readonly at: number;
}

/** What a create did: made the table, or found its id or its code already in use. */
export type Created = 'created' | 'idTaken' | 'codeTaken';

/**
 * Where tables live. Two implementations — Redis (durable, shared by every server process) and
 * memory (one process, lost at exit) — pass the same contract suite (`test/store.contract.ts`).
 * Beside the tables, each keeps the jobs and the queues (`jobs`, `thinking`, `matchmaking`) in
 * the same place, so that a change and what it calls for are written in one atomic step; only
 * those. What the nodes share otherwise (rate counters, open sockets, passkey challenges) is
 * built beside the store, on its connection (`shared.ts`).
 */
export interface TableStore {
  readonly kind: 'redis' | 'memory';
  /** Redis only: which (`redis/connect.ts`), said by `/healthz` and at start. */
  readonly mode?: RedisMode;
  readonly durable: boolean;
  readonly jobs: JobQueue;
  /** Computer players' moves waiting for a thinker (`jobs/thinking.ts`). */
  readonly thinking: ThinkQueue;
  readonly matchmaking: Matchmaking;
  /**
   * Stores a new table (version 0) under its id and code, lists it if it is open (see
   * `openEntry`) and sets its first automatic step for `stepAt` (ms; null for none).
   */
  create(doc: TableDoc, stepAt?: number | null): Promise<Created>;
  /**
   * Stores a table kept elsewhere meanwhile (a correspondence table back from PostgreSQL) as
   * `create` does, at its own version, with its game's record so far written in the same atomic
   * step, counted as touched at `now` (not at its last change, days ago: the expiry would take it
   * at once). 'idTaken': it is here already (another node brought it back first).
   */
  restore(doc: TableDoc, hands: readonly RecordHand[], stepAt: number | null, now: number): Promise<Created>;
  load(id: TableId): Promise<TableDoc | null>;
  /** The table with this (normalized) code. */
  idForCode(code: TableCode): Promise<TableId | null>;
  /**
   * Writes `request.next` only if the stored table is still at the version before it, and in the
   * same atomic step appends the closed hand to that game's record, updates the open-tables list,
   * sets the table's next automatic step, and keeps a finished game with its archive job
   * (`CommitRequest`). Not written when someone else changed the table first.
   */
  commit(request: CommitRequest): Promise<Committed>;
  /**
   * Whether every write this node has made is on the replicas `REDIS_WAIT_REPLICAS` asks for
   * (`WAIT`); true at once where there is nothing to wait for. After a commit refused as
   * unconfirmed (`UnconfirmedCommitError`), the table's clients are told once this holds.
   */
  confirmWrites(): Promise<boolean>;
  /** A finished game not yet archived (`commit`'s `finished`); null once archived or when there is none. */
  finishedGame(id: TableId, game: number): Promise<FinishedEntry | null>;
  /**
   * The game has been archived: its outbox entry goes, and with `records` its record's hands too
   * (the archive serves them from now on; only a durable archive may take them over).
   */
  archived(id: TableId, game: number, records: boolean): Promise<void>;
  /**
   * Counts a spectator's connection in (+1) or out (-1) of the table, never below 0; nothing
   * for a table that is not stored. A broadcast skips the spectators when a commit sees none,
   * so a spectator is counted in before it reads the table it is shown first.
   */
  watch(id: TableId, delta: 1 | -1): Promise<void>;
  /**
   * This node holds a connection at the table from now on: every later commit of it by another
   * node says `elsewhere`. Called after the connection has joined the table's rooms and before
   * it reads the table, as `watch`: a change committed before is in what it reads, one after is
   * published to it. A node is never taken off (a node gone costs only publishes); a table
   * brought back whole (`restore`) says `elsewhere` for as long as it is stored, since
   * connections may have stayed in its rooms while it was away. Nothing for a table that is not stored.
   */
  reachHere(id: TableId): Promise<void>;
  /** The hands recorded for a game so far, in order. */
  recordHands(id: TableId, game: number): Promise<RecordHand[]>;
  /** Tables with a game under way: a (re)started server checks each has its next step set. */
  activeTables(): Promise<TableId[]>;
  /** The open-tables list, newest first. */
  openTables(limit: number): Promise<OpenTable[]>;
  /** How many tables there are in each phase (metrics). */
  countTables(): Promise<TableCounts>;
  /**
   * Removes up to `limit` tables not changed since `cutoff` (ms; their `updatedAt`), each in
   * one atomic step with everything that points at it: its code, the open list, the phase
   * indexes, who is seated at it, its jobs and a pending queue match. Their game records stay
   * for the retention time (see `keptRecord`). Resolves to the ids removed. `now` is the
   * store's clock for a store that keeps time itself (memory; Redis has TTLs).
   */
  expireIdle(cutoff: number, limit: number, now: number): Promise<TableId[]>;
  /** What is kept of an expired table for its records; null when nothing is (or it never expired). */
  /**
   * Removes the table now, as `expireIdle` removes an abandoned one (an operator closing it): a
   * game under way is not archived. False: no such table. `now` as for `expireIdle`.
   */
  removeTable(id: TableId, now: number): Promise<boolean>;
  keptRecord(id: TableId): Promise<KeptRecord | null>;
  ping(): Promise<boolean>;
  /**
   * Calls `listener` each time the connection is back after it was lost (Redis; a store in
   * memory is never lost): the node sends its sockets the states they may have missed.
   */
  onReconnect?(listener: () => void): void;
  /** Redis only: commands failed so far because Redis did not answer in time (`redis/stall.ts`). */
  stalledCommands?(): number;
  close(): Promise<void>;
}
