import type { RecordHand, RulesInput } from '@fives/engine';
import type { OpenTable, PlayerId, TableCode, TableId } from '@fives/protocol';
import { DEFAULTS } from '../defaults.ts';
import { RedisChallenges } from '../accounts/challenges.ts';
import { RedisOpenSockets } from '../guard/open-sockets.ts';
import { RedisRateCounter } from '../guard/rates.ts';
import { JOB_LUA, RedisJobQueue } from '../jobs/redis.ts';
import { RedisThinkQueue } from '../jobs/thinking.ts';
import { markSeated } from '../lobby/claims-redis.ts';
import { RedisMatchmaking } from '../lobby/matchmaking-redis.ts';
import { queueOfRules } from '../lobby/matchmaking.ts';
import { type RedisConnection, type RedisMode, type RedisTarget, connectRedis, redisTarget } from '../redis/connect.ts';
import { SHARD_TAGS, codeKey, jobKeys, shardKeys, shardOf, tableKeys, unshardedKeys } from '../redis/layout.ts';
import { type RedisClient, runScript, script } from '../redis/script.ts';
import { type FairDeals, type RecordAppend, type RematchOffer, type SeatRecord, type TableClock, type TableDoc, type TableSettings } from '../tables/doc.ts';
import { openEntry, seatedMarks } from '../tables/summary.ts';
import { StoreUnavailableError } from './availability.ts';
import type { CommitSeen, Created, FinishedEntry, FinishedGame, KeptRecord, TableCounts, TableStore } from './store.ts';
import { TABLE_SCHEMA, fromStored } from '@fives/table';

/**
 * Tables in Redis, under a key prefix (so several deployments or test runs share one Redis), in
 * shards (`redis/layout.ts`): `{s}` below is the shard tag of the table's id, `{c}` that of its
 * code, `{p}` that of a person's id. A Redis Cluster hash slot per tag: every script below touches
 * keys of one tag only, so it runs as well on one Redis as on a cluster (one code path).
 *
 *   {prefix}{s}t:<id>          hash: version, meta (id, code, createdAt, rules), seats, phase, game,
 *                              state, control (host, settings, clocks), watchers (spectators'
 *                              connections), marks (who it counts as seated at its game under way)
 *   {prefix}{s}t:<id>:g:<n>    list: game n's finished hands, as record entries (docs/records.md), in order
 *   {prefix}{s}t:<id>:rec      hash: rules, games — what an expired table's records need
 *   {prefix}{s}t:<id>:fin:<n>  game n finished, not yet archived (the outbox): its archive entry (JSON), with job g:<id>:<n>
 *   {prefix}{s}jobs, jobs:p    the shard's job schedule (`jobs/redis.ts`): the table's next step and its other jobs
 *   {prefix}{s}active          set: ids of the shard's tables with a game under way
 *   {prefix}{s}open, open:e    sorted set by creation time, and hash id → entry (JSON): the shard's open tables (see `openEntry`)
 *   {prefix}{s}touched         sorted set: the shard's tables by the time of their last change (expiry)
 *   {prefix}{s}ph:waiting, ph:over  sets: the shard's tables waiting for players, and finished games
 *   {prefix}{c}code:<CODE>     the id of the table with this short code
 *   {prefix}{p}seated          hash: player → the table whose game under way they sit at (`lobby/claims-redis.ts`)
 *   {prefix}rl:<kind>:<addr>   the per-address rate limits' counters (`guard/rates.ts`)
 *   {prefix}so:<addr>          hash: each node's open sockets of the address, and until when they count (`guard/open-sockets.ts`)
 *   {prefix}ch:<challenge>     a passkey challenge handed out and not yet answered, with its TTL (`accounts/challenges.ts`)
 *
 * plus the moves waiting for a thinker (`jobs/thinking.ts`) and the queues
 * (`lobby/matchmaking-redis.ts`) under the same prefix. A change to a table is one Lua script
 * on its shard that checks the stored version and writes the table, appends a finished hand,
 * updates the shard's open list and indices and sets the table's next automatic step — all
 * atomically, so any number of server processes can serve one table: of two changes made on the
 * same version exactly one is written, and no written change is without its next step. Lists
 * are read from every shard and merged.
 *
 * Two things live elsewhere and take a step of their own:
 * - the code: `create` claims it (SET NX in the code's shard) before it writes the table, and
 *   lets it go if the table cannot be made; a process dying between the two leaves a code that
 *   leads nowhere (a lookup finds no table) and is never given out again — harmless.
 * - who is seated at a game under way (the queues' guard): the commit keeps the table's marks
 *   and says when they changed (a game starting or ending, a person going away or coming back —
 *   not an ordinary move); only then are they written in each person's shard (one script per
 *   shard, side by side). The queues' own matches mark their people with a compare-and-set on
 *   each one's claim, so nobody is ever seated twice by the queues; a process dying between a
 *   commit and its marks leaves that one change unmarked until the table's next one (or its expiry).
 *
 * Records are kept `recordRetentionMs` after their last hand (a TTL on each game's list); a
 * table nobody has changed for a while expires whole (`expireIdle`): its hash, its place in
 * every list and index and its jobs in one script, then its code and who is seated at it.
 *
 * Stored data of the layouts before (global `touched`, `jobs`, `seated` keys; matchmaking's
 * one `{mm}` shard) is not read: `connect` refuses to start on it, saying so (docs/performance.md, "Redis Cluster").
 */

