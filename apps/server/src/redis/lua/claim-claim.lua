local at = redis.call('HGET', KEYS[2], ARGV[1])
if at then return {'playing', at} end
local who = claim_of(KEYS[1], ARGV[1])
if who then
  local queue, claim = string.match(who, '^(%S+) (%S+)$')
  if queue ~= ARGV[2] then return {'elsewhere', queue} end
  return {'claimed', claim}
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. ARGV[3])
return {'claimed', ARGV[3]}
