local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1])
  return 1
end
if holder == ARGV[1] then return 2 end
return 0
