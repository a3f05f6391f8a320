-- The table's place in its shard's open-tables list (an empty entry: not listed).
local function list_open(open, entries, id, entry, score)
  if entry ~= '' then
    redis.call('ZADD', open, score, id)
    redis.call('HSET', entries, id, entry)
  else
    redis.call('ZREM', open, id)
    redis.call('HDEL', entries, id)
  end
end
