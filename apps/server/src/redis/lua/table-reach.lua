if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HSETNX', KEYS[1], 'n:' .. ARGV[1], 1) == 1 and tonumber(redis.call('HGET', KEYS[1], 'nodes') or '0') >= 0 then
  redis.call('HINCRBY', KEYS[1], 'nodes', 1)
end
return 1
