if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if #KEYS >= 10 then
  redis.call('DEL', KEYS[10])
  for i = 15, #ARGV do redis.call('RPUSH', KEYS[10], ARGV[i]) end
  if #ARGV >= 15 and tonumber(ARGV[14]) > 0 then redis.call('PEXPIRE', KEYS[10], ARGV[14]) end
end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'meta', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6], 'control', ARGV[7], 'marks', ARGV[12])
if #KEYS >= 10 then redis.call('HSET', KEYS[1], 'nodes', -1) end
index_table(KEYS[2], KEYS[8], KEYS[9], KEYS[7], ARGV[8], ARGV[4], ARGV[13])
list_open(KEYS[3], KEYS[4], ARGV[8], ARGV[9], ARGV[10])
if ARGV[11] ~= '' then set_job(KEYS[5], KEYS[6], 't:' .. ARGV[8], ARGV[1], ARGV[11]) end
return 1
