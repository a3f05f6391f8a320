local who = claim_of(KEYS[1], ARGV[1])
if who then return who end
local at = redis.call('HGET', KEYS[2], ARGV[1])
if at then redis.call('HSET', KEYS[1], ARGV[1], '! ' .. at) else redis.call('HDEL', KEYS[1], ARGV[1]) end
return false
