import type { RulesInput } from '@fives/engine';
import { matchJobKey } from '../jobs/job.ts';
import type { PlayerId, QueueId, TableId } from '@fives/protocol';
import { JOB_LUA, type RedisJobQueue } from '../jobs/redis.ts';
import { MM_TAG, jobKeys } from '../redis/layout.ts';
import { type RedisClient, runScript, script } from '../redis/script.ts';
import type { FillOutcome, JoinOutcome, MatchSlot, Matchmaking, PendingMatch, QueueCount, QueueSpec, Ticket } from './matchmaking.ts';

/** The index of who is seated at a game under way: player → table (kept by the table store's commits too, in a step of their own). */
export function seatedKey(prefix: string): string {
  return `${prefix}${MM_TAG}seated`;
}

/** Lua: marks (JSON `[[player, 1|0], …]`) people seated at table `id`, or no longer seated there. */
export const SEATED_LUA = `
local function mark_seated(seated, id, marks)
  for _, m in ipairs(cjson.decode(marks)) do
    if m[2] == 1 then
      redis.call('HSET', seated, m[1], id)
    elseif redis.call('HGET', seated, m[1]) == id then
      redis.call('HDEL', seated, m[1])
    end
  end
end
`;

/**
 * The queues in Redis, all in the matchmaking shard (`{mm}`, `redis/layout.ts`):
 *
 *   {prefix}{mm}mm:q:<queue>   sorted set: player → arrival (ms): the order people are seated in
 *   {prefix}{mm}mm:b:<queue>   sorted set: player → when their wait is over (ms)
 *   {prefix}{mm}mm:t:<queue>   hash: player → ticket (JSON)
 *   {prefix}{mm}mm:who         hash: player → the queue they wait in (one at most)
 *   {prefix}{mm}mm:rules       hash: queue → the rules its tables are made with (JSON)
 *   {prefix}{mm}mm:m:<table>   a match taken out of a queue, until its table exists (JSON)
 *   {prefix}{mm}seated         hash: player → the table whose game under way they sit at
 *
 * and two jobs per queue in the shard's job schedule: `q:<queue>` due at the earliest wait's
 * end, and `m:<table>` for each match not yet seated. Every script below changes all of these
 * in one atomic step: one shard, so one slot of a Redis Cluster. (Queues apart on their own
 * tags would need the seated guard in a step of its own per person; a queue's traffic — a few
 * scripts per game started — is small beside the tables', which are the ones spread.)
 */

const LUA = `${JOB_LUA}
local function fill_job(b, due, payloads, queue)
  local first = redis.call('ZRANGE', b, 0, 0, 'WITHSCORES')
  if first[2] then
    set_job(due, payloads, 'q:' .. queue, '0', first[2])
    return first[2]
  end
  clear_job(due, payloads, 'q:' .. queue)
  return ''
end
local function drop(q, b, t, who, id)
  redis.call('ZREM', q, id)
  redis.call('ZREM', b, id)
  redis.call('HDEL', t, id)
  redis.call('HDEL', who, id)
end
local function purge_seated(q, b, t, who, seated)
  for _, id in ipairs(redis.call('ZRANGE', q, 0, -1)) do
    if redis.call('HEXISTS', seated, id) == 1 then drop(q, b, t, who, id) end
  end
end
local function take_match(ids, q, b, t, who, seated, rules, match_key, table_id, queue, due, payloads, lease_until)
  local tickets = {}
  for i, id in ipairs(ids) do
    tickets[i] = redis.call('HGET', t, id)
    drop(q, b, t, who, id)
    redis.call('HSET', seated, id, table_id)
  end
  local match = '{"tableId":"' .. table_id .. '","queue":"' .. queue .. '","rules":' .. redis.call('HGET', rules, queue)
    .. ',"tickets":[' .. table.concat(tickets, ',') .. ']}'
  redis.call('SET', match_key, match)
  set_job(due, payloads, 'm:' .. table_id, '0', lease_until)
  return match
end
`;

