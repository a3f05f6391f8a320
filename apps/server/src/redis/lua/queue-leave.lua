local mine = ARGV[1] .. ' ' .. ARGV[3]
if redis.call('HGET', c, ARGV[1]) ~= ARGV[3] and redis.call('SISMEMBER', p, mine) == 1 then redis.call('HSET', l, ARGV[1], ARGV[3]) end
drop(ARGV[1])
return reply('left', '', ARGV[2], -math.huge)
