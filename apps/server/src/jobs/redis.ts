import { type RedisClient, runScript, script } from '../redis/script.ts';
import type { ClaimedJob, JobQueue, PutMode } from './job.ts';

/**
 * Pending jobs in Redis, shared by every server node:
 *
 *   {prefix}jobs     sorted set: job key → when it is due (ms since the epoch)
 *   {prefix}jobs:p   hash: job key → payload (a table version, or 0)
 *
 * A node claims due jobs in one script that also pushes each one's due time to the end of a
 * lease, so two nodes polling at the same moment never take the same job, and a job whose node
 * dies while running it is taken again by another node when the lease runs out. Other scripts
 * (a table's commit, a queue's match) set jobs in their own atomic step with `JOB_LUA`.
 */
export function jobKeys(prefix: string): { due: string; payloads: string } {
  return { due: `${prefix}jobs`, payloads: `${prefix}jobs:p` };
}

/** Lua helpers for scripts that set or clear a job as part of their own change. */
export const JOB_LUA = `
local function set_job(due_key, payload_key, key, payload, at)
  redis.call('ZADD', due_key, at, key)
  redis.call('HSET', payload_key, key, payload)
end
local function clear_job(due_key, payload_key, key)
  redis.call('ZREM', due_key, key)
  redis.call('HDEL', payload_key, key)
end
`;

const PUT = script(`
local current = redis.call('HGET', KEYS[2], ARGV[1])
if current then
  if ARGV[4] == 'ifAbsent' then return 0 end
  if tonumber(current) > tonumber(ARGV[2]) then return 0 end
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
`);

const CLAIM = script(`
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, key in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], key)
  out[#out + 1] = key
  out[#out + 1] = redis.call('HGET', KEYS[2], key) or '0'
end
return out
`);

const DONE = script(`
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[3]) and redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 1
end
return 0
`);

export class RedisJobQueue implements JobQueue {
  private readonly keys: { due: string; payloads: string };

  constructor(
    private readonly client: RedisClient,
    prefix: string,
  ) {
    this.keys = jobKeys(prefix);
  }

  async put(key: string, payload: number, at: number, mode: PutMode = 'replace'): Promise<void> {
    await runScript(this.client, PUT, [this.keys.due, this.keys.payloads], [key, String(payload), String(Math.round(at)), mode]);
  }

  async claim(now: number, leaseUntil: number, limit: number): Promise<ClaimedJob[]> {
    const lease = Math.round(leaseUntil);
    const flat = (await runScript(this.client, CLAIM, [this.keys.due, this.keys.payloads], [String(Math.floor(now)), String(lease), String(limit)])) as string[];
    const out: ClaimedJob[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ key: flat[i] as string, payload: Number(flat[i + 1]), lease });
    return out;
  }

  async done(job: ClaimedJob): Promise<void> {
    await runScript(this.client, DONE, [this.keys.due, this.keys.payloads], [job.key, String(job.payload), String(job.lease)]);
  }

  async dueAt(key: string): Promise<{ at: number; payload: number } | null> {
    const [at, payload] = await Promise.all([this.client.zScore(this.keys.due, key), this.client.hGet(this.keys.payloads, key)]);
    return at === null ? null : { at, payload: Number(payload ?? 0) };
  }
}
