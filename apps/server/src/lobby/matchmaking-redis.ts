import type { RulesInput } from '@fives/engine';
import { fillJobKey, matchJobKey } from '../jobs/job.ts';
import type { PlayerId, QueueId, TableId } from '@fives/protocol';
import { JOB_LUA, type RedisJobQueue } from '../jobs/redis.ts';
import { MM_TAG, jobKeys } from '../redis/layout.ts';
import { type RedisClient, runScript, script } from '../redis/script.ts';
import { RATING_RANGE, compared } from './rating-match.ts';
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
 *   {prefix}{mm}mm:r:<queue>   hash: player → the rating matched by (`compared`; absent: "?", anyone may meet them)
 *   {prefix}{mm}mm:n           hash: queue → how many its tables seat
 *   {prefix}{mm}mm:who         hash: player → the queue they wait in (one at most)
 *   {prefix}{mm}mm:rules       hash: queue → the rules its tables are made with (JSON)
 *   {prefix}{mm}mm:m:<table>   a match taken out of a queue, until its table exists (JSON)
 *   {prefix}{mm}seated         hash: player → the table whose game under way they sit at
 *
 * and two jobs per queue in the shard's job schedule: `q:<queue>` due at the earliest wait's
 * end (or sooner, when two of the waiting will be close enough by rating: the scripts match with
 * `rating-match.ts`'s rule, its twin in Lua, at the clock they are given), and `m:<table>` for each match not yet seated. Every script below changes all of these
 * in one atomic step: one shard, so one slot of a Redis Cluster. (Queues apart on their own
 * tags would need the seated guard in a step of its own per person; a queue's traffic — a few
 * scripts per game started — is small beside the tables', which are the ones spread.)
 */

const LUA = `${JOB_LUA}
local START, PER_S = ${RATING_RANGE.startPoints}, ${RATING_RANGE.pointsPerSecond}
-- The waiting in order of arrival: { id, since, rating (nil: anyone may meet them) }.
local function waiting(q, r)
  local z = redis.call('ZRANGE', q, 0, -1, 'WITHSCORES')
  local w, ids = {}, {}
  for i = 1, #z, 2 do
    w[#w + 1] = { id = z[i], since = tonumber(z[i + 1]) }
    ids[#ids + 1] = z[i]
  end
  if #ids > 0 then
    local rs = redis.call('HMGET', r, unpack(ids))
    for i, x in ipairs(w) do
      if rs[i] then x.rating = tonumber(rs[i]) end
    end
  end
  return w
end
-- rating-match.ts's mayMeet: the later arrival's range decides.
local function may_meet(a, b, now)
  if not a.rating or not b.rating then return true end
  local waited = math.max(0, now - math.max(a.since, b.since))
  return math.abs(a.rating - b.rating) <= START + waited / 1000 * PER_S
end
-- Adds to chosen (indices into w), in order of arrival, each who may meet everyone chosen, up to players.
local function choose(w, chosen, players, now)
  local taken = {}
  for _, i in ipairs(chosen) do taken[i] = true end
  for j = 1, #w do
    if #chosen >= players then break end
    if not taken[j] then
      local ok = true
      for _, i in ipairs(chosen) do
        if not may_meet(w[i], w[j], now) then ok = false break end
      end
      if ok then chosen[#chosen + 1] = j taken[j] = true end
    end
  end
  table.sort(chosen)
  local ids = {}
  for k, i in ipairs(chosen) do ids[k] = w[i].id end
  return ids
end
-- rating-match.ts's matchByRating: ids in order of arrival, or nil.
local function match_by_rating(w, players, now)
  for first = 1, #w do
    local ids = choose(w, { first }, players, now)
    if #ids == players then return ids end
  end
  return nil
end
-- rating-match.ts's nextMeeting.
local function next_meeting(w, players, now)
  if #w < players then return nil end
  local next = nil
  for i = 1, #w do
    for j = i + 1, #w do
      local a, b = w[i], w[j]
      if a.rating and b.rating then
        local at = math.max(a.since, b.since) + math.ceil((math.abs(a.rating - b.rating) - START) * 1000 / PER_S)
        if at > now and (not next or at < next) then next = at end
      end
    end
  end
  return next
end
-- Keeps the queue's job due at the earliest wait's end, or sooner at the next meeting; returns both.
local function fill_job(q, b, r, n, due, payloads, queue, now)
  local first = redis.call('ZRANGE', b, 0, 0, 'WITHSCORES')
  if first[2] then
    local at = tonumber(first[2])
    local meeting = next_meeting(waiting(q, r), tonumber(redis.call('HGET', n, queue) or '0'), now)
    if meeting and meeting < at then at = meeting end
    local due_at = string.format('%d', at)
    set_job(due, payloads, 'q:' .. queue, '0', due_at)
    return first[2], due_at
  end
  clear_job(due, payloads, 'q:' .. queue)
  return '', ''
end
local function drop(q, b, t, r, who, id)
  redis.call('ZREM', q, id)
  redis.call('ZREM', b, id)
  redis.call('HDEL', t, id)
  redis.call('HDEL', r, id)
  redis.call('HDEL', who, id)
end
local function purge_seated(q, b, t, r, who, seated)
  for _, id in ipairs(redis.call('ZRANGE', q, 0, -1)) do
    if redis.call('HEXISTS', seated, id) == 1 then drop(q, b, t, r, who, id) end
  end
end
local function take_match(ids, q, b, t, r, who, seated, rules, match_key, table_id, queue, due, payloads, lease_until)
  local tickets = {}
  for i, id in ipairs(ids) do
    tickets[i] = redis.call('HGET', t, id)
    drop(q, b, t, r, who, id)
    redis.call('HSET', seated, id, table_id)
  end
  local match = '{"tableId":"' .. table_id .. '","queue":"' .. queue .. '","rules":' .. redis.call('HGET', rules, queue)
    .. ',"tickets":[' .. table.concat(tickets, ',') .. ']}'
  redis.call('SET', match_key, match)
  set_job(due, payloads, 'm:' .. table_id, '0', lease_until)
  return match
end
`;

// KEYS: q b t r who rules n due payloads match seated ; ARGV: player queue ticket joinedAt botsAt players rules tableId leaseUntil rating
// (the joining ticket's joinedAt is the script's now; rating '' : anyone may meet them)
const JOIN = script(`${LUA}
local at = redis.call('HGET', KEYS[11], ARGV[1])
if at then return {'playing', at} end
local who = redis.call('HGET', KEYS[5], ARGV[1])
if who and who ~= ARGV[2] then return {'elsewhere', who} end
if not who then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[1])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
  -- (HDEL: a rating an older node's script left behind is not this ticket's)
  if ARGV[10] ~= '' then redis.call('HSET', KEYS[4], ARGV[1], ARGV[10]) else redis.call('HDEL', KEYS[4], ARGV[1]) end
  redis.call('HSET', KEYS[5], ARGV[1], ARGV[2])
end
redis.call('HSETNX', KEYS[6], ARGV[2], ARGV[7])
redis.call('HSET', KEYS[7], ARGV[2], ARGV[6])
purge_seated(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[11])
local status, match = 'waiting', ''
local players, now = tonumber(ARGV[6]), tonumber(ARGV[4])
local ids = match_by_rating(waiting(KEYS[1], KEYS[4]), players, now)
if ids then
  match = take_match(ids, KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[11], KEYS[6], KEYS[10], ARGV[8], ARGV[2], KEYS[8], KEYS[9], ARGV[9])
  status = 'matched'
end
local bots_at, due_at = fill_job(KEYS[1], KEYS[2], KEYS[4], KEYS[7], KEYS[8], KEYS[9], ARGV[2], now)
return {status, match, tostring(redis.call('ZCARD', KEYS[1])), bots_at, redis.call('HGET', KEYS[6], ARGV[2]) or '', due_at}
`);

// KEYS: who q b t r rules n due payloads ; ARGV: player queue
// (no clock: a meeting already past only makes the job look again at once)
const LEAVE = script(`${LUA}
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return {'moved'} end
drop(KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[1], ARGV[1])
local bots_at, due_at = fill_job(KEYS[2], KEYS[3], KEYS[5], KEYS[7], KEYS[8], KEYS[9], ARGV[2], -math.huge)
return {'left', '', tostring(redis.call('ZCARD', KEYS[2])), bots_at, redis.call('HGET', KEYS[6], ARGV[2]) or '', due_at}
`);

// KEYS: q b t r who rules n due payloads match seated ; ARGV: queue now tableId leaseUntil
const FILL = script(`${LUA}
purge_seated(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[11])
local now = tonumber(ARGV[2])
local w = waiting(KEYS[1], KEYS[4])
local players = tonumber(redis.call('HGET', KEYS[7], ARGV[1]) or tostring(#w))
local ids = nil
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if first[2] and tonumber(first[2]) <= now then
  -- The wait is over: they and whoever may meet them, the computer filling the rest.
  for i, x in ipairs(w) do
    if x.id == first[1] then ids = choose(w, { i }, players, now) end
  end
else
  ids = match_by_rating(w, players, now)
end
if not ids then
  local _, due_at = fill_job(KEYS[1], KEYS[2], KEYS[4], KEYS[7], KEYS[8], KEYS[9], ARGV[1], now)
  return {'none', '', '', '', '', due_at}
end
local match = take_match(ids, KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[11], KEYS[6], KEYS[10], ARGV[3], ARGV[1], KEYS[8], KEYS[9], ARGV[4])
local bots_at, due_at = fill_job(KEYS[1], KEYS[2], KEYS[4], KEYS[7], KEYS[8], KEYS[9], ARGV[1], now)
return {'matched', match, tostring(redis.call('ZCARD', KEYS[1])), bots_at, redis.call('HGET', KEYS[6], ARGV[1]) or '', due_at}
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
      [...this.queueKeys(queue.id), this.whoKey(), this.rulesKey(), this.playersKey(), jobs.due, jobs.payloads, this.matchKey(slot.tableId), seatedKey(this.prefix)],
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
        String(compared(ticket.rating) ?? ''),
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
      const reply = (await runScript(
        this.client,
        LEAVE,
        [this.whoKey(), ...this.queueKeys(queue), this.rulesKey(), this.playersKey(), jobs.due, jobs.payloads],
        [playerId, queue],
      )) as string[];
      if (reply[0] === 'left') return this.expecting(countOf(queue, reply));
    }
    throw new Error(`player ${playerId} kept moving between queues while leaving`);
  }

  async fill(queue: QueueId, now: number, slot: MatchSlot): Promise<FillOutcome> {
    const jobs = jobKeys(this.prefix, MM_TAG);
    const reply = (await runScript(
      this.client,
      FILL,
      [...this.queueKeys(queue), this.whoKey(), this.rulesKey(), this.playersKey(), jobs.due, jobs.payloads, this.matchKey(slot.tableId), seatedKey(this.prefix)],
      [queue, String(Math.floor(now)), slot.tableId, String(Math.round(slot.leaseUntil))],
    )) as string[];
    if (reply[0] !== 'matched') {
      const dueAt = reply[5] === undefined || reply[5] === '' ? null : Number(reply[5]);
      if (dueAt !== null) this.jobs?.expect(MM_TAG, dueAt);
      return { kind: 'none', dueAt };
    }
    this.jobs?.expect(MM_TAG, slot.leaseUntil);
    return { kind: 'matched', match: JSON.parse(reply[1] as string) as PendingMatch, count: this.expecting(countOf(queue, reply)) };
  }

  async count(queue: QueueId): Promise<QueueCount> {
    const [q, b] = this.queueKeys(queue);
    const [waiting, first, rules, due] = await Promise.all([
      this.client.zCard(q),
      this.client.zRangeWithScores(b, 0, 0),
      this.client.hGet(this.rulesKey(), queue),
      this.client.zScore(jobKeys(this.prefix, MM_TAG).due, fillJobKey(queue)),
    ]);
    return { queue, waiting, botsAt: first[0]?.score ?? null, dueAt: due ?? null, rules: rules == null ? null : (JSON.parse(rules) as RulesInput) };
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

  /** The queue's fill job falls due at its `dueAt`. */
  private expecting(count: QueueCount): QueueCount {
    if (count.dueAt !== null) this.jobs?.expect(MM_TAG, count.dueAt);
    return count;
  }

  private queueKeys(queue: QueueId): [string, string, string, string] {
    return [`${this.mm}mm:q:${queue}`, `${this.mm}mm:b:${queue}`, `${this.mm}mm:t:${queue}`, `${this.mm}mm:r:${queue}`];
  }

  private playersKey(): string {
    return `${this.mm}mm:n`;
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
  const dueAt = reply[5] === undefined || reply[5] === '' ? null : Number(reply[5]);
  return { queue, waiting: Number(reply[2]), botsAt, dueAt, rules };
}
