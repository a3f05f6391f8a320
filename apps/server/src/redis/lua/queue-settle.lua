local match = redis.call('GET', match_key)
if match then forget_left(match) end
redis.call('DEL', match_key)
clear_job(due, payloads, ARGV[1])
return 1
