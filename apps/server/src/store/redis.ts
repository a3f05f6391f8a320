import type { RecordHand, RulesInput } from '@fives/engine';
import type { OpenTable, PlayerId, TableCode, TableId } from '@fives/protocol';
import { DEFAULTS } from '../defaults.ts';
import { RedisChallenges } from '../accounts/challenges.ts';
import { RedisOpenSockets } from '../guard/open-sockets.ts';
import { RedisRateCounter } from '../guard/rates.ts';
import { JOB_LUA, RedisJobQueue, jobKeys } from '../jobs/redis.ts';
import { RedisThinkQueue } from '../jobs/thinking.ts';
import { RedisMatchmaking, SEATED_LUA, seatedKey } from '../lobby/matchmaking-redis.ts';
import { type RedisTarget, makeClient, redisMode } from '../redis/connect.ts';
import { type RedisClient, runScript, script } from '../redis/script.ts';
import { type FairDeals, type RecordAppend, type SeatRecord, type TableClock, type TableDoc, type TableSettings } from '../tables/doc.ts';
import { openEntry, seatedMarks } from '../tables/summary.ts';
import { StoreUnavailableError } from './availability.ts';
import type { CommitSeen, Created, FinishedEntry, FinishedGame, KeptRecord, TableCounts, TableStore } from './store.ts';
import { TABLE_SCHEMA, fromStored } from '@fives/table';

/**
 * Tables in Redis, under a key prefix (so several deployments or test runs share one Redis):
 *
 *   {prefix}t:{<id>}          hash: version, meta (id, code, createdAt, rules), seats, phase, game,
 *                             state, control (host, settings, clocks), watchers (spectators' connections)
 *   {prefix}t:{<id>}:g:<n>    list: game n's finished hands, as record entries (docs/records.md), in order
 *   {prefix}active            set: ids of tables with a game under way
 *   {prefix}code:<CODE>       the id of the table with this short code
 *   {prefix}open              sorted set: open tables (see `openEntry`) by creation time
 *   {prefix}open:e            hash: open table id → its entry in the list (JSON)
 *   {prefix}touched           sorted set: every table by the time of its last change (expiry)
 *   {prefix}ph:waiting, ph:over  sets: ids of tables waiting for players, and of finished games
 *   {prefix}t:{<id>}:rec      hash: rules, games — what an expired table's records need
 *   {prefix}t:{<id>}:fin:<n>  game n finished, not yet archived (the outbox): its archive entry (JSON), with job g:<id>:<n>
 *   {prefix}rl:<kind>:<addr>  the per-address rate limits' counters (`guard/rates.ts`)
 *   {prefix}so:<addr>         hash: each node's open sockets of the address, and until when they count (`guard/open-sockets.ts`)
 *   {prefix}ch:<challenge>    a passkey challenge handed out and not yet answered, with its TTL (`accounts/challenges.ts`)
 *
 * plus the jobs (`jobs/redis.ts`), the moves waiting for a thinker (`jobs/thinking.ts`) and the queues (`lobby/matchmaking-redis.ts`) under the same
 * prefix. Every change goes through one Lua script that checks the stored version and writes the
 * table, appends a finished hand, updates the open list and the index of who is seated at a game
 * under way, and sets the table's next automatic step — all atomically, so any number of server processes can serve one table: of two changes made
 * on the same version exactly one is written, and no written change is without its next step.
 * The braces are a Redis Cluster hash tag: a table's own keys share a slot.
 *
 * Records are kept `recordRetentionMs` after their last hand (a TTL on each game's list); a
 * table nobody has changed for a while expires whole (`expireIdle`): its hash, its code, its
 * place in every list and index, who is seated at it, and its jobs, in one script.
 */

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

// KEYS: table code active open openEntries due payloads seated touched waiting over
// ARGV: version meta seats phase game state control id openEntry openScore stepAt seatedMarks touchedAt
const CREATE = script(`${JOB_LUA}${OPEN_LUA}${SEATED_LUA}${INDEX_LUA}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if not redis.call('SET', KEYS[2], ARGV[8], 'NX') then return 2 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'meta', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6], 'control', ARGV[7])
index_table(KEYS[3], KEYS[10], KEYS[11], KEYS[9], ARGV[8], ARGV[4], ARGV[13])
list_open(KEYS[4], KEYS[5], ARGV[8], ARGV[9], ARGV[10])
if ARGV[11] ~= '' then set_job(KEYS[6], KEYS[7], 't:' .. ARGV[8], ARGV[1], ARGV[11]) end
mark_seated(KEYS[8], ARGV[8], ARGV[12])
return 1
`);

