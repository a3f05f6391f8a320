local at = redis.call('ZSCORE', KEYS[7], ARGV[1])
if at and tonumber(at) > tonumber(ARGV[2]) then return 0 end
if (redis.call('HGET', KEYS[1], 'version') or '') ~= ARGV[3] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[8], ARGV[1])
redis.call('SREM', KEYS[9], ARGV[1])
redis.call('ZREM', KEYS[7], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
clear_job(KEYS[5], KEYS[6], 't:' .. ARGV[1])
for seat = 0, 3 do clear_job(KEYS[5], KEYS[6], 'a:' .. ARGV[1] .. ':' .. seat) end
local retention = tonumber(ARGV[4])
if tonumber(ARGV[6]) > 0 then
  redis.call('HSET', KEYS[10], 'rules', ARGV[5], 'games', ARGV[6])
  if retention > 0 then redis.call('PEXPIRE', KEYS[10], retention) end
end
for i = 11, #KEYS do
  if retention > 0 and redis.call('PTTL', KEYS[i]) == -1 then redis.call('PEXPIRE', KEYS[i], retention) end
end
return 1
