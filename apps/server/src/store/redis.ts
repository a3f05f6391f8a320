import { randomUUID } from 'node:crypto';
import type { RecordHand, RulesInput } from '@fives/engine';
import type { OpenTable, PlayerId, TableCode, TableId } from '@fives/protocol';
import { DEFAULTS } from '../defaults.ts';
import { RedisJobQueue } from '../jobs/redis.ts';
import { RedisThinkQueue } from '../jobs/thinking.ts';
import { markSeated } from '../lobby/claims-redis.ts';
import { RedisMatchmaking } from '../lobby/matchmaking-redis.ts';
import { queueOfRules } from '../lobby/matchmaking.ts';
import { type RedisConnection, type RedisMode, type RedisTarget, connectRedis, redisTarget } from '../redis/connect.ts';
import { SHARD_TAGS, codeKey, jobKeys, shardKeys, shardOf, tableKeys, unshardedKeys } from '../redis/layout.ts';
import { luaScript } from '../redis/lua.ts';
import { type RedisClient, runScript } from '../redis/script.ts';
import {
  type FairDeals,
  fromStored,
  openEntry,
  type RematchOffer,
  seatedMarks,
  type SeatRecord,
  TABLE_SCHEMA,
  type TableClock,
  type TableDoc,
  type TableSettings,
} from '@fives/table';
import { UnconfirmedCommitError } from './availability.ts';
import type { CommitRequest, Committed, Created, FinishedEntry, KeptRecord, TableCounts, TableStore } from './store.ts';

/**
 * Tables in Redis, under a key prefix, in shards (`redis/layout.ts`): every script below touches
 * the keys of one shard only, so it runs alike on one Redis and on a cluster. Which key holds
 * what, and why a table's change is one script: docs/architecture.md, "The Redis key layout".
 *
 * Two things take a step of their own: the code (`create` claims it before it writes the table,
 * and lets it go if the table cannot be made; a process dying between the two leaves a code that
 * leads nowhere, harmless), and who is seated at a game under way (written in each person's shard
 * only when a commit says the table's marks changed; a process dying between the two leaves that
 * one change unmarked until the table's next one or its expiry).
 *
 * Stored data of an older layout is not read: `connect` refuses to start on it, saying so.
 */

/**
 * Redis holds data this server does not read (an older key layout): not an outage, so the
 * process says what to do and stops, rather than "cannot reach Redis" (main.ts).
 */
export class StoredLayoutError extends Error {
  override readonly name = 'StoredLayoutError';
}

// KEYS: table active open openEntries due payloads touched waiting over [record]
// ARGV: version meta seats phase game state control id openEntry openScore stepAt seatedMarks touchedAt [retentionMs hands…]
// (a restore names the game's record and gives its hands: written with the table, in the same step)
const CREATE = luaScript(['job-lib.lua', 'table-open.lua', 'table-index.lua', 'table-create.lua']);

// KEYS: code ; ARGV: id → 1 claimed now, 2 already this table's, 0 another table's
const CLAIM_CODE = luaScript(['code-claim.lua']);

// KEYS: code ; ARGV: id — lets a code go, if it is still this table's
const RELEASE_CODE = luaScript(['code-release.lua']);

// KEYS: table record active open openEntries due payloads touched waiting over finished
// ARGV: previousVersion version seats phase game state control append id openEntry openScore stepAt seatedMarks touchedAt retentionMs finished archiveAt node
// → 0 stale, else {1 + spectators, 1 if the seated marks changed, 1 if a connection may be on another node}
const COMMIT = luaScript(['job-lib.lua', 'table-open.lua', 'table-index.lua', 'table-commit.lua']);

// KEYS: table  ARGV: delta
const WATCH = luaScript(['table-watch.lua']);

// KEYS: table  ARGV: node — the table's `n:<node>` field, and its `nodes` count (-1: not known, for a restored table)
const REACH = luaScript(['table-reach.lua']);

// KEYS: table active open openEntries due payloads touched waiting over kept records…
// ARGV: id cutoff version retentionMs rules games
const EXPIRE = luaScript(['job-lib.lua', 'table-expire.lua']);

interface Meta {
  readonly id: TableId;
  readonly code: TableCode;
  readonly createdAt: string;
  readonly rulesInput: RulesInput;
}

