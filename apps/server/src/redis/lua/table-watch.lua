if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = redis.call('HINCRBY', KEYS[1], 'watchers', ARGV[1])
if n < 0 then redis.call('HSET', KEYS[1], 'watchers', 0) end
return n