// KEYS: q b t who rules due payloads match seated ; ARGV: player queue ticket joinedAt botsAt players rules tableId leaseUntil
const JOIN = script(`${LUA}
local at = redis.call('HGET', KEYS[9], ARGV[1])
if at then return {'playing', at} end
local who = redis.call('HGET', KEYS[4], ARGV[1])
if who and who ~= ARGV[2] then return {'elsewhere', who} end
if not who then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[1])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
  redis.call('HSET', KEYS[4], ARGV[1], ARGV[2])
end
redis.call('HSETNX', KEYS[5], ARGV[2], ARGV[7])
purge_seated(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[9])
local status, match = 'waiting', ''
local players = tonumber(ARGV[6])
if redis.call('ZCARD', KEYS[1]) >= players then
  local ids = redis.call('ZRANGE', KEYS[1], 0, players - 1)
  match = take_match(ids, KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[9], KEYS[5], KEYS[8], ARGV[8], ARGV[2], KEYS[6], KEYS[7], ARGV[9])
  status = 'matched'
end
local bots_at = fill_job(KEYS[2], KEYS[6], KEYS[7], ARGV[2])
return {status, match, tostring(redis.call('ZCARD', KEYS[1])), bots_at, redis.call('HGET', KEYS[5], ARGV[2]) or ''}
`);

// KEYS: who q b t rules due payloads ; ARGV: player queue
const LEAVE = script(`${LUA}
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return {'moved'} end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
local bots_at = fill_job(KEYS[3], KEYS[6], KEYS[7], ARGV[2])
return {'left', '', tostring(redis.call('ZCARD', KEYS[2])), bots_at, redis.call('HGET', KEYS[5], ARGV[2]) or ''}
`);

// KEYS: q b t who rules due payloads match seated ; ARGV: queue now tableId leaseUntil
const FILL = script(`${LUA}
purge_seated(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[9])
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if not first[2] or tonumber(first[2]) > tonumber(ARGV[2]) then
  fill_job(KEYS[2], KEYS[6], KEYS[7], ARGV[1])
  return {'none'}
end
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
local match = take_match(ids, KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[9], KEYS[5], KEYS[8], ARGV[3], ARGV[1], KEYS[6], KEYS[7], ARGV[4])
local bots_at = fill_job(KEYS[2], KEYS[6], KEYS[7], ARGV[1])
return {'matched', match, tostring(redis.call('ZCARD', KEYS[1])), bots_at, redis.call('HGET', KEYS[5], ARGV[1]) or ''}
`);

// KEYS: match due payloads ; ARGV: job key
const SETTLE = script(`${JOB_LUA}
redis.call('DEL', KEYS[1])
clear_job(KEYS[2], KEYS[3], ARGV[1])
return 1
`);

// KEYS: seated ; ARGV: table marks
const RELEASE = script(`${SEATED_LUA}
mark_seated(KEYS[1], ARGV[1], ARGV[2])
return 1
`);