interface Control {
  /** The document's schema version (`TABLE_SCHEMA`); absent on tables stored before it had one (version 0). */
  readonly schema?: number;
  readonly hostId: PlayerId;
  readonly settings: TableSettings;
  /** Read with a fallback: a table stored by an older server may have none. */
  readonly clock?: TableClock;
  /** The deals' seeds (absent on tables stored before deals were provable). */
  readonly fair?: FairDeals | null;
  /** Absent on tables stored before tables expired. */
  readonly updatedAt?: string;
  /** When the current game was dealt; absent before the first game and on tables stored before it was kept. */
  readonly gameStartedAt?: string;
  /** The host's rematch offer while it stands (issue 31): in the one field a commit writes with the rest, so every node reads it. */
  readonly rematch?: RematchOffer;
}

export interface RedisStoreOptions {
  /** A single Redis (`REDIS_URL`)… */
  readonly url?: string;
  /** …or the Redis to connect to, whichever mode (`redis/connect.ts`); wins over `url`. */
  readonly target?: RedisTarget;
  /** Prepended to every key (default: `DEFAULTS.redisPrefix`); no braces (they would be a hash tag). */
  readonly prefix?: string;
  /** Told about connection errors (node-redis reconnects by itself). */
  readonly onError?: (error: Error) => void;
  /** How long a game's record is kept after its last hand, ms (default: `DEFAULTS.recordRetentionMs`; 0: for ever). */
  readonly recordRetentionMs?: number;
  /**
   * How long to keep trying to reach Redis when first connecting, ms (default:
   * `DEFAULTS.redisConnectTimeoutMs`): past it, `connect` fails with the reason instead of
   * waiting for ever. Once connected, the client reconnects by itself for as long as it takes.
   */
  readonly connectTimeoutMs?: number;
  /** How long a command may wait for its reply before it fails as a stalled Redis, ms (default: `DEFAULTS.redisCommandTimeoutMs`). */
  readonly commandTimeoutMs?: number;
  /**
   * A commit is confirmed only once this many replicas have it (`WAIT`, up to `waitMs`); one not
   * confirmed in time is answered `server/busy` (retryable) and never broadcast, so no client is
   * shown a change a failover could lose. Default 0: not waited for (one Redis, no replica).
   */
  readonly waitReplicas?: number;
  /** How long a commit waits for its replicas, ms (default: `DEFAULTS.redisWaitMs`). */
  readonly waitMs?: number;
}

export class RedisTableStore implements TableStore {
  readonly kind = 'redis';
  readonly durable = true;
  readonly jobs: RedisJobQueue;
  readonly thinking: RedisThinkQueue;
  readonly matchmaking: RedisMatchmaking;
  /** The connection's commands: the counters shared beside the store use it too (`shared.ts`). */
  readonly client: RedisClient;
  /** This store's name at the tables it reaches (`reachHere`): one per node, never reused. */
  private readonly node = randomUUID();

  private constructor(
    private readonly connection: RedisConnection,
    /** The key prefix every key of this store starts with. */
    readonly prefix: string,
    private readonly recordRetentionMs: number,
    private readonly wait: { readonly replicas: number; readonly ms: number } = { replicas: 0, ms: 0 },
  ) {
    const client = connection.client;
    this.client = client;
    this.jobs = new RedisJobQueue(client, prefix);
    this.thinking = new RedisThinkQueue(client, prefix);
    this.matchmaking = new RedisMatchmaking(client, prefix, this.jobs);
  }