// KEYS: table record active open openEntries due payloads seated touched waiting over finished
// ARGV: previousVersion version seats phase game state control append id openEntry openScore stepAt seatedMarks touchedAt retentionMs finished archiveAt
const COMMIT = script(`${JOB_LUA}${OPEN_LUA}${SEATED_LUA}${INDEX_LUA}
local current = redis.call('HGET', KEYS[1], 'version')
if current ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6], 'control', ARGV[7])
if ARGV[8] ~= '' then
  redis.call('RPUSH', KEYS[2], ARGV[8])
  if tonumber(ARGV[15]) > 0 then redis.call('PEXPIRE', KEYS[2], ARGV[15]) end
end
if ARGV[16] ~= '' then
  redis.call('SET', KEYS[12], ARGV[16])
  if tonumber(ARGV[15]) > 0 then redis.call('PEXPIRE', KEYS[12], ARGV[15]) end
  set_job(KEYS[6], KEYS[7], 'g:' .. ARGV[9] .. ':' .. ARGV[5], ARGV[5], ARGV[17])
end
index_table(KEYS[3], KEYS[10], KEYS[11], KEYS[9], ARGV[9], ARGV[4], ARGV[14])
list_open(KEYS[4], KEYS[5], ARGV[9], ARGV[10], ARGV[11])
if ARGV[12] ~= '' then set_job(KEYS[6], KEYS[7], 't:' .. ARGV[9], ARGV[2], ARGV[12]) else clear_job(KEYS[6], KEYS[7], 't:' .. ARGV[9]) end
mark_seated(KEYS[8], ARGV[9], ARGV[13])
return 1 + tonumber(redis.call('HGET', KEYS[1], 'watchers') or '0')
`);

// KEYS: table  ARGV: delta
const WATCH = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = redis.call('HINCRBY', KEYS[1], 'watchers', ARGV[1])
if n < 0 then redis.call('HSET', KEYS[1], 'watchers', 0) end
return n
`);

// KEYS: table code active open openEntries due payloads seated touched waiting over kept match records…
// ARGV: id cutoff version retentionMs seatedMarks rules games
const EXPIRE = script(`${JOB_LUA}${SEATED_LUA}
local at = redis.call('ZSCORE', KEYS[9], ARGV[1])
if at and tonumber(at) > tonumber(ARGV[2]) then return 0 end
if (redis.call('HGET', KEYS[1], 'version') or '') ~= ARGV[3] then return 0 end
redis.call('DEL', KEYS[1])
if KEYS[2] ~= KEYS[1] and redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('SREM', KEYS[3], ARGV[1])
redis.call('SREM', KEYS[10], ARGV[1])
redis.call('SREM', KEYS[11], ARGV[1])
redis.call('ZREM', KEYS[9], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
redis.call('HDEL', KEYS[5], ARGV[1])
clear_job(KEYS[6], KEYS[7], 't:' .. ARGV[1])
clear_job(KEYS[6], KEYS[7], 'm:' .. ARGV[1])
for seat = 0, 3 do clear_job(KEYS[6], KEYS[7], 'a:' .. ARGV[1] .. ':' .. seat) end
mark_seated(KEYS[8], ARGV[1], ARGV[5])
redis.call('DEL', KEYS[13])
local retention = tonumber(ARGV[4])
if tonumber(ARGV[7]) > 0 then
  redis.call('HSET', KEYS[12], 'rules', ARGV[6], 'games', ARGV[7])
  if retention > 0 then redis.call('PEXPIRE', KEYS[12], retention) end
end
for i = 14, #KEYS do
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
}

