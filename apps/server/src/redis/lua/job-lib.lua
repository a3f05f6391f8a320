-- Helpers for scripts that set or clear a job as part of their own change.
local function set_job(due_key, payload_key, key, payload, at)
  redis.call('ZADD', due_key, at, key)
  redis.call('HSET', payload_key, key, payload)
end
local function clear_job(due_key, payload_key, key)
  redis.call('ZREM', due_key, key)
  redis.call('HDEL', payload_key, key)
end
