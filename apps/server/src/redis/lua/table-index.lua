-- The table's place in the phase indexes and the expiry index.
local function index_table(active, waiting, over, touched, id, phase, at)
  if phase == 'playing' then redis.call('SADD', active, id) else redis.call('SREM', active, id) end
  if phase == 'waiting' then redis.call('SADD', waiting, id) else redis.call('SREM', waiting, id) end
  if phase == 'over' then redis.call('SADD', over, id) else redis.call('SREM', over, id) end
  redis.call('ZADD', touched, at, id)
end