  static async connect(options: RedisStoreOptions): Promise<RedisTableStore> {
    const prefix = options.prefix ?? DEFAULTS.redisPrefix;
    if (/[{}]/.test(prefix)) throw new Error(`the Redis key prefix may not hold braces (they would be a hash tag): ${JSON.stringify(prefix)}`);
    const connection = await connectRedis(options.target ?? redisTarget({ url: options.url }), {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.redisConnectTimeoutMs,
      commandTimeoutMs: options.commandTimeoutMs ?? DEFAULTS.redisCommandTimeoutMs,
      ...(options.onError === undefined ? {} : { onError: options.onError }),
    });
    // Written by a server from before the shards (or before the queues were spread): its tables, jobs, queues and seats would be invisible here.
    const old = await Promise.all(unshardedKeys(prefix).map((key) => connection.client.exists(key)));
    if (old.some((n) => n > 0)) {
      await connection.close();
      throw new StoredLayoutError(
        `Redis holds tables or queues in an older layout (before shards, or before the queues were spread) under prefix ${JSON.stringify(prefix)}: let their games finish on the old server, or start this one with another REDIS_PREFIX (docs/performance.md, "Redis Cluster")`,
      );
    }
    return new RedisTableStore(connection, prefix, options.recordRetentionMs ?? DEFAULTS.recordRetentionMs, {
      replicas: options.waitReplicas ?? 0,
      ms: options.waitMs ?? DEFAULTS.redisWaitMs,
    });
  }

  /** Which Redis: one instance, a cluster or a Sentinel-managed one (said by `/healthz` and at start). */
  get mode(): RedisMode {
    return this.connection.mode;
  }

  async create(doc: TableDoc, stepAt: number | null = null): Promise<Created> {
    return this.write(doc, stepAt, null, Date.parse(doc.updatedAt));
  }

  async restore(doc: TableDoc, hands: readonly RecordHand[], stepAt: number | null, now: number): Promise<Created> {
    return this.write(doc, stepAt, hands, now);
  }

  /** A table written whole (made, or brought back with its game's record so far). */
  private async write(doc: TableDoc, stepAt: number | null, hands: readonly RecordHand[] | null, touched: number): Promise<Created> {
    const meta: Meta = { id: doc.id, code: doc.code, createdAt: doc.createdAt, rulesInput: doc.rulesInput };
    // The code first (its own shard): a table is never written with a code another holds.
    const code = codeKey(this.prefix, doc.code);
    const claimed = Number(await runScript(this.client, CLAIM_CODE, [code], [doc.id]));
    if (claimed === 0) return 'codeTaken';
    const marks = marksArg(doc);
    const record = hands === null ? [] : [tableKeys(this.prefix, doc.id).record(doc.game)];
    const recordArgs = hands === null ? [] : [String(this.recordRetentionMs), ...hands.map((h) => JSON.stringify(h))];
    const written = await runScript(
      this.client,
      CREATE,
      [...this.tableScriptKeys(doc.id), ...record],
      [String(doc.version), JSON.stringify(meta), ...this.mutableFields(doc), doc.id, ...this.openFields(doc), stepArg(stepAt), marks, String(touched), ...recordArgs],
    );
    if (written !== 1) {
      // Another table has this id: the code claimed for it just now goes back.
      if (claimed === 1) await runScript(this.client, RELEASE_CODE, [code], [doc.id]);
      return 'idTaken';
    }
    if (stepAt !== null) this.jobs.expect(shardOf(doc.id), stepAt);
    if (seatedMarks(doc).some(([, seated]) => seated)) await this.mark(doc.id, seatMarks(doc));
    return 'created';
  }

  async load(id: TableId): Promise<TableDoc | null> {
    const h = await this.client.hGetAll(tableKeys(this.prefix, id).table);
    if (h.version === undefined || h.meta === undefined) return null;
    const meta = JSON.parse(h.meta) as Meta;
    const control = JSON.parse(h.control ?? 'null') as Control | null;
    // Written by a server from before the lobby (no code, settings or clocks): not migrated.
    if (control === null) throw new Error(`table ${id} was stored by an older server (no control field) and cannot be read`);
    // The hash's fields put together as the stored document, which the table machine migrates and checks.
    const read = fromStored({
      ...meta,
      schema: control.schema,
      version: Number(h.version),
      hostId: control.hostId,
      seats: JSON.parse(h.seats ?? '[]') as unknown,
      phase: h.phase,
      game: Number(h.game),
      state: JSON.parse(h.state ?? 'null') as unknown,
      settings: control.settings,
      clock: control.clock,
      fair: control.fair,
      updatedAt: control.updatedAt,
      ...(control.gameStartedAt === undefined ? {} : { gameStartedAt: control.gameStartedAt }),
      ...(control.rematch === undefined ? {} : { rematch: control.rematch }),
    });
    if (!read.ok) throw new Error(`table ${id} cannot be read: ${read.error.message}`);
    return read.value;
  }

