local current = redis.call('HGET', KEYS[2], ARGV[1])
if current then
  if ARGV[4] == 'ifAbsent' then return 0 end
  if tonumber(current) > tonumber(ARGV[2]) then return 0 end
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
