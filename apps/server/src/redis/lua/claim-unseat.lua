if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[4] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
local who = redis.call('HGET', KEYS[1], ARGV[1])
if who == '! ' .. ARGV[4] then redis.call('HDEL', KEYS[1], ARGV[1]) end
if who then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. ARGV[3])
return 1