  async idForCode(code: TableCode): Promise<TableId | null> {
    return ((await this.client.get(codeKey(this.prefix, code))) ?? null) as TableId | null;
  }

  async commit({ next, append, stepAt = null, finished, previous = next.version - 1 }: CommitRequest): Promise<Committed> {
    const game = append?.game ?? next.game;
    // The finished game is the table's current one: the script's job key uses its game field.
    if (finished !== undefined && finished.entry.summary.game !== next.game)
      throw new Error(`game ${finished.entry.summary.game} finished, but table ${next.id} is at game ${next.game}`);
    const keys = tableKeys(this.prefix, next.id);
    const [table, ...rest] = this.tableScriptKeys(next.id);
    const marks = marksArg(next);
    const written = await runScript(
      this.client,
      COMMIT,
      [table as string, keys.record(game), ...rest, keys.finished(next.game)],
      [
        String(previous),
        String(next.version),
        ...this.mutableFields(next),
        append === undefined ? '' : JSON.stringify(append.hand),
        next.id,
        ...this.openFields(next),
        stepArg(stepAt),
        marks,
        touchedArg(next),
        String(this.recordRetentionMs),
        finished === undefined ? '' : JSON.stringify(finished.entry),
        finished === undefined ? '' : String(Math.round(finished.at)),
        this.node,
      ],
    );
    // 0: stale; else {1 + the spectators counted at the table, whether its seated marks changed, whether another node may hold a connection}.
    if (!Array.isArray(written)) return { written: false, spectators: 0, elsewhere: false };
    const [n, changed, elsewhere] = written as [number, number, number];
    if (stepAt !== null) this.jobs.expect(shardOf(next.id), stepAt);
    if (finished !== undefined) this.jobs.expect(shardOf(next.id), finished.at);
    // The second step, in each person's shard: only when a game starts or ends, or a person goes or comes back.
    if (changed === 1) await this.mark(next.id, seatMarks(next));
    await this.confirm(next);
    return { written: true, spectators: n - 1, elsewhere: elsewhere === 1 };
  }

  /**
   * Waits for the replicas to have the commit just made on this connection (`WAIT`; only the
   * commit and what came before it on the connection). Not confirmed: the change is on the master
   * alone, and a failover now would lose it (a master cut off from its replica, still taking writes
   * until the sentinels move the clients: seconds of changes). Refused as `server/busy`, it is
   * not broadcast: the client tries again, and its move is either found made (stale, the
   * table's state sent to it) or made again on the new master (docs/protocol.md, "Failover");
   * and once the replicas confirm again, the table's clients are sent what the store holds
   * (`TableCommits`: a job's change has no client to try again).
   */
  private async confirm(next: TableDoc): Promise<void> {
    const { replicas, ms } = this.wait;
    if (replicas === 0) return;
    const acked = await this.connection.waitForReplicas(replicas, ms);
    if (acked < replicas) {
      throw new UnconfirmedCommitError(`version ${next.version} of table ${next.id} reached ${acked} of ${replicas} replica(s) within ${ms} ms: not confirmed`);
    }
  }

  async confirmWrites(): Promise<boolean> {
    const { replicas, ms } = this.wait;
    return replicas === 0 || (await this.connection.waitForReplicas(replicas, ms)) >= replicas;
  }

  async watch(id: TableId, delta: 1 | -1): Promise<void> {
    await runScript(this.client, WATCH, [tableKeys(this.prefix, id).table], [String(delta)]);
  }

  async reachHere(id: TableId): Promise<void> {
    await runScript(this.client, REACH, [tableKeys(this.prefix, id).table], [this.node]);
  }

  async recordHands(id: TableId, game: number): Promise<RecordHand[]> {
    const items = await this.client.lRange(tableKeys(this.prefix, id).record(game), 0, -1);
    return items.map((text) => JSON.parse(text) as RecordHand);
  }

  async activeTables(): Promise<TableId[]> {
    const shards = await Promise.all(SHARD_TAGS.map((tag) => this.client.sMembers(shardKeys(this.prefix, tag).active)));
    return shards.flat() as TableId[];
  }