export interface RedisStoreOptions {
  /** One Redis at this URL (tests), unless `target` says where. */
  readonly url?: string;
  /** Where Redis is (`redis/connect.ts`): one at a URL, or a Sentinel-managed master. */
  readonly target?: RedisTarget;
  /** Prepended to every key (default: `DEFAULTS.redisPrefix`). */
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

  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly recordRetentionMs: number,
    readonly mode: string,
    private readonly wait: { readonly replicas: number; readonly ms: number } = { replicas: 0, ms: 0 },
  ) {
    this.jobs = new RedisJobQueue(client, prefix);
    this.thinking = new RedisThinkQueue(client, prefix);
    this.matchmaking = new RedisMatchmaking(client, prefix);
    this.rates = new RedisRateCounter(client, prefix);
    this.sockets = new RedisOpenSockets(client, prefix);
    this.challenges = new RedisChallenges(client, prefix);
  }

  static async connect(options: RedisStoreOptions): Promise<RedisTableStore> {
    const target = options.target ?? (options.url === undefined ? undefined : ({ kind: 'single', url: options.url } as const));
    if (target === undefined) throw new Error('RedisTableStore.connect needs a url or a target');
    const client = makeClient(target, { connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.redisConnectTimeoutMs });
    client.on('error', (error: Error) => options.onError?.(error));
    await client.connect();
    return new RedisTableStore(client, options.prefix ?? DEFAULTS.redisPrefix, options.recordRetentionMs ?? DEFAULTS.recordRetentionMs, redisMode(target), {
      replicas: options.waitReplicas ?? 0,
      ms: options.waitMs ?? DEFAULTS.redisWaitMs,
    });
  }

  async create(doc: TableDoc, stepAt: number | null = null): Promise<Created> {
    const meta: Meta = { id: doc.id, code: doc.code, createdAt: doc.createdAt, rulesInput: doc.rulesInput };
    const written = await runScript(this.client, CREATE, this.tableScriptKeys(doc.id, this.codeKey(doc.code)), [
      String(doc.version),
      JSON.stringify(meta),
      ...this.mutableFields(doc),
      doc.id,
      ...this.openFields(doc),
      stepArg(stepAt),
      marksArg(doc),
      touchedArg(doc),
    ]);
    return written === 1 ? 'created' : written === 2 ? 'codeTaken' : 'idTaken';
  }

  async load(id: TableId): Promise<TableDoc | null> {
    const h = await this.client.hGetAll(this.tableKey(id));
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
    });
    if (!read.ok) throw new Error(`table ${id} cannot be read: ${read.error.message}`);
    return read.value;
  }

  async idForCode(code: TableCode): Promise<TableId | null> {
    return ((await this.client.get(this.codeKey(code))) ?? null) as TableId | null;
  }

  async commit(next: TableDoc, append?: RecordAppend, stepAt: number | null = null, seen?: CommitSeen, finished?: FinishedGame, previous = next.version - 1): Promise<boolean> {
    const game = append?.game ?? next.game;
    // The finished game is the table's current one: the script's job key uses its game field.
    if (finished !== undefined && finished.entry.summary.game !== next.game)
      throw new Error(`game ${finished.entry.summary.game} finished, but table ${next.id} is at game ${next.game}`);
    const written = await runScript(
      this.client,
      COMMIT,
      [...this.tableScriptKeys(next.id, this.recordKey(next.id, game)), this.finishedKey(next.id, next.game)],
      [
        String(previous),
        String(next.version),
        ...this.mutableFields(next),
        append === undefined ? '' : JSON.stringify(append.hand),
        next.id,
        ...this.openFields(next),
        stepArg(stepAt),
        marksArg(next),
        touchedArg(next),
        String(this.recordRetentionMs),
        finished === undefined ? '' : JSON.stringify(finished.entry),
        finished === undefined ? '' : String(Math.round(finished.at)),
      ],
    );
    // 0: stale; else 1 + the spectators counted at the table.
    const n = Number(written);
    if (n >= 1) await this.confirm(next);
    if (n >= 1 && seen !== undefined) seen.spectators = n - 1;
    return n >= 1;
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
    const acked = await this.client.wait(replicas, ms);
    if (acked < replicas) {
      throw new StoreUnavailableError(`version ${next.version} of table ${next.id} reached ${acked} of ${replicas} replica(s) within ${ms} ms: not confirmed`);
    }
  }

  async watch(id: TableId, delta: 1 | -1): Promise<void> {
    await runScript(this.client, WATCH, [this.tableKey(id)], [String(delta)]);
  }

  async recordHands(id: TableId, game: number): Promise<RecordHand[]> {
    const items = await this.client.lRange(this.recordKey(id, game), 0, -1);
    return items.map((text) => JSON.parse(text) as RecordHand);
  }

  async activeTables(): Promise<TableId[]> {
    return (await this.client.sMembers(this.activeKey())) as TableId[];
  }

  async openTables(limit: number): Promise<OpenTable[]> {
    const ids = await this.client.zRange(this.openKey(), 0, limit - 1, { REV: true });
    if (ids.length === 0) return [];
    const entries = await this.client.hmGet(this.openEntriesKey(), ids);
    return entries.flatMap((text) => (text == null ? [] : [JSON.parse(text) as OpenTable]));
  }

  async countTables(): Promise<TableCounts> {
    const [waiting, playing, over] = await Promise.all([this.client.sCard(this.indexKeys()[1]), this.client.sCard(this.activeKey()), this.client.sCard(this.indexKeys()[2])]);
    return { waiting, playing, over };
  }

  /** `_now` is not needed: Redis keeps the records' time to live itself. */
  async expireIdle(cutoff: number, limit: number, _now?: number): Promise<TableId[]> {
    const ids = (await this.client.zRangeByScore(this.indexKeys()[0], '-inf', Math.floor(cutoff), { LIMIT: { offset: 0, count: limit } })) as TableId[];
    const expired: TableId[] = [];
    for (const id of ids) {
      const [version, metaText, seatsText, game] = await this.client.hmGet(this.tableKey(id), ['version', 'meta', 'seats', 'game']);
      const meta = metaText == null ? null : (JSON.parse(metaText) as Meta);
      const seats = JSON.parse(seatsText ?? '[]') as SeatRecord[];
      const games = Number(game ?? 0);
      const marks = seats.flatMap((s) => (s.kind === 'human' ? [[s.playerId, 0]] : []));
      const records = Array.from({ length: games }, (_, i) => this.recordKey(id, i + 1));
      const done = await runScript(
        this.client,
        EXPIRE,
        [...this.tableScriptKeys(id, meta === null ? this.tableKey(id) : this.codeKey(meta.code)), this.keptKey(id), `${this.prefix}mm:m:${id}`, ...records],
        [id, String(Math.floor(cutoff)), version ?? '', String(this.recordRetentionMs), JSON.stringify(marks), JSON.stringify(meta?.rulesInput ?? null), String(games)],
      );
      if (done === 1) expired.push(id);
    }
    return expired;
  }

  async finishedGame(id: TableId, game: number): Promise<FinishedEntry | null> {
    const text = await this.client.get(this.finishedKey(id, game));
    return text === null ? null : (JSON.parse(text) as FinishedEntry);
  }

  async archived(id: TableId, game: number, records: boolean): Promise<void> {
    await this.client.del(records ? [this.finishedKey(id, game), this.recordKey(id, game)] : [this.finishedKey(id, game)]);
  }

  async keptRecord(id: TableId): Promise<KeptRecord | null> {
    const h = await this.client.hGetAll(this.keptKey(id));
    if (h.rules === undefined || h.games === undefined) return null;
    return { rulesInput: JSON.parse(h.rules) as RulesInput, games: Number(h.games) };
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  onReconnect(listener: () => void): void {
    // Registered after the first connection: 'ready' from now on means connected again.
    this.client.on('ready', listener);
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  /** Deletes every key under this store's prefix (tests clean up after themselves). */
  async deleteAll(): Promise<number> {
    let deleted = 0;
    for await (const keys of this.client.scanIterator({ MATCH: `${escapeGlob(this.prefix)}*`, COUNT: 500 })) {
      if (keys.length > 0) deleted += await this.client.del(keys);
    }
    return deleted;
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
    };
    return [JSON.stringify(doc.seats), doc.phase, String(doc.game), JSON.stringify(doc.state), JSON.stringify(control)];
  }

  private openFields(doc: TableDoc): [string, string] {
    const entry = openEntry(doc);
    return [entry === null ? '' : JSON.stringify(entry), String(Date.parse(doc.createdAt))];
  }

  private tableKey(id: TableId): string {
    return `${this.prefix}t:{${id}}`;
  }

  private recordKey(id: TableId, game: number): string {
    return `${this.prefix}t:{${id}}:g:${game}`;
  }

  /**
   * The keys the CREATE, COMMIT and EXPIRE scripts share, in the order their KEYS[1..11] read
   * them: the table, `second` (the code's key for CREATE and EXPIRE, the game record's for
   * COMMIT), the active set, the open-tables list and its entries, the job queue, the seated
   * index and the three phase indexes.
   */
  private tableScriptKeys(id: TableId, second: string): string[] {
    const jobs = jobKeys(this.prefix);
    return [this.tableKey(id), second, this.activeKey(), this.openKey(), this.openEntriesKey(), jobs.due, jobs.payloads, seatedKey(this.prefix), ...this.indexKeys()];
  }

  /** touched, ph:waiting, ph:over */
  private indexKeys(): [string, string, string] {
    return [`${this.prefix}touched`, `${this.prefix}ph:waiting`, `${this.prefix}ph:over`];
  }

  private finishedKey(id: TableId, game: number): string {
    return `${this.prefix}t:{${id}}:fin:${game}`;
  }

  private keptKey(id: TableId): string {
    return `${this.prefix}t:{${id}}:rec`;
  }

  private activeKey(): string {
    return `${this.prefix}active`;
  }

  private codeKey(code: TableCode): string {
    return `${this.prefix}code:${code}`;
  }

  private openKey(): string {
    return `${this.prefix}open`;
  }

  private openEntriesKey(): string {
    return `${this.prefix}open:e`;
  }
}

/** `[[player, 1|0], …]`: as `mark_seated` reads it (cjson decodes an empty array as an empty table). */
function marksArg(doc: TableDoc): string {
  return JSON.stringify(seatedMarks(doc).map(([player, seated]) => [player, seated ? 1 : 0]));
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