/**
 * Redis holds data this server does not read (an older key layout): not an outage, so the
 * process says what to do and stops, rather than "cannot reach Redis" (main.ts).
 */
export class StoredLayoutError extends Error {
  override readonly name = 'StoredLayoutError';
}

/** Lua: the table's place in the phase indexes and the expiry index. */
const INDEX_LUA = `
local function index_table(active, waiting, over, touched, id, phase, at)
  if phase == 'playing' then redis.call('SADD', active, id) else redis.call('SREM', active, id) end
  if phase == 'waiting' then redis.call('SADD', waiting, id) else redis.call('SREM', waiting, id) end
  if phase == 'over' then redis.call('SADD', over, id) else redis.call('SREM', over, id) end
  redis.call('ZADD', touched, at, id)
end
`;

const OPEN_LUA = `
local function list_open(open, entries, id, entry, score)
  if entry ~= '' then
    redis.call('ZADD', open, score, id)
    redis.call('HSET', entries, id, entry)
  else
    redis.call('ZREM', open, id)
    redis.call('HDEL', entries, id)
  end
end
`;

// KEYS: table active open openEntries due payloads touched waiting over
// ARGV: version meta seats phase game state control id openEntry openScore stepAt seatedMarks touchedAt
const CREATE = script(`${JOB_LUA}${OPEN_LUA}${INDEX_LUA}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'meta', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6], 'control', ARGV[7], 'marks', ARGV[12])
index_table(KEYS[2], KEYS[8], KEYS[9], KEYS[7], ARGV[8], ARGV[4], ARGV[13])
list_open(KEYS[3], KEYS[4], ARGV[8], ARGV[9], ARGV[10])
if ARGV[11] ~= '' then set_job(KEYS[5], KEYS[6], 't:' .. ARGV[8], ARGV[1], ARGV[11]) end
return 1
`);

// KEYS: code ; ARGV: id → 1 claimed now, 2 already this table's, 0 another table's
const CLAIM_CODE = script(`
local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1])
  return 1
end
if holder == ARGV[1] then return 2 end
return 0
`);

// KEYS: code ; ARGV: id — lets a code go, if it is still this table's
const RELEASE_CODE = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

// KEYS: table record active open openEntries due payloads touched waiting over finished
// ARGV: previousVersion version seats phase game state control append id openEntry openScore stepAt seatedMarks touchedAt retentionMs finished archiveAt
// → 0 stale, else {1 + spectators, 1 if the seated marks changed}
const COMMIT = script(`${JOB_LUA}${OPEN_LUA}${INDEX_LUA}
local current = redis.call('HGET', KEYS[1], 'version')
if current ~= ARGV[1] then return 0 end
local marked = redis.call('HGET', KEYS[1], 'marks')
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6], 'control', ARGV[7], 'marks', ARGV[13])
if ARGV[8] ~= '' then
  redis.call('RPUSH', KEYS[2], ARGV[8])
  if tonumber(ARGV[15]) > 0 then redis.call('PEXPIRE', KEYS[2], ARGV[15]) end
end
if ARGV[16] ~= '' then
  redis.call('SET', KEYS[11], ARGV[16])
  if tonumber(ARGV[15]) > 0 then redis.call('PEXPIRE', KEYS[11], ARGV[15]) end
  set_job(KEYS[6], KEYS[7], 'g:' .. ARGV[9] .. ':' .. ARGV[5], ARGV[5], ARGV[17])
end
index_table(KEYS[3], KEYS[9], KEYS[10], KEYS[8], ARGV[9], ARGV[4], ARGV[14])
list_open(KEYS[4], KEYS[5], ARGV[9], ARGV[10], ARGV[11])
if ARGV[12] ~= '' then set_job(KEYS[6], KEYS[7], 't:' .. ARGV[9], ARGV[2], ARGV[12]) else clear_job(KEYS[6], KEYS[7], 't:' .. ARGV[9]) end
local changed = 0
if marked ~= ARGV[13] then changed = 1 end
return {1 + tonumber(redis.call('HGET', KEYS[1], 'watchers') or '0'), changed}
`);