  /** The newest `limit` of every shard, merged: the newest `limit` of all. */
  async openTables(limit: number): Promise<OpenTable[]> {
    const shards = await Promise.all(
      SHARD_TAGS.map(async (tag) => (await this.client.zRangeWithScores(shardKeys(this.prefix, tag).open, 0, limit - 1, { REV: true })).map((e) => ({ ...e, tag }))),
    );
    // As one sorted set would give them: newest first, then by id, backwards.
    const newest = shards
      .flat()
      .sort((a, b) => b.score - a.score || (a.value < b.value ? 1 : a.value > b.value ? -1 : 0))
      .slice(0, limit);
    if (newest.length === 0) return [];
    const byTag = new Map<string, string[]>();
    for (const e of newest) byTag.set(e.tag, [...(byTag.get(e.tag) ?? []), e.value]);
    const entries = new Map<string, string>();
    await Promise.all(
      [...byTag].map(async ([tag, ids]) => {
        const texts = await this.client.hmGet(shardKeys(this.prefix, tag).openEntries, ids);
        ids.forEach((id, i) => {
          const text = texts[i];
          if (text != null) entries.set(id, text);
        });
      }),
    );
    return newest.flatMap((e) => {
      const text = entries.get(e.value);
      return text === undefined ? [] : [JSON.parse(text) as OpenTable];
    });
  }

  async countTables(): Promise<TableCounts> {
    const counts = await Promise.all(
      SHARD_TAGS.map((tag) => {
        const k = shardKeys(this.prefix, tag);
        return Promise.all([this.client.sCard(k.waiting), this.client.sCard(k.active), this.client.sCard(k.over)]);
      }),
    );
    return counts.reduce((sum, [waiting, playing, over]) => ({ waiting: sum.waiting + waiting, playing: sum.playing + playing, over: sum.over + over }), {
      waiting: 0,
      playing: 0,
      over: 0,
    });
  }

  /** `_now` is not needed: Redis keeps the records' time to live itself. */
  async expireIdle(cutoff: number, limit: number, _now?: number): Promise<TableId[]> {
    const shards = await Promise.all(
      SHARD_TAGS.map((tag) => this.client.zRangeByScore(shardKeys(this.prefix, tag).touched, '-inf', Math.floor(cutoff), { LIMIT: { offset: 0, count: limit } })),
    );
    const ids = (shards.flat() as TableId[]).slice(0, limit);
    const expired: TableId[] = [];
    for (const id of ids) if (await this.removeIf(id, cutoff)) expired.push(id);
    return expired;
  }

  async removeTable(id: TableId): Promise<boolean> {
    if ((await this.client.exists(tableKeys(this.prefix, id).table)) === 0) return false;
    return this.removeIf(id, Number.MAX_SAFE_INTEGER);
  }

  /** Removes the table if it has not changed since `cutoff` (ms), with everything that points at it. */
  private async removeIf(id: TableId, cutoff: number): Promise<boolean> {
    const keys = tableKeys(this.prefix, id);
    const [version, metaText, seatsText, game] = await this.client.hmGet(keys.table, ['version', 'meta', 'seats', 'game']);
    const meta = metaText == null ? null : (JSON.parse(metaText) as Meta);
    const seats = JSON.parse(seatsText ?? '[]') as SeatRecord[];
    const games = Number(game ?? 0);
    const marks = seats.flatMap((s) => (s.kind === 'human' ? [[s.playerId, 0] as const] : []));
    const records = Array.from({ length: games }, (_, i) => keys.record(i + 1));
    const done = await runScript(
      this.client,
      EXPIRE,
      [...this.tableScriptKeys(id), keys.kept, ...records],
      [id, String(Math.floor(cutoff)), version ?? '', String(this.recordRetentionMs), JSON.stringify(meta?.rulesInput ?? null), String(games)],
    );
    if (done !== 1) return false;
    // Its code, its seats and a match still pending for it (in its rules' queue), each in its own shard; a process dying before them
    // leaves a code leading nowhere, marks the next commit never clears (none comes) and a match whose job finds its table gone.
    if (meta !== null) await runScript(this.client, RELEASE_CODE, [codeKey(this.prefix, meta.code)], [id]);
    await markSeated(this.client, this.prefix, id, marks);
    const queue = meta === null ? null : queueOfRules(meta.rulesInput);
    if (queue !== null) await this.matchmaking.settle(queue, id);
    return true;
  }

