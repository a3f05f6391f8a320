local dropped = {}
for _, m in ipairs(cjson.decode(ARGV[2])) do
  if m[2] == 1 then
    redis.call('HSET', KEYS[1], m[1], ARGV[1])
    local who = claim_of(KEYS[2], m[1])
    if who then
      redis.call('HDEL', KEYS[2], m[1])
      dropped[#dropped + 1] = m[1]
      dropped[#dropped + 1] = who
    end
  elseif redis.call('HGET', KEYS[1], m[1]) == ARGV[1] then
    redis.call('HDEL', KEYS[1], m[1])
    -- A leave's mark (HOLD) lasts as long as the seat it was made at.
    if redis.call('HGET', KEYS[2], m[1]) == '! ' .. ARGV[1] then redis.call('HDEL', KEYS[2], m[1]) end
  end
end
return dropped
