if redis.call('EXISTS', match_key) == 0 then return {'gone'} end
for _, x in ipairs(cjson.decode(ARGV[3])) do
  if redis.call('HGET', l, x[1]) ~= x[6] and redis.call('HEXISTS', c, x[1]) == 0 then put(x[1], x[2], x[3], x[4], x[5], x[6]) end
end
forget_left(redis.call('GET', match_key))
redis.call('DEL', match_key)
clear_job(due, payloads, 'm:' .. ARGV[2] .. ':' .. ARGV[1])
if ARGV[4] ~= 'later' then return match_now(ARGV[4], ARGV[1], tonumber(ARGV[5]), ARGV[2], ARGV[6]) end
local out = reply('none', '', ARGV[1], tonumber(ARGV[5]))
if out[4] ~= '' then
  set_job(due, payloads, 'q:' .. ARGV[1], '0', ARGV[5])
  out[6] = ARGV[5]
end
return out