export class RedisMatchmaking implements Matchmaking {
  private readonly mm: string;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    /** Told when the queues' jobs fall due (`RedisJobQueue.expect`). */
    private readonly jobs?: RedisJobQueue,
  ) {
    this.mm = `${prefix}${MM_TAG}`;
  }

  async join(queue: QueueSpec, ticket: Ticket, slot: MatchSlot): Promise<JoinOutcome> {
    const jobs = jobKeys(this.prefix, MM_TAG);
    const reply = (await runScript(
      this.client,
      JOIN,
      [...this.queueKeys(queue.id), this.whoKey(), this.rulesKey(), jobs.due, jobs.payloads, this.matchKey(slot.tableId), seatedKey(this.prefix)],
      [
        ticket.playerId,
        queue.id,
        JSON.stringify(ticket),
        String(ticket.joinedAt),
        String(ticket.botsAt),
        String(queue.players),
        JSON.stringify(queue.rules),
        slot.tableId,
        String(Math.round(slot.leaseUntil)),
      ],
    )) as string[];
    if (reply[0] === 'elsewhere') return { kind: 'elsewhere', queue: reply[1] as QueueId };
    if (reply[0] === 'playing') return { kind: 'playing', tableId: reply[1] as TableId };
    const count = this.expecting(countOf(queue.id, reply));
    if (reply[0] === 'matched') this.jobs?.expect(MM_TAG, slot.leaseUntil);
    return reply[0] === 'matched' ? { kind: 'matched', match: JSON.parse(reply[1] as string) as PendingMatch, count } : { kind: 'waiting', count };
  }

  async leave(playerId: PlayerId): Promise<QueueCount | null> {
    const jobs = jobKeys(this.prefix, MM_TAG);
    // The queue is read first (its keys must be named to the script); the script checks it again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const queue = await this.queueOf(playerId);
      if (queue === null) return null;
      const [q, b, t] = this.queueKeys(queue);
      const reply = (await runScript(this.client, LEAVE, [this.whoKey(), q, b, t, this.rulesKey(), jobs.due, jobs.payloads], [playerId, queue])) as string[];
      if (reply[0] === 'left') return this.expecting(countOf(queue, reply));
    }
    throw new Error(`player ${playerId} kept moving between queues while leaving`);
  }

  async fill(queue: QueueId, now: number, slot: MatchSlot): Promise<FillOutcome> {
    const jobs = jobKeys(this.prefix, MM_TAG);
    const reply = (await runScript(
      this.client,
      FILL,
      [...this.queueKeys(queue), this.whoKey(), this.rulesKey(), jobs.due, jobs.payloads, this.matchKey(slot.tableId), seatedKey(this.prefix)],
      [queue, String(Math.floor(now)), slot.tableId, String(Math.round(slot.leaseUntil))],
    )) as string[];
    if (reply[0] !== 'matched') return { kind: 'none' };
    this.jobs?.expect(MM_TAG, slot.leaseUntil);
    return { kind: 'matched', match: JSON.parse(reply[1] as string) as PendingMatch, count: this.expecting(countOf(queue, reply)) };
  }

  async count(queue: QueueId): Promise<QueueCount> {
    const [q, b] = this.queueKeys(queue);
    const [waiting, first, rules] = await Promise.all([this.client.zCard(q), this.client.zRangeWithScores(b, 0, 0), this.client.hGet(this.rulesKey(), queue)]);
    return { queue, waiting, botsAt: first[0]?.score ?? null, rules: rules == null ? null : (JSON.parse(rules) as RulesInput) };
  }

  async queueOf(playerId: PlayerId): Promise<QueueId | null> {
    return (await this.client.hGet(this.whoKey(), playerId)) ?? null;
  }

  async pending(tableId: TableId): Promise<PendingMatch | null> {
    const text = await this.client.get(this.matchKey(tableId));
    return text === null ? null : (JSON.parse(text) as PendingMatch);
  }

  async settle(tableId: TableId): Promise<void> {
    const jobs = jobKeys(this.prefix, MM_TAG);
    await runScript(this.client, SETTLE, [this.matchKey(tableId), jobs.due, jobs.payloads], [matchJobKey(tableId)]);
  }

  async release(match: PendingMatch): Promise<void> {
    const marks = match.tickets.map((t) => [t.playerId, 0]);
    await runScript(this.client, RELEASE, [seatedKey(this.prefix)], [match.tableId, JSON.stringify(marks)]);
  }

  /** The queue's fill job falls due at its `botsAt`. */
  private expecting(count: QueueCount): QueueCount {
    if (count.botsAt !== null) this.jobs?.expect(MM_TAG, count.botsAt);
    return count;
  }

  private queueKeys(queue: QueueId): [string, string, string] {
    return [`${this.mm}mm:q:${queue}`, `${this.mm}mm:b:${queue}`, `${this.mm}mm:t:${queue}`];
  }

  private whoKey(): string {
    return `${this.mm}mm:who`;
  }

  private rulesKey(): string {
    return `${this.mm}mm:rules`;
  }

  /** The pending match of a table (the table store's expiry clears it). */
  matchKey(tableId: TableId): string {
    return `${this.mm}mm:m:${tableId}`;
  }
}

function countOf(queue: QueueId, reply: string[]): QueueCount {
  const botsAt = reply[3] === undefined || reply[3] === '' ? null : Number(reply[3]);
  const rules = reply[4] === undefined || reply[4] === '' ? null : (JSON.parse(reply[4]) as RulesInput);
  return { queue, waiting: Number(reply[2]), botsAt, rules };
}