// KEYS: table  ARGV: delta
const WATCH = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = redis.call('HINCRBY', KEYS[1], 'watchers', ARGV[1])
if n < 0 then redis.call('HSET', KEYS[1], 'watchers', 0) end
return n
`);

// KEYS: table active open openEntries due payloads touched waiting over kept records…
// ARGV: id cutoff version retentionMs rules games
const EXPIRE = script(`${JOB_LUA}
local at = redis.call('ZSCORE', KEYS[7], ARGV[1])
if at and tonumber(at) > tonumber(ARGV[2]) then return 0 end
if (redis.call('HGET', KEYS[1], 'version') or '') ~= ARGV[3] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[8], ARGV[1])
redis.call('SREM', KEYS[9], ARGV[1])
redis.call('ZREM', KEYS[7], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
clear_job(KEYS[5], KEYS[6], 't:' .. ARGV[1])
for seat = 0, 3 do clear_job(KEYS[5], KEYS[6], 'a:' .. ARGV[1] .. ':' .. seat) end
local retention = tonumber(ARGV[4])
if tonumber(ARGV[6]) > 0 then
  redis.call('HSET', KEYS[10], 'rules', ARGV[5], 'games', ARGV[6])
  if retention > 0 then redis.call('PEXPIRE', KEYS[10], retention) end
end
for i = 11, #KEYS do
  if retention > 0 and redis.call('PTTL', KEYS[i]) == -1 then redis.call('PEXPIRE', KEYS[i], retention) end
end
return 1
`);

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
  readonly rates: RedisRateCounter;
  readonly sockets: RedisOpenSockets;
  readonly challenges: RedisChallenges;
  private readonly client: RedisClient;

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
    this.rates = new RedisRateCounter(client, prefix);
    this.sockets = new RedisOpenSockets(client, prefix);
    this.challenges = new RedisChallenges(client, prefix);
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
    const meta: Meta = { id: doc.id, code: doc.code, createdAt: doc.createdAt, rulesInput: doc.rulesInput };
    // The code first (its own shard): a table is never written with a code another holds.
    const code = codeKey(this.prefix, doc.code);
    const claimed = Number(await runScript(this.client, CLAIM_CODE, [code], [doc.id]));
    if (claimed === 0) return 'codeTaken';
    const marks = marksArg(doc);
    const written = await runScript(this.client, CREATE, this.tableScriptKeys(doc.id), [
      String(doc.version),
      JSON.stringify(meta),
      ...this.mutableFields(doc),
      doc.id,
      ...this.openFields(doc),
      stepArg(stepAt),
      marks,
      touchedArg(doc),
    ]);
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

  async commit(next: TableDoc, append?: RecordAppend, stepAt: number | null = null, seen?: CommitSeen, finished?: FinishedGame, previous = next.version - 1): Promise<boolean> {
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
      ],
    );
    // 0: stale; else {1 + the spectators counted at the table, whether its seated marks changed}.
    if (!Array.isArray(written)) return false;
    const [n, changed] = written as [number, number];
    if (seen !== undefined) seen.spectators = n - 1;
    if (stepAt !== null) this.jobs.expect(shardOf(next.id), stepAt);
    if (finished !== undefined) this.jobs.expect(shardOf(next.id), finished.at);
    // The second step, in each person's shard: only when a game starts or ends, or a person goes or comes back.
    if (changed === 1) await this.mark(next.id, seatMarks(next));
    await this.confirm(next);
    return true;
  }

  /**
   * Waits for the replicas to have the commit just made on this connection (`WAIT`; only the
   * commit and what came before it on the connection). Not confirmed: the change is on the master
   * alone, and a failover now would lose it (a master cut off from its replica, still taking writes
   * until the sentinels move the clients: seconds of changes). Refused as `server/busy`, it is
   * never broadcast: the client tries again, and its move is either found made (stale, the
   * table's state sent to it) or made again on the new master (docs/protocol.md, "Failover").
   */
  private async confirm(next: TableDoc): Promise<void> {
    const { replicas, ms } = this.wait;
    if (replicas === 0) return;
    const acked = await this.connection.waitForReplicas(replicas, ms);
    if (acked < replicas) {
      throw new StoreUnavailableError(`version ${next.version} of table ${next.id} reached ${acked} of ${replicas} replica(s) within ${ms} ms: not confirmed`);
    }
  }

  async watch(id: TableId, delta: 1 | -1): Promise<void> {
    await runScript(this.client, WATCH, [tableKeys(this.prefix, id).table], [String(delta)]);
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
    for (const id of ids) {
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
      if (done !== 1) continue;
      // Its code, its seats and a match still pending for it (in its rules' queue), each in its own shard; a process dying before them
      // leaves a code leading nowhere, marks the next commit never clears (none comes) and a match whose job finds its table gone.
      if (meta !== null) await runScript(this.client, RELEASE_CODE, [codeKey(this.prefix, meta.code)], [id]);
      await markSeated(this.client, this.prefix, id, marks);
      const queue = meta === null ? null : queueOfRules(meta.rulesInput);
      if (queue !== null) await this.matchmaking.settle(queue, id);
      expired.push(id);
    }
    return expired;
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
