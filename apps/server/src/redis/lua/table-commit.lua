local current = redis.call('HGET', KEYS[1], 'version')
if current ~= ARGV[1] then return 0 end
local marked = redis.call('HGET', KEYS[1], 'marks')
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'seats', ARGV[3], 'phase', ARGV[4], 'game', ARGV[5], 'state', ARGV[6], 'control', ARGV[7], 'marks', ARGV[13])
if ARGV[8] ~= '' then
  redis.call('RPUSH', KEYS[2], ARGV[8])
  if tonumber(ARGV[15]) > 0 then redis.call('PEXPIRE', KEYS[2], ARGV[15]) end
end
if ARGV[16] ~= '' then
  redis.call('SET', KEYS[11], ARGV[16])
  if tonumber(ARGV[15]) > 0 then redis.call('PEXPIRE', KEYS[11], ARGV[15]) end
  set_job(KEYS[6], KEYS[7], 'g:' .. ARGV[9] .. ':' .. ARGV[5], ARGV[5], ARGV[17])
end
index_table(KEYS[3], KEYS[9], KEYS[10], KEYS[8], ARGV[9], ARGV[4], ARGV[14])
list_open(KEYS[4], KEYS[5], ARGV[9], ARGV[10], ARGV[11])
if ARGV[12] ~= '' then set_job(KEYS[6], KEYS[7], 't:' .. ARGV[9], ARGV[2], ARGV[12]) else clear_job(KEYS[6], KEYS[7], 't:' .. ARGV[9]) end
local changed = 0
if marked ~= ARGV[13] then changed = 1 end
local nodes = tonumber(redis.call('HGET', KEYS[1], 'nodes') or '0')
local elsewhere = 0
if nodes < 0 or nodes > redis.call('HEXISTS', KEYS[1], 'n:' .. ARGV[18]) then elsewhere = 1 end
return {1 + tonumber(redis.call('HGET', KEYS[1], 'watchers') or '0'), changed, elsewhere}
