if redis.call('HGET', c, ARGV[1]) ~= ARGV[11] then
  if redis.call('ZSCORE', x, ARGV[1] .. ' ' .. ARGV[11]) then return {'taken'} end
  put(ARGV[1], ARGV[3], ARGV[4], ARGV[5], ARGV[10], ARGV[11])
  -- A leave noted for a claim no stored match holds any more is done with.
  local left = redis.call('HGET', l, ARGV[1])
  if left and redis.call('SISMEMBER', p, ARGV[1] .. ' ' .. left) == 0 then redis.call('HDEL', l, ARGV[1]) end
end
redis.call('HSETNX', rules_key, ARGV[2], ARGV[7])
redis.call('HSET', n, ARGV[2], ARGV[6])
return match_now('join', ARGV[2], tonumber(ARGV[4]), ARGV[8], ARGV[9])