  async finishedGame(id: TableId, game: number): Promise<FinishedEntry | null> {
    const text = await this.client.get(tableKeys(this.prefix, id).finished(game));
    return text === null ? null : (JSON.parse(text) as FinishedEntry);
  }

  async archived(id: TableId, game: number, records: boolean): Promise<void> {
    const keys = tableKeys(this.prefix, id);
    // Both under the table's tag: one slot.
    await this.client.del(records ? [keys.finished(game), keys.record(game)] : [keys.finished(game)]);
  }

  async keptRecord(id: TableId): Promise<KeptRecord | null> {
    const h = await this.client.hGetAll(tableKeys(this.prefix, id).kept);
    if (h.rules === undefined || h.games === undefined) return null;
    return { rulesInput: JSON.parse(h.rules) as RulesInput, games: Number(h.games) };
  }

  async ping(): Promise<boolean> {
    try {
      return await this.connection.ping();
    } catch {
      return false;
    }
  }

  onReconnect(listener: () => void): void {
    this.connection.onReady(listener);
  }

  stalledCommands(): number {
    return this.connection.stalledCommands();
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  /** Deletes every key under this store's prefix, on every master (tests clean up after themselves). */
  async deleteAll(): Promise<number> {
    let deleted = 0;
    for await (const keys of this.connection.scan(`${escapeGlob(this.prefix)}*`)) {
      // One key at a time: a cluster refuses a DEL of keys in several slots.
      const counts = await Promise.all(keys.map((key) => this.client.unlink(key)));
      deleted += counts.reduce((a, b) => a + b, 0);
    }
    return deleted;
  }

  /** Who the table counts as seated at its game under way, in each person's shard (the queues' guard). */
  private async mark(id: TableId, marks: readonly (readonly [string, 0 | 1])[]): Promise<void> {
    // Someone who sits down here while waiting in a queue waits no more: out of its line too.
    const dropped = await markSeated(this.client, this.prefix, id, marks);
    if (dropped.length > 0) await this.matchmaking.dropWaiting(dropped);
  }

  private mutableFields(doc: TableDoc): string[] {
    const control: Control = {
      schema: TABLE_SCHEMA,
      hostId: doc.hostId,
      settings: doc.settings,
      clock: doc.clock,
      fair: doc.fair,
      updatedAt: doc.updatedAt,
      ...(doc.gameStartedAt === undefined ? {} : { gameStartedAt: doc.gameStartedAt }),
      ...(doc.rematch === undefined ? {} : { rematch: doc.rematch }),
    };
    return [JSON.stringify(doc.seats), doc.phase, String(doc.game), JSON.stringify(doc.state), JSON.stringify(control)];
  }

  private openFields(doc: TableDoc): [string, string] {
    const entry = openEntry(doc);
    return [entry === null ? '' : JSON.stringify(entry), String(Date.parse(doc.createdAt))];
  }

  /**
   * The keys the CREATE and EXPIRE scripts share (COMMIT: with the game's record second and the
   * outbox last), all in the table's shard: the table, the shard's active set, open list and
   * its entries, job schedule, and its touched, waiting and over indexes.
   */
  private tableScriptKeys(id: TableId): string[] {
    const tag = shardOf(id);
    const s = shardKeys(this.prefix, tag);
    const jobs = jobKeys(this.prefix, tag);
    return [tableKeys(this.prefix, id).table, s.active, s.open, s.openEntries, jobs.due, jobs.payloads, s.touched, s.waiting, s.over];
  }
}

/** `[[player, 1|0], …]`: as `mark_seated` reads it. */
function seatMarks(doc: TableDoc): (readonly [string, 0 | 1])[] {
  return seatedMarks(doc).map(([player, seated]) => [player, seated ? 1 : 0] as const);
}

/** The marks as the table's hash keeps them (compared by COMMIT to say when they changed). */
function marksArg(doc: TableDoc): string {
  return JSON.stringify(seatMarks(doc));
}

function touchedArg(doc: TableDoc): string {
  return String(Date.parse(doc.updatedAt));
}

function stepArg(stepAt: number | null): string {
  return stepAt === null ? '' : String(Math.round(stepAt));
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
