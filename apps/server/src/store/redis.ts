import { createHash } from 'node:crypto';
import type { GameState, RecordHand, RulesInput } from '@fives/engine';
import type { Phase, PlayerId, TableId } from '@fives/protocol';
import { createClient } from 'redis';
import type { RecordAppend, SeatRecord, TableDoc } from '../tables/doc.ts';
import type { TableStore } from './store.ts';

/**
 * Tables in Redis, under a key prefix (so several deployments or test runs share one Redis):
 *
 *   {prefix}t:{<id>}          hash: version, meta (id, createdAt, hostId, rules), seats, phase, game, state
 *   {prefix}t:{<id>}:g:<n>    list: game n's finished hands, as record entries (RECORD.md), in order
 *   {prefix}active            set: ids of tables with a game under way
 *
 * Every change goes through one Lua script that checks the stored version and writes the table
 * (and appends a finished hand) atomically, so any number of server processes can serve one
 * table: of two changes made on the same version, exactly one is written. The braces are a
 * Redis Cluster hash tag: a table's keys share a slot.
 */

const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'meta', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6])
return 1
`;

const COMMIT = `
local current = redis.call('HGET', KEYS[1], 'version')
if current ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6])
if ARGV[7] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[7]) end
if ARGV[4] == 'playing' then redis.call('SADD', KEYS[3], ARGV[8]) else redis.call('SREM', KEYS[3], ARGV[8]) end
return 1
`;

interface Script {
  readonly text: string;
  readonly sha: string;
}

function script(text: string): Script {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

const scripts = { create: script(CREATE), commit: script(COMMIT) };

function makeClient(url: string) {
  return createClient({ url });
}

type RedisClient = ReturnType<typeof makeClient>;

interface Meta {
  readonly id: TableId;
  readonly createdAt: string;
  readonly hostId: PlayerId;
  readonly rulesInput: RulesInput;
}

export interface RedisStoreOptions {
  readonly url: string;
  /** Prepended to every key; default "fives:". */
  readonly prefix?: string;
  /** Told about connection errors (node-redis reconnects by itself). */
  readonly onError?: (error: Error) => void;
}

export class RedisTableStore implements TableStore {
  readonly kind = 'redis';
  readonly durable = true;

  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  static async connect(options: RedisStoreOptions): Promise<RedisTableStore> {
    const client = makeClient(options.url);
    client.on('error', (error: Error) => options.onError?.(error));
    await client.connect();
    return new RedisTableStore(client, options.prefix ?? 'fives:');
  }

  async create(doc: TableDoc): Promise<boolean> {
    const meta: Meta = { id: doc.id, createdAt: doc.createdAt, hostId: doc.hostId, rulesInput: doc.rulesInput };
    const written = await this.run(scripts.create, [this.tableKey(doc.id)], [
      String(doc.version),
      JSON.stringify(meta),
      ...this.mutableFields(doc),
    ]);
    return written === 1;
  }

  async load(id: TableId): Promise<TableDoc | null> {
    const h = await this.client.hGetAll(this.tableKey(id));
    if (h.version === undefined || h.meta === undefined) return null;
    const meta = JSON.parse(h.meta) as Meta;
    return {
      ...meta,
      version: Number(h.version),
      seats: JSON.parse(h.seats ?? '[]') as SeatRecord[],
      phase: h.phase as Phase,
      game: Number(h.game),
      state: JSON.parse(h.state ?? 'null') as GameState | null,
    };
  }

  async commit(next: TableDoc, append?: RecordAppend): Promise<boolean> {
    const game = append?.game ?? next.game;
    const written = await this.run(
      scripts.commit,
      [this.tableKey(next.id), this.recordKey(next.id, game), this.activeKey()],
      [
        String(next.version - 1),
        String(next.version),
        ...this.mutableFields(next),
        append === undefined ? '' : JSON.stringify(append.hand),
        next.id,
      ],
    );
    return written === 1;
  }

  async recordHands(id: TableId, game: number): Promise<RecordHand[]> {
    const items = await this.client.lRange(this.recordKey(id, game), 0, -1);
    return items.map((text) => JSON.parse(text) as RecordHand);
  }

  async activeTables(): Promise<TableId[]> {
    return (await this.client.sMembers(this.activeKey())) as TableId[];
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
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
    return [JSON.stringify(doc.seats), doc.phase, String(doc.game), JSON.stringify(doc.state)];
  }

  private tableKey(id: TableId): string {
    return `${this.prefix}t:{${id}}`;
  }

  private recordKey(id: TableId, game: number): string {
    return `${this.prefix}t:{${id}}:g:${game}`;
  }

  private activeKey(): string {
    return `${this.prefix}active`;
  }

  /** EVALSHA, falling back to EVAL once when Redis does not have the script cached (a restart, a flush). */
  private async run(s: Script, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await this.client.evalSha(s.sha, { keys, arguments: args });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return this.client.eval(s.text, { keys, arguments: args });
    }
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
