local at = redis.call('HGET', KEYS[2], ARGV[1])
if at == ARGV[4] then return 1 end
local mine = redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] .. ' ' .. ARGV[3]
if at then
  -- At another game under way: out of the queue too.
  if mine then redis.call('HDEL', KEYS[1], ARGV[1]) end
  return 0
end
if not mine then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
return 1
