local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for i = 1, #due, 2 do
  local key = due[i]
  redis.call('ZADD', KEYS[1], ARGV[2], key)
  out[#out + 1] = key
  out[#out + 1] = redis.call('HGET', KEYS[2], key) or '0'
  out[#out + 1] = due[i + 1]
end
return out
